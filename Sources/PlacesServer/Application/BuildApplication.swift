public import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import NIOCore
public import Logging
public import PlaceStore
public import PlacesKit

/// Everything the server is built from: the front door (made from the same settings and providers
/// as the CLI), the store it holds open, how it runs, and where its log lines go.
public struct ServerParts: Sendable {
    /// The front door the endpoints call, made from the same settings and providers as the CLI.
    public var service: PlacesService
    /// The embedded store the server holds open: where imported places are looked up when no shared database holds them.
    public var store: SQLitePlaceStore
    /// What several instances may share: accounts, tokens, favourites, points. The embedded
    /// `store` unless given (`--database`).
    public var shared: any SharedStore
    /// The imported places of the database given (`--database`), which searches and reverse
    /// lookups read; nil on the embedded store, whose file the service reads itself.
    public var sharedImports: (any SharedImportStore)?
    /// Where the server listens, who may ask what, and its limits.
    public var settings: ServerSettings
    /// Where the server's log lines go.
    public var logger: Logger
    /// Called with the port once the server listens (port 0 picks a free one).
    public var onRunning: @Sendable (Int) async -> Void

    /// Parts for a server. Without `shared`, the embedded `store` is shared; a `shared` store that also holds imported places
    /// becomes ``sharedImports``.
    public init(
        service: PlacesService, store: SQLitePlaceStore, shared: (any SharedStore)? = nil, settings: ServerSettings, logger: Logger,
        onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) {
        self.service = service
        self.store = store
        self.shared = shared ?? store
        sharedImports = shared.flatMap { $0 as? any SharedImportStore }
        self.settings = settings
        self.logger = logger
        self.onRunning = onRunning
    }
}

/// The application `places serve` runs, and the one its tests run (in-process through the router,
/// or on 127.0.0.1 and a free port). Middlewares, outermost first: the problem documents, the log
/// line and the metrics; the token; the rate limit. Then per group: which endpoints need an account.
public func buildApplication(_ parts: ServerParts) -> some ApplicationProtocol {
    let state = ServerState(
        service: parts.service, store: parts.store, shared: parts.shared, sharedImports: parts.sharedImports, settings: parts.settings,
        metrics: ServerMetrics(), logger: parts.logger)
    let router = Router(context: ServerContext.self)
    router.add(middleware: RequestLogMiddleware(state: state))
    // Operators' endpoints: no token, no rate limit.
    OperationRoutes(state: state).add(to: router)
    NominatimRoutes(state: state).addStatus(to: router)
    router.add(middleware: AuthenticationMiddleware(state: state))
    router.add(middleware: RateLimitMiddleware(state: state))

    let search = router.group().add(middleware: RequireAccount(open: parts.settings.openSearch))
    SearchRoutes(state: state).add(to: search)
    LookupRoutes(state: state).add(to: search)
    StopsRoutes(state: state).add(to: search)
    PhotonRoutes(state: state).add(to: search)
    NominatimRoutes(state: state).add(to: search)
    OSRMRoutes(state: state).add(to: search)
    MCPRoutes(state: state).add(to: search)

    let personal = router.group().add(middleware: RequireAccount(open: false))
    PersonalRoutes(state: state).add(to: personal)
    FollowRoutes(state: state).add(to: personal)

    let webSockets = Router(context: ServerContext.self)
    webSockets.add(middleware: RequestLogMiddleware(state: state))
    webSockets.add(middleware: AuthenticationMiddleware(state: state))
    webSockets.add(middleware: RateLimitMiddleware(state: state))
    webSockets.add(middleware: RequireAccount(open: false))
    FollowRoutes(state: state).add(webSocketsTo: webSockets)

    let idle = TimeAmount.nanoseconds(parts.settings.idleTimeout.nanosecondsClamped)
    let webSocketResponder = webSockets.buildResponder()
    let server = HTTPServerBuilder { responder in
        HeadDeadlineChannel(
            inner: HTTP1WebSocketUpgradeChannel(
                responder: responder, webSocketResponder: webSocketResponder,
                configuration: .init(http1: .init(idleTimeout: idle), ws: .init(maxFrameSize: 64 * 1024))),
            timeout: idle)
    }
    return Application(
        router: router,
        server: server,
        configuration: .init(address: .hostname(parts.settings.host, port: parts.settings.port), serverName: "places/\(PlacesService.version)"),
        onServerRunning: { channel in await parts.onRunning(channel.localAddress?.port ?? parts.settings.port) },
        logger: parts.logger)
}

extension Duration {
    var nanosecondsClamped: Int64 {
        let (seconds, attoseconds) = components
        guard seconds < Int64.max / 1_000_000_000 else { return .max }
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
