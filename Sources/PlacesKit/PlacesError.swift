public import PlaceCore

/// Why a flow of the front door could not give an answer: what kind of failure (each edge maps it
/// once: the CLI to an exit code, the server to an HTTP status), what happened in words that name
/// no flag, which input it was about, and what to do as a value.
public struct PlacesError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure it is: each edge maps a kind to its exit code or status once.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// A value given is not acceptable (a malformed coordinate, an unknown provider).
        case usage
        /// Data that cannot be read: an answer, a recording, a file, the store.
        case badData
        /// What was asked for does not exist (a place, a favourite, a setting, a file, a route, a name).
        case notFound
        /// No provider could answer: network, HTTP errors, timeouts, no recording.
        case unavailable
        /// Configuration: a missing key, a broken config file, a store written by a newer places.
        case configuration
        /// The store cannot be created or written.
        case cannotWrite
        /// Results could not be written.
        case output
        /// Something was busy; trying again may work.
        case busy
        /// A bug in places.
        case bug
    }

    /// What kind of failure it is.
    public let kind: Kind
    /// What happened, one line. When ``parameter`` is set, the text follows the parameter's name
    /// ("'52.37,' is not LAT,LON" after "near").
    public let message: String
    /// The input it is about, by its neutral name (`near`, `feed`, `to`): the CLI shows `--near`,
    /// the server names the query parameter.
    public let parameter: String?
    /// What to do about it.
    public let remedy: Remedy?
    /// What failed underneath (a provider's, the store's error), for logs; never shown as the message.
    public let underlyingError: (any Error & Sendable)?

    /// A failure of `kind`, said in `message`, about `parameter` when it names an input.
    public init(
        _ kind: Kind, _ message: String, parameter: String? = nil, remedy: Remedy? = nil, underlyingError: (any Error & Sendable)? = nil
    ) {
        self.kind = kind
        self.message = message
        self.parameter = parameter
        self.remedy = remedy
        self.underlyingError = underlyingError
    }

    /// The error for a provider's failure.
    public init(_ failure: ProviderError) {
        self.init(Self.kind(for: failure.kind), "\(failure.provider): \(failure.message)", remedy: failure.remedy, underlyingError: failure)
    }

    /// One line in neutral words.
    public var description: String {
        (parameter.map { "\($0) " } ?? "") + message + (remedy.map { "; \($0)" } ?? "")
    }

    /// The kind of failure a provider's failure is.
    public static func kind(for kind: ProviderError.Kind) -> Kind {
        switch kind {
        case .missingCredentials: .configuration
        case .unexpectedResponse, .badRecording: .badData
        case .notFound: .notFound
        case .unauthorized, .rateLimited, .httpError, .unavailable, .timedOut, .noRecording, .unsupported: .unavailable
        }
    }

    /// One kind for several failures: theirs when they agree, "unavailable" when they do not.
    public static func kind(for failures: [ProviderError]) -> Kind {
        let kinds = Set(failures.map { kind(for: $0.kind) })
        return kinds.count == 1 ? kinds.first ?? .unavailable : .unavailable
    }
}
