import Hummingbird
import PlaceBytes
import PlaceCore

/// Finds the account of a request's `Authorization: Bearer` token. A token that is unknown or
/// revoked is refused at once (401) whatever the endpoint; a request without one goes on
/// anonymous, and the endpoint decides (``RequireAccount``).
struct AuthenticationMiddleware: RouterMiddleware {
    typealias Context = ServerContext
    let state: ServerState

    func handle(_ request: Request, context: ServerContext, next: (Request, ServerContext) async throws -> Response) async throws -> Response {
        guard let header = request.headers[.authorization] else { return try await next(request, context) }
        guard let token = APIToken.bearer(header) else {
            throw Problem.unauthorized("the Authorization header is not 'Bearer TOKEN'")
        }
        let hash = APIToken.hash(token)
        guard let account = try await state.shared({ store throws(StoreError) in try await store.account(forTokenHash: hash) }) else {
            throw Problem.unauthorized("the token is not valid: unknown, or revoked")
        }
        var context = context
        context.account = account
        context.caller.set(account)
        context.tokenHash = hash
        return try await next(request, context)
    }
}

/// Endpoints that need an account: always for what is a person's own (favourites, points,
/// follow), and for search unless the server opens it.
struct RequireAccount: RouterMiddleware {
    typealias Context = ServerContext
    /// When true, anonymous requests pass.
    let open: Bool

    func handle(_ request: Request, context: ServerContext, next: (Request, ServerContext) async throws -> Response) async throws -> Response {
        guard open || context.account != nil else {
            throw Problem.unauthorized("this endpoint needs a token: send 'Authorization: Bearer TOKEN' (ask the server's operator for one)")
        }
        return try await next(request, context)
    }
}

/// Per token (or per address for anonymous requests): a bucket of requests refilled over time;
/// an empty one answers 429 with how long to wait.
struct RateLimitMiddleware: RouterMiddleware {
    typealias Context = ServerContext
    let state: ServerState

    func handle(_ request: Request, context: ServerContext, next: (Request, ServerContext) async throws -> Response) async throws -> Response {
        let key = context.tokenHash.map { "token:" + $0 } ?? "address:" + (context.remoteAddress?.ipAddress ?? "unknown")
        if let wait = state.limiter.take(key) {
            state.metrics.rateLimited()
            let seconds = max(1, Int(wait.rounded(.up)))
            throw Problem(
                .tooManyRequests, "rate-limited",
                "too many requests: \(NumberText.trimmed(state.limiter.perSecond, 2)) a second are allowed "
                    + "(bursts of \(Int(state.limiter.burst))); try again in \(seconds) s",
                headers: [.retryAfter: String(seconds)])
        }
        return try await next(request, context)
    }
}

extension Problem {
    static func unauthorized(_ detail: String) -> Problem {
        Problem(.unauthorized, "unauthorized", detail, headers: [.wwwAuthenticate: "Bearer realm=\"places\""])
    }
}
