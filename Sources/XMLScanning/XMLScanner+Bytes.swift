#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// MARK: - Names and values, for readers

// Inlinable: readers call these several times per tag, from another module.
extension XMLScanner {
    /// The part of a name after its namespace prefix: `trkpt` of `gpx:trkpt`.
    @inlinable
    package func localName(_ range: Range<Int>) -> Range<Int> {
        var index = range.upperBound
        while index > range.lowerBound {
            if bytes[index - 1] == UInt8(ascii: ":") { return index..<range.upperBound }
            index -= 1
        }
        return range
    }

    /// The bytes at `range` are `literal`.
    @inlinable
    package func equals(_ range: Range<Int>, _ literal: StaticString) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard range.count == length, range.lowerBound >= 0, range.upperBound <= bytes.count else { return false }
        let pattern = literal.utf8Start
        var index = 0
        while index < length {
            if bytes[range.lowerBound + index] != pattern[index] { return false }
            index += 1
        }
        return true
    }

    /// The bytes at two ranges are the same (an end tag's name and its start tag's).
    @inlinable
    package func equalBytes(_ left: Range<Int>, _ right: Range<Int>) -> Bool {
        guard left.count == right.count, left.lowerBound >= 0, right.lowerBound >= 0, left.upperBound <= bytes.count,
            right.upperBound <= bytes.count
        else { return false }
        var offset = 0
        while offset < left.count {
            if bytes[left.lowerBound + offset] != bytes[right.lowerBound + offset] { return false }
            offset += 1
        }
        return true
    }

    /// The attribute of the current start tag named exactly `name`.
    @inlinable
    package func attribute(_ name: StaticString) -> XMLAttribute? {
        for attribute in attributes where equals(attribute.name, name) { return attribute }
        return nil
    }

    /// The attribute of the current start tag whose local name is `name` (any namespace prefix).
    @inlinable
    package func attribute(localName name: StaticString) -> XMLAttribute? {
        for attribute in attributes where equals(localName(attribute.name), name) { return attribute }
        return nil
    }

    /// The bytes at `range` as text, cut at `limit` bytes (40 by default: enough to name a tag in a message).
    package func text(_ range: Range<Int>, limit: Int = 40) -> String {
        let clamped = range.clamped(to: 0..<bytes.count)
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[clamped.prefix(limit)]), as: UTF8.self)
    }

    /// The bytes at `range` as text, whole.
    package func string(_ range: Range<Int>) -> String { text(range, limit: Int.max) }

    /// The byte at `index` as a message names it: `'x'`, "a space", "the end of the file".
    package func describe(_ index: Int) -> String {
        guard index >= 0, index < bytes.count else { return "the end of the file" }
        let byte = bytes[index]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte == 0x20 { return "a space" }
        if byte == 0x0A || byte == 0x0D { return "the end of the line" }
        return "byte 0x" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
    }
}

// MARK: - Bytes

// On a buffer given, not on `self.bytes`: the scanner's loops keep the buffer in a local, which the
// optimiser need not reload after each mutation of the scanner.
extension XMLScanner {
    @inline(__always)
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    @inline(__always)
    static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    @inline(__always)
    static func skipSpace(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index < bytes.count && isSpace(bytes[index]) { index += 1 }
        return index
    }

    /// An XML name: everything up to whitespace or a character that cannot be part of one.
    @inline(__always)
    static func readName(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Range<Int> {
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x09, 0x0D, UInt8(ascii: "="), UInt8(ascii: ">"), UInt8(ascii: "/"), UInt8(ascii: "<"),
                UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "&"):
                return start..<index
            default:
                index += 1
            }
        }
        return start..<index
    }

    @inline(__always)
    static func find(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start < bytes.count, let base = bytes.baseAddress else { return nil }
        guard let found = memchr(base + start, Int32(byte), bytes.count - start) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// The next `<` from `start`: looked for byte by byte first, because between the tags of most files
    /// there are only a line break and an indentation, then with memchr for long text.
    @inline(__always)
    static func findMarkup(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        let near = min(bytes.count, start + 32)
        while index < near {
            if bytes[index] == UInt8(ascii: "<") { return index }
            index += 1
        }
        return find(UInt8(ascii: "<"), in: bytes, from: index)
    }

    /// The bytes at `offset` begin with `literal` (or, given `upTo`, with its first `upTo` bytes).
    static func starts(
        with literal: StaticString, in bytes: UnsafeBufferPointer<UInt8>, at offset: Int, upTo limit: Int = Int.max
    ) -> Bool {
        let length = min(literal.utf8CodeUnitCount, limit)
        guard offset >= 0, bytes.count - offset >= length, let base = bytes.baseAddress else { return false }
        return memcmp(base + offset, literal.utf8Start, length) == 0
    }
}
