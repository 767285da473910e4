import Foundation
import Synchronization
import Tracking

/// Every fix of one followed walk, with the time our clock saw it arrive: the evidence the points'
/// checks judge. Filled by the stream of fixes as they are read, read by the ledger at arrival.
final class WalkWitness: Sendable {
    private let clock: @Sendable () -> Date
    private let seen = Mutex<[WitnessedFix]>([])

    init(clock: @escaping @Sendable () -> Date) { self.clock = clock }

    /// Notes `item` as arrived now, when it is a fix.
    func saw(_ item: TraceItem) {
        guard case .fix(let fix) = item else { return }
        let now = clock()
        seen.withLock { $0.append(WitnessedFix(fix: fix, receivedAt: now)) }
    }

    var fixes: [WitnessedFix] { seen.withLock { $0 } }
}

/// Trace items on their way to the follow flow, each noted by the witness as it is handed on.
struct WitnessedItems<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable where Base.Element == TraceItem {
    typealias Element = TraceItem
    let base: Base
    let witness: WalkWitness

    struct Iterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        let witness: WalkWitness

        mutating func next() async throws -> TraceItem? {
            guard let item = try await base.next() else { return nil }
            witness.saw(item)
            return item
        }
    }

    func makeAsyncIterator() -> Iterator { Iterator(base: base.makeAsyncIterator(), witness: witness) }
}
