public import Foundation
public import HTTPTypes
public import Logging

import PlaceCore
/// Logs each request and its outcome at debug level, with every secret redacted.
public struct LoggingMiddleware: HTTPMiddleware {
    /// Where the lines go, all at debug level.
    public let logger: Logger
    /// Hides secrets in the logged URLs and error messages.
    public let redactor: Redactor

    /// A middleware that logs to `logger`, hiding whatever `redactor` calls secret.
    public init(logger: Logger, redactor: Redactor) {
        self.logger = logger
        self.redactor = redactor
    }

    /// Logs the request (`→`), then its status, time and size (`←`) or the error (`✗`), and passes the outcome on unchanged.
    public func intercept(_ request: HTTPRequest, body: Data?, next: HTTPNext) async throws -> (HTTPResponse, Data) {
        let secrets = redactor.secrets(in: request, body: body)
        let url = redactor.redactedURL(
            request.url?.absoluteString ?? "\(request.authority ?? "")\(request.path ?? "")", secrets: secrets)
        let started = ContinuousClock.now
        logger.debug("→ \(request.method.rawValue) \(url)")
        do {
            let (response, data) = try await next(request, body)
            let elapsed = ContinuousClock.now - started
            logger.debug("← \(response.status.code) \(request.method.rawValue) \(url) in \(Self.milliseconds(elapsed)) ms, \(data.count) bytes")
            return (response, data)
        } catch {
            let elapsed = ContinuousClock.now - started
            let message = redactor.scrub(String(describing: error), secrets: secrets)
            logger.debug("✗ \(request.method.rawValue) \(url) after \(Self.milliseconds(elapsed)) ms: \(message)")
            throw error
        }
    }

    static func milliseconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000)
    }
}
