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
    /// How many times a request is sent again after the first attempt.
    public var maximumRetries: Int
    /// Whether POST requests are queries, and so safe to send again.
    public var postIsRead: Bool
    /// The HTTP statuses worth another try.
    public var retryableStatuses: Set<Int>
    /// The longest wait before retrying after a status (its `Retry-After` in seconds, else the backoff); when the wait would be
    /// longer, the response is returned as it is.
    public var maximumDelay: Duration
    /// The wait before the first retry when the service names none; it doubles with each retry after that.
    public var baseDelay: Duration

    /// A middleware that sends a safe request again up to `maximumRetries` times: after `baseDelay`, doubling each time, or
    /// after the wait a status's `Retry-After` names, up to `maximumDelay`.
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

    /// Sends `request`; a safe one is sent again after a transient ``TransportError`` or a retryable status. The last outcome
    /// is returned or thrown.
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
