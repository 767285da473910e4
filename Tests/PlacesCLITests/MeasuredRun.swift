import Foundation
import Testing

extension CLI {
    /// What a run printed, and the most memory it held at once (its peak resident set).
    struct MeasuredOutput {
        let output: Output
        let peakMemoryBytes: Int
    }

    /// A Python to start `places` from, when there is one.
    static let python: URL? = ["/usr/bin/python3", "/usr/local/bin/python3", "/bin/python3"].map(URL.init(fileURLWithPath:))
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }

    /// Starts `places` as its child and writes that child's peak resident set (getrusage of the
    /// children it waited for: `places` alone) to PLACES_PEAK_FILE, in kilobytes.
    static let peakScript = """
        import os, resource, subprocess, sys
        status = subprocess.run(sys.argv[1:]).returncode
        with open(os.environ["PLACES_PEAK_FILE"], "w") as peak:
            peak.write(str(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss))
        sys.exit(status if status >= 0 else 128 - status)
        """

    /// Runs `places ARGUMENTS` as ``run(_:environment:in:stdout:stdin:binary:)`` does, and measures its
    /// peak memory. Not with wait4 on a process this test process starts: Linux carries the high-water
    /// mark of the memory a process had before it called exec into its usage, and a process started
    /// here begins as this test process (vfork), so every run would measure the whole test process.
    /// A small Python in between starts `places` from its own few megabytes and reports on it alone.
    static func runMeasured(_ arguments: [String], environment extra: [String: String] = [:]) async throws -> MeasuredOutput {
        let python = try #require(Self.python, "no python3 to measure memory with")
        let peakFile = FileManager.default.temporaryDirectory.appendingPathComponent("places-peak-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: peakFile) }
        let output = try await run(
            ["-c", peakScript, executable.path] + arguments, environment: extra.merging(["PLACES_PEAK_FILE": peakFile.path]) { $1 },
            binary: python)
        let kilobytes = Int(try String(contentsOf: peakFile, encoding: .utf8)) ?? 0
        return MeasuredOutput(output: output, peakMemoryBytes: kilobytes * 1024)
    }
}
