public import PlaceSearch

/// What a name list's columns are (see ``NameListMapping``), and how it is delimited.
public struct NameListOptions: Sendable {
    public var name: String?
    public var latitude: String?
    public var longitude: String?
    public var importance: String?
    public var detail: [String]
    public var hasHeader: Bool?
    public var kind: NameKind
    /// The delimiter byte; nil for tab with `.tsv`/`.tab`, else comma.
    public var delimiter: UInt8?

    public init(
        name: String? = nil, latitude: String? = nil, longitude: String? = nil, importance: String? = nil, detail: [String] = [],
        hasHeader: Bool? = nil, kind: NameKind = .place, delimiter: UInt8? = nil
    ) {
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
        self.importance = importance
        self.detail = detail
        self.hasHeader = hasHeader
        self.kind = kind
        self.delimiter = delimiter
    }

    /// `comma`, `tab`, `semicolon` (or the character) as a byte.
    public static func delimiter(_ text: String) -> UInt8? {
        switch text.lowercased() {
        case "comma", ",": UInt8(ascii: ",")
        case "tab", "\\t", "\t": 0x09
        case "semicolon", ";": UInt8(ascii: ";")
        default: nil
        }
    }
}
