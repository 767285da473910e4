public import Foundation
public import HTTPTypes

import PlaceCore
/// Tries a safe request once more after a transient failure: a dropped connection, a timeout,
/// or HTTP 429/502/503/504. Honours `Retry-After` up to ``maximumDelay``; a longer wait is the
/// caller's decision, so the response is returned as it is.
///
/// Safe means GET, HEAD and OPTIONS, plus POST when ``postIsRead`` says the API uses POST for
/// queries (Overpass does): only the client's owner knows that, so it is said, not guessed.
public struct RetryMiddleware: HTTPMiddleware {
    public var maximumRetries: Int
    public var postIsRead: Bool
    public var retryableStatuses: Set<Int>
    public var maximumDelay: Duration
    public var baseDelay: Duration

    public init(
        maximumRetries: Int = 1, retryableStatuses: Set<Int> = [429, 502, 503, 504],
        maximumDelay: Duration = .seconds(2), baseDelay: Duration = .milliseconds(250), postIsRead: Bool = false
    ) {
        self.maximumRetries = maximumRetries
        self.postIsRead = postIsRead
        self.retryableStatuses = retryableStatuses
        self.maximumDelay = maximumDelay
        self.baseDelay = baseDelay
    }

    public func intercept(_ request: HTTPRequest, body: Data?, next: HTTPNext) async throws -> (HTTPResponse, Data) {
        let isSafe = [.get, .head, .options].contains(request.method) || (postIsRead && request.method == .post)
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
