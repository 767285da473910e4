import Foundation

/// Why a provider could not answer, in words a user can act on.
///
/// The ``kind`` tells callers what sort of failure it was (the CLI maps it to an exit code);
/// ``description`` is one line: `foursquare: the API key was rejected (HTTP 401); check the API key for foursquare`;
/// the ``remedy`` is a value, so that the CLI can name its flags and an app its own settings instead.
public struct ProviderError: Error, Sendable, CustomStringConvertible {
    /// What sort of failure it was; the CLI maps it to an exit code.
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

    /// The provider that could not answer.
    public let provider: ProviderID
    /// What sort of failure it was.
    public let kind: Kind
    /// What happened, without the provider prefix.
    public let message: String
    /// What to do about it, when there is something to say.
    public let remedy: Remedy?
    /// The error this one was made from, when there was one.
    public let underlyingError: (any Error & Sendable)?

    /// Makes an error from its parts: the provider, the kind of failure, what happened and, when known, what to do.
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

    /// One line: the provider, what happened and, when there is one, the remedy: `osm: no answer within 10 s; allow more time`.
    public var description: String {
        "\(provider): \(message)" + (remedy.map { "; \($0)" } ?? "")
    }
}

/// An error of a lower layer (the HTTP client's, a recording's) that knows which
/// ``ProviderError`` it is for a provider: ``ProviderError/init(provider:wrapping:)`` asks it.
public protocol ProviderErrorConvertible: Error {
    /// This error as a ``ProviderError`` of `provider`.
    func providerError(for provider: ProviderID) -> ProviderError
}
