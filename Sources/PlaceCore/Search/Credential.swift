/// A secret (an API key) and where it came from. Printing it shows only the source.
public struct Credential: Sendable, Equatable, CustomStringConvertible {
    public let value: String
    /// Where it was found, for `places providers`: "FOURSQUARE_API_KEY", "~/.config/places/config.toml".
    public let source: String

    public init(value: String, source: String) {
        self.value = value
        self.source = source
    }

    public var description: String { "a key from \(source)" }
}
