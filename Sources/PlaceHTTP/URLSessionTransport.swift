public import Foundation
public import HTTPTypes
import HTTPTypesFoundation

import PlaceCore
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the live transport accepts from a service.
public struct ResponseLimits: Sendable, Equatable {
    /// The most bytes of a body, counted as they arrive and after any `Content-Encoding` is undone,
    /// so that a small gzip that would expand to gigabytes stops here too.
    public var maximumBodyBytes: Int
    /// The most redirects followed for one request (a loop ends here).
    public var maximumRedirects: Int

    /// Limits of `maximumBodyBytes` (4 MiB by default) and `maximumRedirects`.
    public init(maximumBodyBytes: Int = 4 << 20, maximumRedirects: Int = 5) {
        self.maximumBodyBytes = maximumBodyBytes
        self.maximumRedirects = maximumRedirects
    }
}

/// The live transport: URLSession (libcurl on Linux), one ephemeral session, no caching, no cookies.
///
/// The body is received piece by piece (a data task and a delegate, not `data(for:)`, which would
/// hold any amount in memory): reading stops at ``ResponseLimits/maximumBodyBytes``. A redirect to
/// another host is not followed when the request carries a key (an `Authorization` header, a
/// `key=` in the query: whatever the ``Redactor`` calls secret), nor is a redirect past
/// ``ResponseLimits/maximumRedirects``. Cancelling the calling task (a provider's deadline) cancels
/// the transfer at once.
public struct URLSessionTransport: HTTPTransport {
    private let owner: SessionOwner
    private let timeout: TimeInterval
    /// What is accepted from a service: the size of a body and the number of redirects.
    public let limits: ResponseLimits
    private let redactor: Redactor

    /// - Parameters:
    ///   - timeout: per request; a provider's deadline usually cuts in first.
    ///   - redactor: recognises the keys a request carries (so that they never follow a redirect off their host).
    public init(
        timeout: TimeInterval = 30, limits: ResponseLimits = ResponseLimits(), redactor: Redactor = Redactor()
    ) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        self.owner = SessionOwner(configuration: configuration)
        self.timeout = timeout
        self.limits = limits
        self.redactor = redactor
    }

    /// Sends `request` and returns the response with its whole body; throws ``TransportError`` when no usable answer arrived.
    public func send(_ request: HTTPRequest, body: Data?) async throws -> (HTTPResponse, Data) {
        guard var urlRequest = URLRequest(httpRequest: request), let url = urlRequest.url else {
            throw TransportError(.invalidRequest, host: request.authority, detail: "cannot form a URL")
        }
        urlRequest.httpBody = body
        urlRequest.timeoutInterval = timeout
        // Honest services then send the body as it is, which is what the limit counts.
        if urlRequest.value(forHTTPHeaderField: "Accept-Encoding") == nil {
            urlRequest.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
        }
        let exchange = ResponseReceiver.Exchange(
            host: request.authority, origin: Origin(url), limits: limits,
            carriesKey: !redactor.secrets(in: request, body: body).isEmpty)
        let task = owner.session.dataTask(with: urlRequest)
        let (response, data) = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                owner.receiver.start(task, exchange: exchange, continuation: continuation)
            }
        } onCancel: {
            task.cancel()
        }
        guard let httpResponse = response.httpResponse else {
            throw TransportError(.other, host: request.authority, detail: "the answer was not an HTTP response")
        }
        return (httpResponse, data)
    }

    /// - Parameter answering: the service had begun to answer (its status and headers arrived).
    static func transportError(_ error: URLError, host: String?, answering: Bool) -> TransportError {
        switch error.code {
        case .timedOut:
            return TransportError(.timedOut, host: host, detail: error.localizedDescription)
        case .cancelled:
            return TransportError(.cancelled, host: host, detail: error.localizedDescription)
        case _ where answering:
            // libcurl's own words say how ("transfer closed with 1928 bytes remaining to read").
            let detail = "the answer was cut off (\(error.localizedDescription))"
            return TransportError(.connectionLost, host: host, detail: detail)
        case .cannotFindHost, .cannotConnectToHost, .networkConnectionLost, .notConnectedToInternet,
            .dnsLookupFailed, .secureConnectionFailed:
            return TransportError(.cannotConnect, host: host, detail: error.localizedDescription)
        default:
            return TransportError(.other, host: host, detail: error.localizedDescription)
        }
    }
}

/// The session and its delegate; the session holds its delegate strongly until it is invalidated,
/// which happens when the last transport sharing it goes.
private final class SessionOwner: Sendable {
    let session: URLSession
    let receiver = ResponseReceiver()

    init(configuration: URLSessionConfiguration) {
        session = URLSession(configuration: configuration, delegate: receiver, delegateQueue: nil)
    }

    deinit { session.finishTasksAndInvalidate() }
}

/// Scheme, host and port of a URL: where a key may go.
struct Origin: Equatable, Sendable {
    let scheme: String
    let host: String
    let port: Int

    init(_ url: URL) {
        scheme = url.scheme?.lowercased() ?? ""
        host = url.host?.lowercased() ?? ""
        port = url.port ?? (scheme == "https" ? 443 : 80)
    }

    /// How the URL is named in messages: host and port only, never a path or query that could hold a key.
    var display: String { port == (scheme == "https" ? 443 : 80) ? host : "\(host):\(port)" }
}

/// The transport of replay mode: refuses every request, so nothing can pass by reaching the network.
public struct OfflineTransport: HTTPTransport {
    /// Why the network is off limits; said in the error every request fails with.
    public let reason: String

    /// A transport that refuses every request, giving `reason`.
    public init(reason: String = "replay mode never reaches the network") { self.reason = reason }

    /// Throws ``TransportError`` (`networkDisabled`, with `reason`) for every request; nothing is sent.
    public func send(_ request: HTTPRequest, body: Data?) async throws -> (HTTPResponse, Data) {
        throw TransportError(.networkDisabled, host: request.authority, detail: reason)
    }
}
