public import Foundation

/// A child process run to its end by a test, without holding a thread while it runs: its output
/// goes to files in a folder of its own, and the termination handler resumes the waiting task. On
/// a loaded machine with many tests in parallel, a blocking wait or pipe read per child ties up
/// the cooperative pool (a 17-minute hang once). Shared by every suite that starts a child.
public enum ChildProcess {
    /// What a child did.
    public struct Outcome: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
        /// From the start to where the child ended (read in its termination handler, not after
        /// the waiting task got a thread again).
        public var elapsed: Duration
    }

    /// Runs `executable` with `arguments` and exactly `environment`, and waits for it.
    /// - Parameters:
    ///   - directory: its working folder (the test process's when nil).
    ///   - stdin: bytes fed to its standard input (else /dev/null).
    ///   - stdout: a file its standard output goes to instead of being captured (such as /dev/full).
    public static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String], directory: URL? = nil, stdin: Data? = nil,
        stdout: URL? = nil
    ) async throws -> Outcome {
        let outputs = FileManager.default.temporaryDirectory.appendingPathComponent("places-child-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: outputs, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: outputs) }
        let outURL = outputs.appendingPathComponent("stdout")
        let errURL = outputs.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        if let directory { process.currentDirectoryURL = directory }
        let output = try FileHandle(forWritingTo: stdout ?? outURL)
        let errors = try FileHandle(forWritingTo: errURL)
        var input: FileHandle?
        if let stdin {
            let inURL = outputs.appendingPathComponent("stdin")
            try stdin.write(to: inURL)
            input = try FileHandle(forReadingFrom: inURL)
        }
        // The parent's copies are closed here once the child has them: Foundation's Process keeps
        // them open past the child's end, and every child left two descriptors behind (1,466 by
        // the end of the process suites, which PostgreSQL and Process.run then tripped over).
        defer {
            try? output.close()
            try? errors.close()
            try? input?.close()
        }
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = input ?? FileHandle.nullDevice
        let started = ContinuousClock.now
        let ended = EndTime()
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            process.terminationHandler = { _ in
                ended.instant = ContinuousClock.now
                continuation.resume()
            }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        return Outcome(
            status: process.terminationStatus, stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self), elapsed: (ended.instant ?? ContinuousClock.now) - started)
    }
}

/// When a process ended, written by its termination handler before it resumes the waiting task
/// (which orders the write before the read).
private final class EndTime: @unchecked Sendable {
    var instant: ContinuousClock.Instant?
}
