import Foundation
import Synchronization

import PlaceCore
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The delegate of ``URLSessionTransport``'s session: gathers each task's body as it arrives,
/// stops a body past its limit, decides every redirect, and answers each caller once.
final class ResponseReceiver: NSObject, URLSessionDataDelegate, Sendable {
    /// One request in flight.
    struct Exchange: Sendable {
        let host: String?
        let origin: Origin
        let limits: ResponseLimits
        /// The request holds a key: it must not be sent to another host.
        let carriesKey: Bool
        var response: HTTPURLResponse?
        var body = Data()
        var redirects = 0
        /// Why the transfer was stopped here, when it was.
        var refusal: TransportError?
        var continuation: CheckedContinuation<(HTTPURLResponse, Data), any Error>?

        init(host: String?, origin: Origin, limits: ResponseLimits, carriesKey: Bool) {
            self.host = host
            self.origin = origin
            self.limits = limits
            self.carriesKey = carriesKey
        }
    }

    private let exchanges = Mutex<[Int: Exchange]>([:])

    func start(
        _ task: URLSessionDataTask, exchange: Exchange,
        continuation: CheckedContinuation<(HTTPURLResponse, Data), any Error>
    ) {
        var exchange = exchange
        exchange.continuation = continuation
        exchanges.withLock { $0[task.taskIdentifier] = exchange }
        task.resume()
    }

    /// Runs `change` on the task's exchange; true when it says to stop the transfer.
    private func update(_ task: URLSessionTask, _ change: (inout Exchange) -> Bool) -> Bool {
        exchanges.withLock { all in
            guard var exchange = all[task.taskIdentifier] else { return false }
            let stop = change(&exchange)
            all[task.taskIdentifier] = exchange
            return stop
        }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let stop = update(dataTask) { exchange in
            guard let http = response as? HTTPURLResponse else { return false }
            exchange.response = http
            // A length announced beyond the limit is refused before a byte of it is read. (With a
            // Content-Encoding the length is the encoded one; the decoded bytes are counted below.)
            if let encoding = Self.contentEncoding(http) {
                exchange.refusal = TransportError(
                    .tooLarge, host: exchange.host,
                    detail:
                        "it came compressed (Content-Encoding \(encoding)) though none was asked for, and could expand past any limit"
                )
                return true
            }
            if let announced = Self.contentLength(http), announced > exchange.limits.maximumBodyBytes {
                exchange.refusal = Self.tooLarge(exchange, said: "it announces \(ByteCountText.text(announced))")
                return true
            }
            return false
        }
        // The transfer waits for this answer, so a refusal here stops it before a byte of the body.
        completionHandler(stop ? .cancel : .allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let stop = update(dataTask) { exchange in
            guard exchange.refusal == nil else { return true }
            guard exchange.body.count + data.count <= exchange.limits.maximumBodyBytes else {
                exchange.refusal = Self.tooLarge(exchange, said: "reading stopped there")
                exchange.body = Data()
                return true
            }
            exchange.body.append(data)
            return false
        }
        if stop { Self.cancel(dataTask) }
    }

    /// Cancels from outside the delegate's callback: cancelled from within one, the task stops
    /// calling back but libcurl reads the rest of the body to its end.
    private static func cancel(_ task: URLSessionTask) {
        DispatchQueue.global().async { task.cancel() }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        let follow = !update(task) { exchange in
            exchange.redirects += 1
            guard let target = request.url.map(Origin.init) else {
                exchange.refusal = TransportError(.refusedRedirect, host: exchange.host, detail: "it names no URL")
                return true
            }
            if exchange.redirects > exchange.limits.maximumRedirects {
                exchange.refusal = TransportError(
                    .refusedRedirect, host: exchange.host,
                    detail:
                        "more than \(exchange.limits.maximumRedirects) redirects in a row (a loop?), the last to \(target.display)"
                )
                return true
            }
            let sameHost = target.host == exchange.origin.host && target.port == exchange.origin.port
            let downgrade = exchange.origin.scheme == "https" && target.scheme != "https"
            if exchange.carriesKey && (!sameHost || downgrade) {
                exchange.refusal = TransportError(
                    .refusedRedirect, host: exchange.host,
                    detail:
                        "it leads to \(target.scheme)://\(target.display), and the request carries a key that must not leave \(exchange.origin.display)"
                )
                return true
            }
            return false
        }
        completionHandler(follow ? request : nil)
        if !follow { Self.cancel(task) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let exchange = exchanges.withLock({ $0.removeValue(forKey: task.taskIdentifier) }),
            let continuation = exchange.continuation
        else { return }
        continuation.resume(with: Self.outcome(exchange, error: error))
    }

    private static func outcome(_ exchange: Exchange, error: (any Error)?) -> Result<(HTTPURLResponse, Data), any Error> {
        if let refusal = exchange.refusal { return .failure(refusal) }
        if let error {
            if let urlError = error as? URLError {
                return .failure(
                    URLSessionTransport.transportError(
                        urlError, host: exchange.host, answering: exchange.response != nil))
            }
            return .failure(TransportError(.other, host: exchange.host, detail: error.localizedDescription))
        }
        guard let response = exchange.response else {
            return .failure(TransportError(.other, host: exchange.host, detail: "the answer was not an HTTP response"))
        }
        // A body shorter than its Content-Length: the connection was closed before the end.
        if contentEncoding(response) == nil, let announced = contentLength(response), exchange.body.count < announced {
            return .failure(
                TransportError(
                    .connectionLost, host: exchange.host,
                    detail: "the answer ended after \(exchange.body.count) of the \(announced) bytes it announced"))
        }
        return .success((response, exchange.body))
    }

    private static func tooLarge(_ exchange: Exchange, said: String) -> TransportError {
        TransportError(
            .tooLarge, host: exchange.host,
            detail: "more than the \(ByteCountText.text(exchange.limits.maximumBodyBytes)) allowed; \(said)")
    }

    private static func contentLength(_ response: HTTPURLResponse) -> Int? {
        (response.value(forHTTPHeaderField: "Content-Length")?.trimmingCharacters(in: .whitespaces)).flatMap { Int($0) }
    }

    /// The body's encoding, nil when it is sent as it is.
    private static func contentEncoding(_ response: HTTPURLResponse) -> String? {
        guard
            let value = response.value(forHTTPHeaderField: "Content-Encoding")?.trimmingCharacters(in: .whitespaces)
                .lowercased(),
            !value.isEmpty, value != "identity"
        else { return nil }
        return value
    }
}

/// Sizes for messages: "4 MB", "512 KB", "300 bytes" (powers of 1024, as the limits are set).
enum ByteCountText {
    static func text(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MB" }
        if bytes >= 1 << 20 { return String(format: "%.1f MB", Double(bytes) / Double(1 << 20)) }
        if bytes >= 1 << 10 { return "\(bytes >> 10) KB" }
        return "\(bytes) bytes"
    }
}
