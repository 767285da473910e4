/// The HeaderBlock of the "OSMHeader" blob: the bounding box, the writing program, and the features
/// a reader must understand to read the file correctly.
enum PBFHeaderBlock {
    /// What this reader understands. LocationsOnWays adds coordinates to ways that are simply not
    /// read; the node refs are still there.
    static let supportedFeatures: Set<String> = ["OsmSchema-V0.6", "DenseNodes", "HistoricalInformation", "LocationsOnWays"]

    static func decode(_ bytes: UnsafeBufferPointer<UInt8>) throws -> OSMFileHeader {
        var reader = ProtobufReader(bytes)
        var header = OSMFileHeader(format: .pbf)
        while let (number, wireType) = try reader.field() {
            switch (number, wireType) {
            case (1, .lengthDelimited):
                header.bounds = try boundingBox(reader.message(try reader.lengthDelimited()))
            case (4, .lengthDelimited):
                let feature = try reader.string()
                guard supportedFeatures.contains(feature) else {
                    throw UnsupportedFeature(name: feature)
                }
            case (16, .lengthDelimited):
                header.generator = try reader.string()
            default:
                try reader.skip(wireType)
            }
        }
        return header
    }

    struct UnsupportedFeature: Error {
        var name: String
    }

    /// HeaderBBox: left, right, top, bottom in nanodegrees.
    private static func boundingBox(_ message: ProtobufReader) throws(ProtobufError) -> (south: Double, west: Double, north: Double, east: Double) {
        var reader = message
        var values: [Int64] = [0, 0, 0, 0]
        while let (number, wireType) = try reader.field() {
            if (1...4).contains(number) && wireType == .varint {
                values[Int(number) - 1] = try reader.signedVarint()
            } else {
                try reader.skip(wireType)
            }
        }
        return (south: Double(values[3]) / 1e9, west: Double(values[0]) / 1e9, north: Double(values[2]) / 1e9, east: Double(values[1]) / 1e9)
    }
}
