/// The short, stable name of a provider: `foursquare`, `osm`, `parkshark`, `feed`.
///
/// It prefixes every ``PlaceID`` and names the provider in options, config sections,
/// cassette folders and error messages.
public struct ProviderID: RawRepresentable, Hashable, Comparable, Sendable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The name itself: `osm`.
    public let rawValue: String

    /// Makes an id from its name, as given.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Makes an id from its name, as given: `ProviderID("osm")`.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// Makes an id from a string literal, so that `"osm"` can stand for one.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The name: `osm`.
    public var description: String { rawValue }

    /// Orders ids by name.
    public static func < (lhs: ProviderID, rhs: ProviderID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Decodes the name from a plain string.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes as the plain name string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
