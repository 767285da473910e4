import Foundation
import Synchronization
import Testing

@testable import PlaceStorePostgres

/// Every database operation is bounded: what it gives or the bound's failure, whichever comes
/// first, without waiting for an operation that does not end when cancelled (as a request for a
/// connection parked in PostgresNIO's pool may not). No server is needed.
@Suite(.timeLimit(.minutes(10))) struct OperationBoundTests {
    struct Bound: Error, Equatable {}

    /// A wait that ignores cancellation, ended by the test (before or after it begins).
    final class Parked: Sendable {
        let state = Mutex<(waiter: CheckedContinuation<Void, Never>?, released: Bool)>((nil, false))
        func wait() async {
            await withCheckedContinuation { waiter in
                let go = state.withLock { state in
                    if state.released { return true }
                    state.waiter = waiter
                    return false
                }
                if go { waiter.resume() }
            }
        }
        func release() {
            let waiter = state.withLock { state in
                state.released = true
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume()
        }
    }

    @Test func theBoundAnswersWhileAnOperationThatIgnoresCancellationStillWaits() async throws {
        let parked = Parked()
        let started = Mutex(false)
        await #expect(throws: Bound.self) {
            try await PostgresStore.first(
                of: {
                    started.withLock { $0 = true }
                    await parked.wait()
                    return 1
                },
                orFailure: {
                    // Once the operation is under way (a signal, not a timer).
                    while !started.withLock({ $0 }) { await Task.yield() }
                    throw Bound()
                })
        }
        // Still parked: the answer did not wait for it. Let it go, so that nothing leaks.
        parked.release()
    }

    @Test func anOperationThatAnswersFirstIsTheAnswer() async throws {
        let answer = try await PostgresStore.first(
            of: { 42 },
            orFailure: {
                try await Task.sleep(for: .seconds(3600))
                throw Bound()
            })
        #expect(answer == 42)
    }

    @Test func theOperationsOwnFailureIsThrown() async throws {
        await #expect(throws: Bound.self) {
            try await PostgresStore.first(
                of: { () async throws -> Int in throw Bound() },
                orFailure: {
                    try await Task.sleep(for: .seconds(3600)); throw CancellationError()
                })
        }
    }
}
