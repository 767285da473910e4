/// A place's identity: the provider that knows it and that provider's own id for it.
///
/// Written `provider:native-id`, e.g. `foursquare:4b0587a5f964a52062a422e3` or `osm:node/2724001437`;
/// that is the form `places show` takes and every output format prints.
public struct PlaceID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The provider that knows the place.
    public let provider: ProviderID
    /// That provider's own id for the place: `node/2724001437` for `osm`.
    public let nativeID: String

    /// Makes an id from its two parts, as given: nothing is checked.
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

    /// `provider:native-id`, the form ``init(parsing:)`` reads: `osm:node/2724001437`.
    public var description: String { "\(provider.rawValue):\(nativeID)" }

    /// Orders ids by their text, ``description``.
    public static func < (lhs: PlaceID, rhs: PlaceID) -> Bool { lhs.description < rhs.description }

    /// Decodes the `provider:native-id` text, rejecting one ``init(parsing:)`` cannot read as corrupted data.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            try self.init(parsing: text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    /// Encodes as the `provider:native-id` text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// Why a text is not a place id.
public struct PlaceIDError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The text that was given.
    public let input: String

    /// A message quoting the input and giving the expected form, `PROVIDER:ID`, with an example.
    public var description: String {
        "'\(input)' is not a place id: expected PROVIDER:ID as printed by `places coffee`, e.g. osm:node/2724001437"
    }
}
