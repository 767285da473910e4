/// The string table of one PrimitiveBlock. Strings are decoded on first use and then reused for the
/// rest of the block: a block's tag keys repeat thousands of times, and many entries (user names)
/// are never asked for at all.
struct PBFStringTable {
    private var ranges: [Range<Int>] = []
    private var decoded: [String?] = []
    private var bytes = UnsafeBufferPointer<UInt8>(start: nil, count: 0)

    /// Reads the StringTable message (`repeated bytes s = 1`) at `range`; capacity is kept between blocks.
    mutating func load(_ reader: ProtobufReader, range: Range<Int>) throws(ProtobufError) {
        ranges.removeAll(keepingCapacity: true)
        decoded.removeAll(keepingCapacity: true)
        bytes = reader.bytes
        var table = reader.message(range)
        while let (number, wireType) = try table.field() {
            if number == 1 && wireType == .lengthDelimited {
                ranges.append(try table.lengthDelimited())
            } else {
                try table.skip(wireType)
            }
        }
        decoded = Array(repeating: nil, count: ranges.count)
    }

    var count: Int { ranges.count }

    mutating func string(_ index: UInt64) throws(ProtobufError) -> String {
        guard index < UInt64(ranges.count) else {
            throw ProtobufError(message: "string \(index) is outside the string table of \(ranges.count) strings")
        }
        let slot = Int(index)
        if let string = decoded[slot] { return string }
        let string = String(decoding: UnsafeBufferPointer(rebasing: bytes[ranges[slot]]), as: UTF8.self)
        decoded[slot] = string
        return string
    }
}
