import Hummingbird
import Tracking

/// A request body of NDJSON fixes or gpsd reports as trace items, each yielded as soon as its line
/// is in: a walk streamed while it is walked. Bounded like every body: more than the body limit,
/// or a walk longer than the longest one, ends it with a problem.
struct BodyTraceItems: AsyncSequence, Sendable {
    typealias Element = TraceItem
    typealias Failure = any Error

    let body: RequestBody
    let limit: Int
    let longest: Duration

    struct Iterator: AsyncIteratorProtocol {
        var body: RequestBody.AsyncIterator
        let limit: Int
        let deadline: ContinuousClock.Instant
        var decoder = TraceLineDecoder()
        var pending: [TraceItem] = []
        var read = 0
        var ended = false

        mutating func next() async throws -> TraceItem? {
            while pending.isEmpty {
                if ended { return nil }
                guard let chunk = try await body.next() else {
                    ended = true
                    pending = decoder.finish()
                    continue
                }
                read += chunk.readableBytes
                guard read <= limit else {
                    throw Problem(.contentTooLarge, "too-large", "the walk sent more than \(BodyReader.size(limit)); end it and start another")
                }
                guard ContinuousClock.now <= deadline else {
                    throw Problem(.requestTimeout, "timeout", "the walk went on longer than the longest this server follows; start another")
                }
                pending = decoder.feed(chunk.readableBytesView)
            }
            return pending.removeFirst()
        }
    }

    func makeAsyncIterator() -> Iterator {
        Iterator(body: body.makeAsyncIterator(), limit: limit, deadline: .now + longest)
    }
}
