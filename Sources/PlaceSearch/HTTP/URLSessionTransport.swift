public import Foundation
public import HTTPTypes
import HTTPTypesFoundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The live transport: URLSession (libcurl on Linux), one ephemeral session, no caching, no cookies.
public struct URLSessionTransport: HTTPTransport {
    private let session: URLSession
    private let timeout: TimeInterval

    /// - Parameter timeout: per request; a provider's deadline usually cuts in first.
    public init(timeout: TimeInterval = 30) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        self.session = URLSession(configuration: configuration)
        self.timeout = timeout
    }

    public func send(_ request: HTTPRequest, body: Data?) async throws -> (HTTPResponse, Data) {
        guard var urlRequest = URLRequest(httpRequest: request) else {
            throw TransportError(.invalidRequest, host: request.authority, detail: "cannot form a URL")
        }
        urlRequest.httpBody = body
        urlRequest.timeoutInterval = timeout
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: urlRequest)
        } catch let error as URLError {
            throw Self.transportError(error, host: request.authority)
        } catch is CancellationError {
            throw TransportError(.cancelled, host: request.authority, detail: "cancelled")
        }
        guard let httpResponse = (response as? HTTPURLResponse)?.httpResponse else {
            throw TransportError(.other, host: request.authority, detail: "the answer was not an HTTP response")
        }
        return (httpResponse, data)
    }

    static func transportError(_ error: URLError, host: String?) -> TransportError {
        switch error.code {
        case .timedOut:
            return TransportError(.timedOut, host: host, detail: error.localizedDescription)
        case .cannotFindHost, .cannotConnectToHost, .networkConnectionLost, .notConnectedToInternet,
            .dnsLookupFailed, .secureConnectionFailed:
            return TransportError(.cannotConnect, host: host, detail: error.localizedDescription)
        case .cancelled:
            return TransportError(.cancelled, host: host, detail: error.localizedDescription)
        default:
            return TransportError(.other, host: host, detail: error.localizedDescription)
        }
    }
}

/// The transport of replay mode: refuses every request, so nothing can pass by reaching the network.
public struct OfflineTransport: HTTPTransport {
    public let reason: String

    public init(reason: String = "replay mode never reaches the network") { self.reason = reason }

    public func send(_ request: HTTPRequest, body: Data?) async throws -> (HTTPResponse, Data) {
        throw TransportError(.networkDisabled, host: request.authority, detail: reason)
    }
}
