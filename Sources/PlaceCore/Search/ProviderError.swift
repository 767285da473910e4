import Foundation

/// Why a provider could not answer, in words a user can act on.
///
/// The ``kind`` tells callers what sort of failure it was (the CLI maps it to an exit code);
/// ``description`` is one line: `foursquare: the API key was rejected (HTTP 401); check the API key for foursquare`;
/// the ``remedy`` is a value, so that the CLI can name its flags and an app its own settings instead.
public struct ProviderError: Error, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable, Equatable {
        /// No key or credential configured.
        case missingCredentials
        /// The service refused the credential (401/403).
        case unauthorized
        /// Too many requests (429).
        case rateLimited
        /// Any other HTTP error status.
        case httpError
        /// The answer did not have the documented shape.
        case unexpectedResponse
        /// The requested place does not exist.
        case notFound
        /// No connection, or the service is down.
        case unavailable
        /// No answer within the deadline.
        case timedOut
        /// Replay mode, and no cassette holds this request.
        case noRecording
        /// A cassette file is broken or too old.
        case badRecording
        /// The provider cannot do what was asked.
        case unsupported
    }

    public let provider: ProviderID
    public let kind: Kind
    /// What happened, without the provider prefix.
    public let message: String
    /// What to do about it, when there is something to say.
    public let remedy: Remedy?
    public let underlyingError: (any Error & Sendable)?

    public init(provider: ProviderID, kind: Kind, message: String, remedy: Remedy? = nil, underlyingError: (any Error & Sendable)? = nil) {
        self.provider = provider
        self.kind = kind
        self.message = message
        self.remedy = remedy
        self.underlyingError = underlyingError
    }

    /// Classifies an error that came out of the HTTP client (or a deadline) for `provider`.
    public init(provider: ProviderID, wrapping error: any Error) {
        switch error {
        case let error as ProviderError:
            self = error
        case let error as any ProviderErrorConvertible:
            self = error.providerError(for: provider)
        case let error as DeadlineExceeded:
            self.init(
                provider: provider, kind: .timedOut, message: "no answer within \(error.formattedDeadline)",
                remedy: .allowMoreTime, underlyingError: error)
        case is CancellationError:
            self.init(provider: provider, kind: .unavailable, message: "the search was cancelled")
        default:
            self.init(provider: provider, kind: .unavailable, message: String(describing: error))
        }
    }

    public var description: String {
        "\(provider): \(message)" + (remedy.map { "; \($0)" } ?? "")
    }
}

/// An error of a lower layer (the HTTP client's, a recording's) that knows which
/// ``ProviderError`` it is for a provider: ``ProviderError/init(provider:wrapping:)`` asks it.
public protocol ProviderErrorConvertible: Error {
    func providerError(for provider: ProviderID) -> ProviderError
}
