/// A trace source as an `AsyncSequence` of its items, for the flows that await between fixes
/// (following a walk asks for routes). Each item is read when it is asked for, so a trace of any
/// length stays in bounded memory, and a live stream (gpsd on stdin) yields each fix as it arrives.
///
/// The read itself blocks the task while the source waits for input: meant for a command that
/// does nothing else meanwhile, not for a server's shared executor (which has its fixes already).
public struct TraceItems: AsyncSequence, Sendable {
    public typealias Element = TraceItem
    public typealias Failure = any Error

    private let box: SourceBox

    public init(_ source: any TraceSource) { box = SourceBox(source) }

    public func makeAsyncIterator() -> Iterator { Iterator(box: box) }

    public struct Iterator: AsyncIteratorProtocol {
        fileprivate let box: SourceBox

        public mutating func next() async throws -> TraceItem? {
            try Task.checkCancellation()
            return try box.next()
        }
    }
}

/// The source, read by one iterator at a time.
private final class SourceBox: @unchecked Sendable {
    private var source: any TraceSource

    init(_ source: any TraceSource) { self.source = source }

    func next() throws(TraceError) -> TraceItem? { try source.next() }
}
