public import PlaceCore

/// What a name list's columns are (``NameListMapping``), and how it is delimited.
public struct NameListOptions: Sendable {
    /// Which columns hold the name, the position, the importance and the label.
    public var mapping: NameListMapping
    /// The delimiter byte; nil for tab with `.tsv`/`.tab`, else comma.
    public var delimiter: UInt8?

    /// Options for a name list: its columns by number or header name, whether it has a header (nil:
    /// decided from the first row), the kind of names it holds, and its delimiter.
    public init(
        name: String? = nil, latitude: String? = nil, longitude: String? = nil, importance: String? = nil, detail: [String] = [],
        hasHeader: Bool? = nil, kind: NameKind = .place, delimiter: UInt8? = nil
    ) {
        mapping = NameListMapping(
            name: name, latitude: latitude, longitude: longitude, importance: importance, detail: detail, hasHeader: hasHeader, kind: kind)
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
