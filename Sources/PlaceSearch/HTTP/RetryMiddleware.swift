public import Foundation
public import HTTPTypes

/// Tries a safe request once more after a transient failure: a dropped connection, a timeout,
/// or HTTP 429/502/503/504. Honours `Retry-After` up to ``maximumDelay``; a longer wait is the
/// caller's decision, so the response is returned as it is.
public struct RetryMiddleware: HTTPMiddleware {
    public var maximumRetries: Int
    public var retryableStatuses: Set<Int>
    public var maximumDelay: Duration
    public var baseDelay: Duration

    public init(
        maximumRetries: Int = 1, retryableStatuses: Set<Int> = [429, 502, 503, 504],
        maximumDelay: Duration = .seconds(2), baseDelay: Duration = .milliseconds(250)
    ) {
        self.maximumRetries = maximumRetries
        self.retryableStatuses = retryableStatuses
        self.maximumDelay = maximumDelay
        self.baseDelay = baseDelay
    }

    public func intercept(_ request: HTTPRequest, body: Data?, next: HTTPNext) async throws -> (HTTPResponse, Data) {
        // POST to Overpass is a read as well; anything else that is not a safe method is not repeated.
        let isSafe = [.get, .head, .options].contains(request.method) || request.authority?.contains("overpass") == true
        var attempt = 0
        while true {
            do {
                let (response, data) = try await next(request, body)
                guard isSafe, attempt < maximumRetries, retryableStatuses.contains(response.status.code) else {
                    return (response, data)
                }
                let delay = retryAfter(response) ?? backoff(attempt)
                guard delay <= maximumDelay else { return (response, data) }
                try await Task.sleep(for: delay)
            } catch let error as TransportError where isSafe && error.isTransient && attempt < maximumRetries {
                try await Task.sleep(for: backoff(attempt))
            }
            attempt += 1
        }
    }

    private func backoff(_ attempt: Int) -> Duration { baseDelay * (1 << attempt) }

    private func retryAfter(_ response: HTTPResponse) -> Duration? {
        guard let value = response.headerFields[.retryAfter], let seconds = Int(value.trimmingCharacters(in: .whitespaces)) else {
            return nil
        }
        return .seconds(max(0, seconds))
    }
}
