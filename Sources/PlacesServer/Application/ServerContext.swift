public import Hummingbird
public import HummingbirdWebSocket
public import NIOCore
public import PlaceCore
import Synchronization

/// What a request carries through the middlewares to its handler: who sent it (the account its
/// token belongs to; nil for an anonymous request to an open endpoint) and from where.
public struct ServerContext: RequestContext, WebSocketRequestContext {
    /// Hummingbird's per-request storage: the logger, the endpoint path and the path parameters.
    public var coreContext: CoreRequestContextStorage
    /// Where the WebSocket router leaves the handler of the route it matched, for the upgrade.
    public let webSocket: WebSocketHandlerReference<ServerContext>
    /// The account of the request's token, once the authentication middleware found it.
    public var account: Account?
    /// The hash of the request's token: its rate-limit bucket.
    var tokenHash: String?
    /// The peer's address, for rate-limiting anonymous requests.
    public let remoteAddress: SocketAddress?
    /// The connection, so that a request whose body is refused unread can close it.
    let channel: any Channel
    /// A walk planned before a WebSocket upgrade, for the handler after it.
    let followPlan = PlanBox()
    /// Who the request turned out to be from, for its log line (written by the outermost
    /// middleware, which sees the context as it was before authentication).
    let caller = Caller()

    /// The context of a new request, with the peer's address and the connection from `source`; no account yet.
    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        webSocket = .init()
        remoteAddress = source.channel.remoteAddress
        channel = source.channel
    }

    /// Bodies are read by ``BodyReader`` under the server's own limit; this only bounds what
    /// Hummingbird's own decoding would collect.
    public var maxUploadSize: Int { 64 * 1024 }
}

/// The account a request was found to come from, shared by every copy of its context.
final class Caller: Sendable {
    private let name = Mutex<String?>(nil)

    func set(_ account: Account) { name.withLock { $0 = account.name } }

    var accountName: String? { name.withLock { $0 } }
}
