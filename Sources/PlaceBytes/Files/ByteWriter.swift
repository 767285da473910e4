/// Little-endian bytes of an index file being assembled: fixed-width numbers, raw bytes, padding.
package struct ByteWriter {
    package var data: [UInt8] = []

    package init() {}

    package mutating func u8(_ value: UInt8) { data.append(value) }

    /// Byte by byte: appending a 4- or 8-byte buffer went through the generic
    /// `append(contentsOf:)`, several times slower for so few bytes.
    package mutating func u32(_ value: UInt32) {
        data.append(UInt8(truncatingIfNeeded: value))
        data.append(UInt8(truncatingIfNeeded: value >> 8))
        data.append(UInt8(truncatingIfNeeded: value >> 16))
        data.append(UInt8(truncatingIfNeeded: value >> 24))
    }

    package mutating func i32(_ value: Int32) { u32(UInt32(bitPattern: value)) }

    package mutating func f32(_ value: Float) { u32(value.bitPattern) }

    package mutating func u64(_ value: UInt64) {
        u32(UInt32(truncatingIfNeeded: value))
        u32(UInt32(truncatingIfNeeded: value >> 32))
    }

    package mutating func bytes(_ bytes: [UInt8]) { data.append(contentsOf: bytes) }

    /// A whole array of fixed-width integers at once (the bulk of an index: millions of them).
    package mutating func array<Value: FixedWidthInteger>(_ values: [Value]) {
        #if _endian(little)
            values.withUnsafeBytes { data.append(contentsOf: $0) }
        #else
            for value in values { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        #endif
    }

    package mutating func array(_ values: [Float]) {
        #if _endian(little)
            values.withUnsafeBytes { data.append(contentsOf: $0) }
        #else
            for value in values { u32(value.bitPattern) }
        #endif
    }

    package mutating func align(_ alignment: Int) {
        while data.count % alignment != 0 { data.append(0) }
    }
}
