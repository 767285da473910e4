import Dispatch

extension Collection where Index == Int, Self: Sendable {
    /// `transform` of each element, run on as many threads as there are elements (up to the
    /// cores), in their order.
    func concurrentMap<T: Sendable>(_ transform: @Sendable (Element) -> T) -> [T] {
        let slots = Slots<T>(count: count)
        let first = startIndex
        DispatchQueue.concurrentPerform(iterations: count) { number in
            slots.put(transform(self[first + number]), at: number)
        }
        return slots.taken()
    }
}

/// One slot per result, each written by one thread: an array written from several threads at
/// once would be a data race (and trips Swift's exclusivity check).
private final class Slots<T>: @unchecked Sendable {
    private let buffer: UnsafeMutableBufferPointer<T?>

    init(count: Int) {
        buffer = .allocate(capacity: count)
        buffer.initialize(repeating: nil)
    }

    func put(_ value: T, at slot: Int) { buffer[slot] = value }

    /// The results in their order, once every slot is written.
    func taken() -> [T] { buffer.compactMap { $0 } }

    deinit {
        buffer.deinitialize()
        buffer.deallocate()
    }
}
