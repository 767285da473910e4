import HTTPTypes
import Hummingbird
import NIOCore

/// Request bodies under the server's limits: a body larger than the limit is refused with 413
/// before (or as soon as) it is seen to be, and is not read on, so memory stays bounded whatever a
/// client sends; a body that takes longer than the body timeout to arrive is refused with 408.
/// Either way the connection is closed after the answer, so the rest is never read.
struct BodyReader {
    let limit: Int
    let timeout: Duration

    init(settings: ServerSettings) {
        limit = settings.maximumBodyBytes
        timeout = settings.bodyTimeout
    }

    /// The whole body.
    func collect(_ request: Request, context: ServerContext) async throws -> ByteBuffer {
        try refuseDeclaredOversize(request, context: context)
        let started = ContinuousClock.now
        var collected = ByteBuffer()
        for try await var chunk in request.body {
            guard collected.readableBytes + chunk.readableBytes <= limit else { throw tooLarge(context) }
            collected.writeBuffer(&chunk)
            try checkTime(since: started, context: context)
        }
        return collected
    }

    /// A body whose Content-Length is over the limit, refused before a byte of it is read.
    func refuseDeclaredOversize(_ request: Request, context: ServerContext) throws {
        if let declared = request.headers[.contentLength].flatMap({ Int($0) }), declared > limit { throw tooLarge(context) }
    }

    /// A body still arriving after the body timeout: a slow client cannot hold a handler. (Silence
    /// between chunks is cut by the connection's idle timeout, so this is checked as chunks come.)
    func checkTime(since started: ContinuousClock.Instant, context: ServerContext) throws {
        guard ContinuousClock.now - started <= timeout else {
            closeAfterAnswer(context)
            throw Problem(
                .requestTimeout, "timeout", "the request body took longer than \(timeout.secondsText) to arrive; send it faster or in smaller parts",
                headers: [.connection: "close"])
        }
    }

    func tooLarge(_ context: ServerContext) -> Problem {
        closeAfterAnswer(context)
        return Problem(
            .contentTooLarge, "too-large", "the request body is larger than \(Self.size(limit)), the largest this server reads",
            remedy: "send a shorter trace, or ask the server's operator for a larger max-body", headers: [.connection: "close"])
    }

    /// Stops reading the connection: the answer is still written, then the connection ends, and the
    /// unread rest of the body is never taken in.
    private func closeAfterAnswer(_ context: ServerContext) {
        context.channel.close(mode: .input, promise: nil)
    }

    static func size(_ bytes: Int) -> String {
        if bytes >= 1 << 30, bytes % (1 << 30) == 0 { return "\(bytes >> 30) GiB" }
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}

extension Duration {
    /// `30 s`, `1.5 s`.
    var secondsText: String {
        let seconds = Double(components.seconds) + Double(components.attoseconds) / 1e18
        return seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
    }
}
