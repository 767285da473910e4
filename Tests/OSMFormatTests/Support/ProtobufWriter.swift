import Foundation

/// Just enough protobuf writing to build PBF files by hand, for the encodings osmium never writes
/// (unpacked repeated fields, history visibility, raw blobs with odd contents).
struct ProtobufWriter {
    var bytes: [UInt8] = []

    mutating func varint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    mutating func field(_ number: UInt64, varint value: UInt64) {
        varint(number << 3)
        varint(value)
    }

    mutating func field(_ number: UInt64, sint value: Int64) {
        field(number, varint: UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    mutating func field(_ number: UInt64, bytes value: [UInt8]) {
        varint(number << 3 | 2)
        varint(UInt64(value.count))
        bytes += value
    }

    mutating func field(_ number: UInt64, string value: String) {
        field(number, bytes: Array(value.utf8))
    }

    static func message(_ build: (inout ProtobufWriter) -> Void) -> [UInt8] {
        var writer = ProtobufWriter()
        build(&writer)
        return writer.bytes
    }

    /// A PBF file of raw (uncompressed) blobs: an OSMHeader with `headerBlock`, then one OSMData per block.
    static func pbfFile(headerBlock: [UInt8] = message { $0.field(4, string: "OsmSchema-V0.6") }, blocks: [[UInt8]]) -> Data {
        var file: [UInt8] = []
        for (type, payload) in [("OSMHeader", headerBlock)] + blocks.map({ ("OSMData", $0) }) {
            let blob = message {
                $0.field(1, bytes: payload); $0.field(2, varint: UInt64(payload.count))
            }
            let header = message {
                $0.field(1, string: type); $0.field(3, varint: UInt64(blob.count))
            }
            let length = UInt32(header.count)
            file += [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
            file += header + blob
        }
        return Data(file)
    }
}
