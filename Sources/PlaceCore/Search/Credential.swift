/// A secret (an API key) and where it came from. Printing it shows only the source.
public struct Credential: Sendable, Equatable, CustomStringConvertible {
    /// The secret itself; ``description`` never shows it.
    public let value: String
    /// Where it was found, for `places providers`: "FOURSQUARE_API_KEY", "~/.config/places/config.toml".
    public let source: String

    /// Makes a credential from the secret and a note of where it was found.
    public init(value: String, source: String) {
        self.value = value
        self.source = source
    }

    /// "a key from " and the source, never the secret: "a key from FOURSQUARE_API_KEY".
    public var description: String { "a key from \(source)" }
}
