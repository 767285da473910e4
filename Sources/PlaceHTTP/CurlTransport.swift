public import Foundation
public import HTTPTypes

import PlaceCore
/// The live transport for this platform: ``CurlTransport`` on Linux, ``URLSessionTransport`` elsewhere.
///
/// On Linux, URLSession (swift-corelibs-foundation over libcurl) cannot keep a hostile answer out
/// of memory: libcurl undoes any `Content-Encoding` whatever was asked, and the pieces are queued
/// for the delegate faster than a cancel takes effect, so 7 MB of gzip became 1.3 GB in memory.
public func liveTransport(
    timeout: TimeInterval, limits: ResponseLimits = ResponseLimits(), redactor: Redactor = Redactor()
) -> any HTTPTransport {
    #if os(Linux)
        CurlTransport(timeout: timeout, limits: limits, redactor: redactor)
    #else
        URLSessionTransport(timeout: timeout, limits: limits, redactor: redactor)
    #endif
}

#if os(Linux)
    /// The live transport on Linux: libcurl, one easy handle per request on a thread of its own.
    ///
    /// The body is taken piece by piece and the transfer stops at ``ResponseLimits/maximumBodyBytes``;
    /// no compressed answer is asked for, and one sent anyway is refused before its body. Redirects
    /// are followed here, not by libcurl: up to ``ResponseLimits/maximumRedirects``, and never to
    /// another host (or from https to http) when the request carries a key — whatever the
    /// ``Redactor`` calls secret: an `Authorization` header, a `key=` in the query. Cancelling the
    /// calling task (a provider's deadline) ends the transfer within a second.
    public struct CurlTransport: HTTPTransport {
        /// Seconds one transfer may take in all; each redirect starts a new transfer with the full time.
        public let timeout: TimeInterval
        /// What is accepted from a service: the size of a body and the number of redirects.
        public let limits: ResponseLimits
        private let redactor: Redactor

        /// A transport that gives each transfer `timeout` seconds within `limits`; `redactor` recognises the keys a request
        /// carries, so that they never follow a redirect off their host.
        public init(
            timeout: TimeInterval = 30, limits: ResponseLimits = ResponseLimits(), redactor: Redactor = Redactor()
        ) {
            self.timeout = timeout
            self.limits = limits
            self.redactor = redactor
        }

        /// Sends `request` and returns the response with its whole body; throws ``TransportError`` when no usable answer arrived.
        public func send(_ request: HTTPRequest, body: Data?) async throws -> (HTTPResponse, Data) {
            guard let first = request.url, let origin = Origin(checking: first) else {
                throw TransportError(
                    .invalidRequest, host: request.authority, detail: "cannot form an http or https URL")
            }
            let carriesKey = !redactor.secrets(in: request, body: body).isEmpty
            var url = first
            var method = request.method
            var body = body
            var redirects = 0
            while true {
                let reply = try await perform(request, url: url, method: method, body: body)
                guard [301, 302, 303, 307, 308].contains(reply.status),
                    let location = reply.headers.last(where: { $0.name.lowercased() == "location" })?.value
                else { return try response(reply, host: request.authority) }
                redirects += 1
                guard let next = URL(string: location, relativeTo: url)?.absoluteURL,
                    let target = Origin(checking: next)
                else {
                    throw TransportError(
                        .refusedRedirect, host: request.authority, detail: "it leads to no http or https URL")
                }
                if redirects > limits.maximumRedirects {
                    throw TransportError(
                        .refusedRedirect, host: request.authority,
                        detail:
                            "more than \(limits.maximumRedirects) redirects in a row (a loop?), the last to \(target.display)"
                    )
                }
                let sameHost = target.host == origin.host && target.port == origin.port
                let downgrade = origin.scheme == "https" && target.scheme != "https"
                if carriesKey && (!sameHost || downgrade) {
                    throw TransportError(
                        .refusedRedirect, host: request.authority,
                        detail:
                            "it leads to \(target.scheme)://\(target.display), and the request carries a key that must not leave \(origin.display)"
                    )
                }
                // 303, and 301/302 after a POST, continue with a GET without the body (as browsers do).
                if reply.status == 303 || ([301, 302].contains(reply.status) && method == .post) {
                    method = .get
                    body = nil
                }
                url = next
            }
        }

        private func perform(_ request: HTTPRequest, url: URL, method: HTTPRequest.Method, body: Data?) async throws
            -> CurlTransfer.Reply
        {
            let transfer = CurlTransfer(host: request.authority ?? url.host ?? "", limit: limits.maximumBodyBytes)
            let headers = request.headerFields.map { "\($0.name.rawName): \($0.value)" }
            let timeout = timeout
            let result = await withTaskCancellationHandler {
                await withCheckedContinuation {
                    (continuation: CheckedContinuation<Result<CurlTransfer.Reply, TransportError>, Never>) in
                    let thread = Thread {
                        continuation.resume(
                            returning: transfer.run(
                                method: method.rawValue, url: url.absoluteString, headers: headers, body: body,
                                timeout: timeout))
                    }
                    thread.start()
                }
            } onCancel: {
                transfer.cancel()
            }
            return try result.get()
        }

        private func response(_ reply: CurlTransfer.Reply, host: String?) throws -> (HTTPResponse, Data) {
            guard (100...999).contains(reply.status) else {
                throw TransportError(.other, host: host, detail: "the answer was not an HTTP response")
            }
            var fields = HTTPFields()
            for (name, value) in reply.headers {
                if let name = HTTPField.Name(name) { fields.append(HTTPField(name: name, value: value)) }
            }
            return (HTTPResponse(status: .init(code: reply.status), headerFields: fields), reply.body)
        }
    }
#endif

extension Origin {
    /// Nil for a URL that is not http or https, or names no host.
    init?(checking url: URL) {
        self.init(url)
        guard ["http", "https"].contains(scheme), !host.isEmpty else { return nil }
    }
}
