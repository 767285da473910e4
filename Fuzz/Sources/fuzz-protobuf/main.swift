// The protobuf wire-format reader: every field of every nested message, packed runs included.
@testable import OSMFormat

func walk(_ reader: inout ProtobufReader, depth: Int) throws(ProtobufError) {
    while let (_, wireType) = try reader.field() {
        switch wireType {
        case .lengthDelimited:
            let range = try reader.lengthDelimited()
            if depth < 8 {
                var inner = reader.message(range)
                try? walk(&inner, depth: depth + 1)
            }
            var run = reader.message(range)
            var deltas: [Int64] = []
            while !run.isAtEnd, (try? run.signedVarint()).map({ deltas.append($0) }) != nil {}
        case .varint:
            var values: [Int64] = [1]
            try reader.appendDeltas(.varint, to: &values)
        default:
            try reader.skip(wireType)
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzProtobuf(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: start.assumingMemoryBound(to: UInt8.self), count: count)
    var reader = ProtobufReader(bytes)
    try? walk(&reader, depth: 0)
    var strings = ProtobufReader(bytes)
    while (try? strings.string()) != nil {}
    return 0
}
