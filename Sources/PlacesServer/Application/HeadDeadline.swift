import HummingbirdCore
import Logging
import NIOCore

/// A connection must finish its first request head within the idle timeout. Hummingbird's idle
/// timeout starts once a head has been read (with WebSocket upgrades on, the HTTP handlers are set
/// up only then), so without this a client sending half a head and nothing more would hold a
/// connection for ever. Later heads and bodies are under Hummingbird's own idle timeout. A stop
/// closes such a connection at once.
struct HeadDeadlineChannel<Inner: ServerChildChannel>: ServerChildChannel {
    typealias Value = Inner.Value
    let inner: Inner
    let timeout: TimeAmount

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        do {
            try channel.pipeline.syncOperations.addHandler(FirstHeadDeadline(timeout: timeout), position: .first)
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        return inner.setup(channel: channel, logger: logger)
    }

    func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}

/// Closes the connection unless the end of a head (an empty line) arrives within `timeout`; once
/// it has, steps out of the pipeline.
final class FirstHeadDeadline: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let timeout: TimeAmount
    private var timer: Scheduled<Void>?
    /// The last bytes seen, so that an empty line split across two reads is found.
    private var tail: [UInt8] = []

    init(timeout: TimeAmount) { self.timeout = timeout }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { arm(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        arm(context)
        context.fireChannelActive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
    }

    private func arm(_ context: ChannelHandlerContext) {
        guard timer == nil else { return }
        let loop = context.eventLoop.assumeIsolated()
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        timer = loop.scheduleTask(in: timeout) { bound.value.close(promise: nil) }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        let bytes = tail + buffer.readableBytesView
        if Self.containsEmptyLine(bytes) {
            timer?.cancel()
            timer = nil
            context.fireChannelRead(data)
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
            return
        }
        tail = Array(bytes.suffix(3))
        context.fireChannelRead(data)
    }

    /// The server is stopping: a connection still without a whole request head has nothing in
    /// flight to finish, and would otherwise hold the stop (the upgrade negotiation behind this
    /// handler waits for a head, and does not hear the quiesce event or cancellation).
    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is ChannelShouldQuiesceEvent {
            context.close(promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    static func containsEmptyLine(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 2 else { return false }
        for index in 1..<bytes.count where bytes[index] == 0x0A {
            if bytes[index - 1] == 0x0A { return true }
            if index >= 3, bytes[index - 1] == 0x0D, bytes[index - 2] == 0x0A, bytes[index - 3] == 0x0D { return true }
        }
        return false
    }
}

@available(*, unavailable)
extension FirstHeadDeadline: Sendable {}
