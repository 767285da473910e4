/// A place's identity: the provider that knows it and that provider's own id for it.
///
/// Written `provider:native-id`, e.g. `foursquare:4b0587a5f964a52062a422e3` or `osm:node/2724001437`;
/// that is the form `places show` takes and every output format prints.
public struct PlaceID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public let provider: ProviderID
    public let nativeID: String

    public init(provider: ProviderID, nativeID: String) {
        self.provider = provider
        self.nativeID = nativeID
    }

    /// Parses `provider:native-id`. The native part may itself contain `:` or `/`.
    /// - Throws: ``PlaceIDError`` when there is no provider prefix or no native id.
    public init(parsing text: String) throws(PlaceIDError) {
        guard let colon = text.firstIndex(of: ":") else { throw PlaceIDError(input: text) }
        let provider = String(text[..<colon])
        let native = String(text[text.index(after: colon)...])
        let providerIsName = !provider.isEmpty && provider.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
        guard providerIsName, !native.isEmpty, !native.contains(where: \.isWhitespace) else {
            throw PlaceIDError(input: text)
        }
        self.init(provider: ProviderID(provider), nativeID: native)
    }

    public var description: String { "\(provider.rawValue):\(nativeID)" }

    public static func < (lhs: PlaceID, rhs: PlaceID) -> Bool { lhs.description < rhs.description }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            try self.init(parsing: text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

public struct PlaceIDError: Error, Equatable, Sendable, CustomStringConvertible {
    public let input: String

    public var description: String {
        "'\(input)' is not a place id: expected PROVIDER:ID as printed by `places coffee`, e.g. osm:node/2724001437"
    }
}
