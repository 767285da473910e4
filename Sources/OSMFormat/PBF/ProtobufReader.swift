/// A protobuf message that does not decode; the PBF reader adds the blob it was in.
struct ProtobufError: Error, Equatable {
    var message: String
}

/// A minimal protobuf wire-format reader over a byte buffer, for the handful of messages of the OSM
/// PBF format. Every length is checked against the bytes that remain, varints are limited to ten
/// bytes and all arithmetic wraps, so hostile input ends in a `ProtobufError`, never in a trap.
struct ProtobufReader {
    enum WireType: UInt8 {
        case varint = 0, fixed64 = 1, lengthDelimited = 2, startGroup = 3, endGroup = 4, fixed32 = 5
    }

    let bytes: UnsafeBufferPointer<UInt8>
    private(set) var position: Int
    let end: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>? = nil) {
        self.bytes = bytes
        let range = (range ?? 0..<bytes.count).clamped(to: 0..<bytes.count)
        position = range.lowerBound
        end = range.upperBound
    }

    var isAtEnd: Bool { position >= end }

    @inline(__always)
    mutating func varint() throws(ProtobufError) -> UInt64 {
        // Most varints in OSM data are one byte: decode those without the loop.
        if position < end, bytes[position] < 0x80 {
            defer { position += 1 }
            return UInt64(bytes[position])
        }
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while position < end {
            let byte = bytes[position]
            position += 1
            result |= UInt64(byte & 0x7F) << shift  // a shift of 64 or more gives 0, not a trap
            if byte < 0x80 { return result }
            shift += 7
            if shift >= 70 { throw ProtobufError(message: "a varint is longer than ten bytes") }
        }
        throw ProtobufError(message: "a message ends inside a varint")
    }

    @inline(__always)
    mutating func signedVarint() throws(ProtobufError) -> Int64 {
        let raw = try varint()
        return Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1)))
    }

    /// The next field's number and wire type, or nil at the end of the message.
    @inline(__always)
    mutating func field() throws(ProtobufError) -> (number: UInt64, wireType: WireType)? {
        guard position < end else { return nil }
        let key = try varint()
        guard let wireType = WireType(rawValue: UInt8(truncatingIfNeeded: key & 7)) else {
            throw ProtobufError(message: "unknown wire type \(key & 7) for field \(key >> 3)")
        }
        return (key >> 3, wireType)
    }

    /// The range of a length-delimited field's bytes, which the reader moves past.
    mutating func lengthDelimited() throws(ProtobufError) -> Range<Int> {
        let length = try varint()
        guard length <= UInt64(end - position) else {
            throw ProtobufError(message: "a field of \(length) bytes is longer than the \(end - position) bytes left in its message")
        }
        let start = position
        position += Int(length)
        return start..<position
    }

    mutating func string() throws(ProtobufError) -> String {
        let range = try lengthDelimited()
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    mutating func skip(_ wireType: WireType) throws(ProtobufError) {
        switch wireType {
        case .varint: _ = try varint()
        case .fixed64: try advance(8)
        case .fixed32: try advance(4)
        case .lengthDelimited: _ = try lengthDelimited()
        case .startGroup, .endGroup: throw ProtobufError(message: "protobuf groups are not used by OSM PBF")
        }
    }

    private mutating func advance(_ count: Int) throws(ProtobufError) {
        guard end - position >= count else { throw ProtobufError(message: "a message ends inside a fixed-size field") }
        position += count
    }

    /// A reader of the sub-message in `range`.
    func message(_ range: Range<Int>) -> ProtobufReader {
        ProtobufReader(bytes, range: range)
    }

    // MARK: - Repeated fields, packed or not

    /// Appends a repeated varint field: packed (one length-delimited run) or one value per field.
    mutating func appendVarints(_ wireType: WireType, to values: inout [UInt64]) throws(ProtobufError) {
        if wireType == .varint {
            values.append(try varint())
            return
        }
        guard wireType == .lengthDelimited else { throw ProtobufError(message: "a repeated number has wire type \(wireType.rawValue)") }
        var run = message(try lengthDelimited())
        while !run.isAtEnd { values.append(try run.varint()) }
    }

    /// Appends a repeated sint64 field whose values are deltas (ids, coordinates, refs), summed up.
    mutating func appendDeltas(_ wireType: WireType, to values: inout [Int64]) throws(ProtobufError) {
        var last = values.last ?? 0
        if wireType == .varint {
            values.append(last &+ (try signedVarint()))
            return
        }
        guard wireType == .lengthDelimited else { throw ProtobufError(message: "a repeated number has wire type \(wireType.rawValue)") }
        var run = message(try lengthDelimited())
        while !run.isAtEnd {
            last = last &+ (try run.signedVarint())
            values.append(last)
        }
    }
}
