public import Foundation

/// Reads an OpenStreetMap file of any common kind — OSM XML, PBF, Overpass JSON, GeoJSON (as
/// overpass-turbo exports it), and any of them gzipped or bzip2-compressed — calling back once per
/// element, in file order.
///
/// The format is found from the bytes, never from the name. Problems in the file are thrown as
/// ``OSMFormatError`` with where they are; errors thrown by the callbacks propagate unchanged, so a
/// callback can stop a read early by throwing its own error.
public enum OSMFileReader {
    /// Reads the file at `url` (memory-mapped, so a large PBF is not copied into memory first).
    /// - Returns: what the read passed over (GeoJSON lines), for the caller to say.
    @discardableResult
    public static func read(
        contentsOf url: URL, progress: OSMReadProgress? = nil,
        header: (OSMFileHeader) throws -> Void = { _ in },
        element: (OSMElement) throws -> Void
    ) throws -> OSMReadNotes {
        let data: Data
        do {
            data = try Data(contentsOf: url, options: .alwaysMapped)
        } catch {
            throw OSMFormatError(message: "cannot read \(url.path): \(error.localizedDescription)")
        }
        return try read(data: data, name: url.lastPathComponent, progress: progress, header: header, element: element)
    }

    /// Reads a file already in memory; `name` is only used in messages (and for the ids of GeoJSON
    /// features that have no OpenStreetMap id).
    @discardableResult
    public static func read(
        data: Data, name: String, progress: OSMReadProgress? = nil,
        header: (OSMFileHeader) throws -> Void = { _ in },
        element: (OSMElement) throws -> Void
    ) throws -> OSMReadNotes {
        try read(data: data, name: name, progress: progress, header: header, element: element, compressed: false)
    }

    private static func read(
        data: Data, name: String, progress: OSMReadProgress?,
        header: (OSMFileHeader) throws -> Void, element: (OSMElement) throws -> Void, compressed: Bool
    ) throws -> OSMReadNotes {
        var reporter = ProgressReporter(progress, total: data.count)
        return try data.withUnsafeBytes { raw -> OSMReadNotes in
            let bytes = raw.bindMemory(to: UInt8.self)
            switch FormatDetector.detect(bytes) {
            case .gzip where !compressed:
                let inflated = try decompress(name: name, "gzip") { () throws(DecompressionError) in try Inflate.gzip(bytes) }
                return try read(data: inflated, name: name, progress: progress, header: header, element: element, compressed: true)
            case .bzip2 where !compressed:
                let expanded = try decompress(name: name, "bzip2") { () throws(DecompressionError) in try Bunzip2.decompress(bytes) }
                return try read(data: expanded, name: name, progress: progress, header: header, element: element, compressed: true)
            case .pbf:
                try PBFReader.read(bytes, progress: &reporter, header: header, element: element)
                reporter.finish()
                return OSMReadNotes()
            case .xml:
                try OSMXMLReader.read(bytes, progress: &reporter, header: header, element: element)
                reporter.finish()
                return OSMReadNotes()
            case .json:
                // Overpass JSON has "elements", GeoJSON "features": the top-level members tell,
                // found without parsing what is in them.
                let members = try JSONMembers(bytes)
                if members["elements"] == nil, members["features"] != nil || members["type"] != nil {
                    let notes = try GeoJSONReader.read(bytes, members: members, name: name, progress: &reporter, header: header, element: element)
                    reporter.finish()
                    return notes
                }
                try OverpassJSONReader.read(data, progress: &reporter, header: header, element: element)
                reporter.finish()
                return OSMReadNotes()
            case .empty:
                throw OSMFormatError(message: "not an OpenStreetMap file: \(name) is empty")
            case .o5m:
                throw OSMFormatError(message: "\(name) is in the o5m format, which is not read here: convert it to PBF with `osmium cat`")
            case .gzip, .bzip2, .unknown:
                let start = bytes.prefix(8).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined(separator: " ")
                let inside = compressed ? " once decompressed" : ""
                let kind = FileKind(sniffing: bytes)
                // Say what it looks like; a name list given as an OSM file is a common slip, and
                // the kind goes with the error so that the edge can say how to import it instead.
                let looks: String =
                    switch kind {
                    case .binary, .text: "it starts with the bytes \(start)"
                    default: "it looks like \(kind)"
                    }
                throw OSMFormatError(
                    message: "not an OpenStreetMap file: \(name)\(inside) is neither OSM XML, PBF, Overpass JSON nor GeoJSON (\(looks))",
                    looksLike: kind)
            }
        }
    }

    private static func decompress(name: String, _ format: String, _ body: () throws(DecompressionError) -> [UInt8]) throws -> Data {
        do {
            return Data(try body())
        } catch {
            throw OSMFormatError(message: "\(name) cannot be decompressed: \(error.message)")
        }
    }
}
