/// What a file is, judged from its first bytes: names lie (a ".osm" saved from a browser may be an
/// error page, an ".osm.pbf" may be gzipped), bytes do not.
enum DetectedFormat: Equatable {
    case gzip, bzip2, pbf, xml, json
    case o5m
    case empty
    case unknown
}

enum FormatDetector {
    static func detect(_ bytes: UnsafeBufferPointer<UInt8>) -> DetectedFormat {
        guard !bytes.isEmpty else { return .empty }
        if bytes.count >= 2 && bytes[0] == 0x1F && bytes[1] == 0x8B { return .gzip }
        if bytes.count >= 3 && bytes[0] == UInt8(ascii: "B") && bytes[1] == UInt8(ascii: "Z") && bytes[2] == UInt8(ascii: "h") {
            return .bzip2
        }
        if bytes.count >= 2 && bytes[0] == 0xFF && bytes[1] == 0xE0 { return .o5m }
        if isPBF(bytes) { return .pbf }
        var index = 0
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { index = 3 }
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        guard index < bytes.count else { return .unknown }
        // Any markup is read as XML, so that a GPX or KML file gets "the root element is <gpx>".
        if bytes[index] == UInt8(ascii: "<") { return .xml }
        if bytes[index] == UInt8(ascii: "{") { return .json }
        return .unknown
    }

    /// A PBF file starts with the length of its first BlobHeader (so two zero bytes: it is under 64 KiB),
    /// then that header's first field: the string "OSMHeader" (0x0A, length 9). A file cut inside that
    /// signature is still called PBF, so that it is reported as truncated rather than as unknown.
    private static func isPBF(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= 5, bytes[0] == 0, bytes[1] == 0 else { return false }
        let signature: [UInt8] = [0x0A, 0x09] + Array("OSMHeader".utf8)
        let available = min(bytes.count - 4, signature.count)
        for index in 0..<available where bytes[4 + index] != signature[index] { return false }
        return true
    }
}
