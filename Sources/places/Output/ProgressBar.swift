import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A one-line progress bar on stderr, drawn only when stderr is a terminal (a script's log gets
/// nothing), redrawn at most ten times a second, and erased when done.
final class ProgressBar: Sendable {
    private let label: String
    private let enabled: Bool
    private let state = Mutex<(lastDraw: ContinuousClock.Instant?, lastPercent: Int)>((nil, -1))

    init(label: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.label = label
        enabled = isatty(STDERR_FILENO) == 1 && environment["TERM"] != "dumb" && environment["PLACES_NO_PROGRESS"] == nil
    }

    func update(done: Int, total: Int) {
        guard enabled, total > 0 else { return }
        let percent = min(100, Int(Double(done) / Double(total) * 100))
        let now = ContinuousClock.now
        let draw = state.withLock { state -> Bool in
            guard percent != state.lastPercent else { return false }
            if let last = state.lastDraw, now - last < .milliseconds(100), percent < 100 { return false }
            state = (now, percent)
            return true
        }
        guard draw else { return }
        let width = 30
        let filled = percent * width / 100
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        write("\r\(label) \(bar) \(String(format: "%3d", percent)) %")
    }

    /// Leaves the line clean for what comes next.
    func finish() {
        guard enabled, state.withLock({ $0.lastDraw != nil }) else { return }
        write("\r\u{1B}[2K")
    }

    private func write(_ text: String) {
        try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
    }
}

/// One bar per file being read, each erased when the next begins or the import ends.
final class ProgressBars: Sendable {
    private let current = Mutex<ProgressBar?>(nil)

    func bar(for file: String) -> ProgressBar {
        let bar = ProgressBar(label: "Reading \(URL(fileURLWithPath: file).lastPathComponent)")
        current.withLock { previous in
            previous?.finish()
            previous = bar
        }
        return bar
    }

    func finish() { current.withLock { $0?.finish() } }
}
