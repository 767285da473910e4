public import Foundation

extension ChildProcess {
    /// Compresses `file` with the system's gzip into `destination`: into a file, not a pipe, since
    /// a child another test starts at the same moment can inherit a pipe's end, and reading to its
    /// end then waits for that child.
    public static func gzip(_ file: URL, to destination: URL) async throws {
        let gzip = try await run(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "gzip -c \"$0\" > \"$1\"", file.path, destination.path],
            environment: ProcessInfo.processInfo.environment)
        guard gzip.status == 0 else { throw Failure(description: "gzip \(file.path) exited \(gzip.status): \(gzip.stderr)") }
    }

    /// A child that did not do what a test needed of it.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }
}
