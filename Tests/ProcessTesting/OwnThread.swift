public import Foundation

/// Runs blocking work (a wait on a child, a socket read, a poll for progress) on a thread of its
/// own, never on one of the cooperative pool's threads. There are as many of those as cores, two
/// here: in stop 38's CI a test waited on one for the 208 s that `install.sh` spent building
/// generate-manual in the clean clone, a second wait took the other, and eighteen tests that had
/// nothing to do with either ran out of time.
public func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}

extension ChildProcess {
    /// Waits for a child started elsewhere (one a test signals, or talks to while it runs) to end,
    /// on a thread of its own.
    public static func exit(of process: Process) async {
        let child = UncheckedProcess(process)
        _ = try? await onThread { child.process.waitUntilExit() }
    }
}

/// A `Process` handed to a thread that waits on it or watches it: `waitUntilExit()` and
/// `isRunning` only read the state Foundation guards itself.
public struct UncheckedProcess: @unchecked Sendable {
    public let process: Process
    public init(_ process: Process) { self.process = process }
}
