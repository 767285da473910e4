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
        // Bytes, not Characters: a store lists ten thousand ids, and Character properties are slow.
        let bytes = text.utf8
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { throw PlaceIDError(input: text) }
        let provider = bytes[..<colon]
        let native = bytes[bytes.index(after: colon)...]
        let providerIsName =
            !provider.isEmpty
            && provider.allSatisfy { byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x2D || byte == 0x5F
            }
        let nativeIsASCII = native.allSatisfy { $0 < 0x80 }
        let nativeHasSpace =
            nativeIsASCII
            ? native.contains { $0 == 0x20 || (0x09...0x0D).contains($0) }
            : String(text[text.index(after: String.Index(colon, within: text) ?? text.startIndex)...]).contains(where: \.isWhitespace)
        guard providerIsName, !native.isEmpty, !nativeHasSpace else { throw PlaceIDError(input: text) }
        self.init(provider: ProviderID(String(decoding: provider, as: UTF8.self)), nativeID: String(decoding: native, as: UTF8.self))
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
