import Foundation
import Synchronization

/// Runs a plugin executable once: writes its input, reads at most ``outputLimit`` bytes of its
/// output, passes its stderr on line by line, and kills it when the task is cancelled (a deadline)
/// or its output grows past the limit. Nothing it does can block or flood `places`.
struct PluginProcess: Sendable {
    /// What came back.
    struct Result: Sendable {
        let status: Int32
        let output: Data
    }

    enum Failure: Error, Sendable, CustomStringConvertible {
        case cannotStart(String)
        case tooMuchOutput(Int)
        case killed

        var description: String {
            switch self {
            case .cannotStart(let why): "cannot be started: \(why)"
            case .tooMuchOutput(let limit): "wrote more than \(limit / 1_000_000) MB; it was stopped"
            case .killed: "was stopped at the deadline"
            }
        }
    }

    let executable: URL
    /// 10 MB: far more than any answer of a few hundred places, far less than memory.
    var outputLimit = 10_000_000

    /// Runs `EXE argument` with `input` on stdin.
    /// - Parameter stderrLine: each line the plugin writes to stderr.
    func run(_ argument: String, input: Data, stderrLine: @escaping @Sendable (String) -> Void) async throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = [argument]
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        let state = RunState()
        let limit = outputLimit
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Result, any Error>) in
                state.waiting(continuation)
                process.terminationHandler = { finished in
                    // The readers finish once the pipes close; the answer is whole only after both did.
                    state.finish(status: finished.terminationStatus, continuation: continuation)
                }
                do {
                    try process.run()
                } catch {
                    continuation.resume(throwing: Failure.cannotStart(error.localizedDescription))
                    return
                }
                state.started(process)
                let reader = Thread {
                    let handle = stdout.fileHandleForReading
                    while true {
                        let chunk = handle.availableData
                        if chunk.isEmpty { break }
                        if !state.append(chunk, limit: limit) {
                            state.kill(because: .tooMuchOutput(limit))
                            break
                        }
                    }
                    state.outputClosed(continuation: continuation)
                }
                reader.start()
                let errorReader = Thread {
                    var pending = Data()
                    let handle = stderr.fileHandleForReading
                    while true {
                        let chunk = handle.availableData
                        if chunk.isEmpty { break }
                        pending.append(chunk)
                        while let newline = pending.firstIndex(of: 0x0A) {
                            let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                            pending.removeSubrange(pending.startIndex...newline)
                            if !line.trimmingCharacters(in: .whitespaces).isEmpty { stderrLine(String(line.prefix(500))) }
                        }
                        if pending.count > 64_000 { pending.removeAll() }
                    }
                    if !pending.isEmpty { stderrLine(String(decoding: pending.prefix(500), as: UTF8.self)) }
                }
                errorReader.start()
                // Input is small (one request); a plugin that never reads it must not block us.
                let writer = Thread {
                    try? stdin.fileHandleForWriting.write(contentsOf: input)
                    try? stdin.fileHandleForWriting.close()
                }
                writer.start()
            }
        } onCancel: {
            state.kill(because: .killed)
        }
    }
}

/// What one run has gathered, shared by its reader threads and the termination handler.
private final class RunState: @unchecked Sendable {
    private let lock = Mutex<Gathered>(Gathered())

    private struct Gathered {
        var process: Process?
        var output = Data()
        var status: Int32?
        var outputDone = false
        var failure: PluginProcess.Failure?
        var resumed = false
        var cancelledEarly = false
        var continuation: CheckedContinuation<PluginProcess.Result, any Error>?
    }

    func waiting(_ continuation: CheckedContinuation<PluginProcess.Result, any Error>) {
        lock.withLock { $0.continuation = continuation }
    }

    func started(_ process: Process) {
        let cancelled = lock.withLock { state -> Bool in
            state.process = process
            return state.cancelledEarly
        }
        if cancelled { Self.terminate(process) }
    }

    /// False when the output would pass `limit`.
    func append(_ chunk: Data, limit: Int) -> Bool {
        lock.withLock { state in
            guard state.output.count + chunk.count <= limit else { return false }
            state.output.append(chunk)
            return true
        }
    }

    /// Stops the plugin and answers at once: a child of the plugin that still holds its output
    /// open must not keep the caller waiting.
    func kill(because failure: PluginProcess.Failure) {
        let (process, continuation) = lock.withLock { state -> (Process?, CheckedContinuation<PluginProcess.Result, any Error>?) in
            if state.failure == nil { state.failure = failure }
            if state.process == nil { state.cancelledEarly = true }
            return (state.process, state.continuation)
        }
        if let process { Self.terminate(process) }
        if let continuation { resume(continuation) }
    }

    /// Kills the plugin's whole process group: Foundation starts a child as the leader of a group of
    /// its own, so whatever a plugin script started (`sleep`, a database client) goes with it and no
    /// orphan keeps running, or holding the output open, after the deadline. The group outlives a
    /// leader that already exited while its children run, so it is killed even then.
    private static func terminate(_ process: Process) {
        let pid = process.processIdentifier
        guard pid > 0 else { return }
        if Foundation.kill(-pid, SIGKILL) != 0, process.isRunning {
            // Not a group leader after all (a Foundation that does not start one): the plugin alone.
            Foundation.kill(pid, SIGKILL)
        }
    }

    func finish(status: Int32, continuation: CheckedContinuation<PluginProcess.Result, any Error>) {
        let ready = lock.withLock { state -> Bool in
            state.status = status
            return state.outputDone
        }
        if ready { resume(continuation) }
    }

    func outputClosed(continuation: CheckedContinuation<PluginProcess.Result, any Error>) {
        let ready = lock.withLock { state -> Bool in
            state.outputDone = true
            return state.status != nil
        }
        if ready { resume(continuation) }
    }

    private func resume(_ continuation: CheckedContinuation<PluginProcess.Result, any Error>) {
        let outcome = lock.withLock { state -> Result<PluginProcess.Result, any Error>? in
            guard !state.resumed else { return nil }
            state.resumed = true
            if let failure = state.failure { return .failure(failure) }
            return .success(PluginProcess.Result(status: state.status ?? -1, output: state.output))
        }
        if let outcome { continuation.resume(with: outcome) }
    }
}
