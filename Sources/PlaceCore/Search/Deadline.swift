import Synchronization

/// The operation did not finish within its deadline.
public struct DeadlineExceeded: Error, Sendable, Equatable {
    /// The time the operation was given.
    public let deadline: Duration

    /// Makes the error for an operation that was given `deadline`.
    public init(deadline: Duration) { self.deadline = deadline }

    /// The deadline for a message: "500 ms" under a second, "10 s" in whole seconds, else "2.5 s".
    public var formattedDeadline: String {
        let seconds = Double(deadline.components.seconds) + Double(deadline.components.attoseconds) / 1e18
        return seconds < 1 ? "\(Int(seconds * 1000)) ms" : seconds.rounded() == seconds ? "\(Int(seconds)) s" : "\(seconds) s"
    }
}

/// Runs `operation`, giving up after `deadline`.
///
/// The answer comes at the deadline even when the operation ignores cancellation: a task group
/// would wait for its child to finish, so a provider stuck in a library call could hold every
/// other provider's answers hostage. Here the operation runs in its own task, is cancelled at
/// the deadline, and is left to wind down on its own.
/// - Throws: ``DeadlineExceeded`` when time runs out; the operation's own error otherwise.
public func withDeadline<T: Sendable>(
    _ deadline: Duration, operation: @escaping @Sendable () async throws -> T
) async throws -> T {
    let race = DeadlineRace<T>()
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            guard race.install(continuation) else { return }
            let work = Task {
                do {
                    race.finish(.success(try await operation()))
                } catch {
                    race.finish(.failure(error))
                }
            }
            let timer = Task {
                do {
                    try await Task.sleep(for: deadline)
                    race.finish(.failure(DeadlineExceeded(deadline: deadline)))
                } catch {
                    // Cancelled because the work finished first.
                }
            }
            race.track([work, timer])
        }
    } onCancel: {
        race.finish(.failure(CancellationError()))
    }
}

/// The first of work, timer and cancellation to finish resumes the caller; the others are cancelled.
private final class DeadlineRace<T: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<T, any Error>?
        var tasks: [Task<Void, Never>] = []
        var finished = false
        var pendingResult: Result<T, any Error>?
    }

    private let state = Mutex(State())

    /// Returns false when the race was already decided (cancelled before it started).
    func install(_ continuation: CheckedContinuation<T, any Error>) -> Bool {
        let early: Result<T, any Error>? = state.withLock { state in
            if state.finished { return state.pendingResult }
            state.continuation = continuation
            return nil
        }
        if let early {
            continuation.resume(with: early)
            return false
        }
        return true
    }

    func track(_ tasks: [Task<Void, Never>]) {
        let alreadyFinished = state.withLock { state in
            state.tasks = tasks
            return state.finished
        }
        if alreadyFinished { tasks.forEach { $0.cancel() } }
    }

    func finish(_ result: Result<T, any Error>) {
        let (continuation, tasks): (CheckedContinuation<T, any Error>?, [Task<Void, Never>]) = state.withLock { state in
            guard !state.finished else { return (nil, []) }
            state.finished = true
            if state.continuation == nil { state.pendingResult = result }
            defer { state.continuation = nil }
            return (state.continuation, state.tasks)
        }
        tasks.forEach { $0.cancel() }
        continuation?.resume(with: result)
    }
}
