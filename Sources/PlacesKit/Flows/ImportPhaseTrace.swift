import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// With `PLACES_IMPORT_TRACE=1`, one stderr line per import step as it ends: its wall and CPU
/// time, the resident memory at its end and its peak. A country's import is judged by where its
/// time and memory go (Benchmarks/country-scale.sh), and a profiler's view of a 4 GB process is
/// slow to get; these lines cost nothing when the variable is unset.
final class ImportPhaseTrace: @unchecked Sendable {
    private let lock = NSLock()
    private var step: String?
    private var started = ContinuousClock.now
    private var cpuAtStart = 0.0

    /// Nil unless the environment asks for it.
    static func fromEnvironment() -> ImportPhaseTrace? {
        ProcessInfo.processInfo.environment["PLACES_IMPORT_TRACE"].map { _ in ImportPhaseTrace() }
    }

    /// Called with every progress report: a new step ends the one before.
    func note(_ name: String) {
        lock.lock()
        defer { lock.unlock() }
        guard name != step else { return }
        finishStep()
        step = name
        started = .now
        cpuAtStart = Self.cpuSeconds()
        // Linux: "5" resets the peak (VmHWM) to the current size, so each step gets its own peak.
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    }

    /// Ends the last step.
    func finish() {
        lock.lock()
        defer { lock.unlock() }
        finishStep()
        step = nil
    }

    private func finishStep() {
        guard let step else { return }
        let wall = (ContinuousClock.now - started).seconds
        let cpu = Self.cpuSeconds() - cpuAtStart
        let memory = Self.memory()
        let line = String(
            format: "trace: %-13@ wall %7.2f s  cpu %7.2f s  rss %6d MB  anon %6d MB  peak %6d MB\n", step as NSString, wall, cpu,
            memory.resident, memory.anonymous, memory.peak)
        FileHandle.standardError.write(Data(line.utf8))
    }

    /// User and system time of the whole process, every thread.
    private static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        let system = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        return user + system
    }

    /// VmRSS, RssAnon and VmHWM from /proc/self/status, in MB (zeros where there is no /proc).
    /// Anonymous memory is what the process itself holds; the rest of the resident size is files'
    /// pages (the extract, the spilled places) that the system takes back when it needs room.
    private static func memory() -> (resident: Int, anonymous: Int, peak: Int) {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return (0, 0, 0) }
        func field(_ name: String) -> Int {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }) else { return 0 }
            return (Int(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "") ?? 0) / 1024
        }
        return (field("VmRSS"), field("RssAnon"), field("VmHWM"))
    }
}
