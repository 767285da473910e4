import Foundation
import PlaceBytes
import PlaceCore

/// The members of a JSON document's top-level object, found without parsing their values: each
/// key with the byte range of its value. A GeoJSON file is one object whose `features` array holds
/// everything; knowing where each feature starts and ends lets it be parsed one at a time, so that
/// memory follows the largest feature, not the file.
///
/// The scan checks the structure (brackets, strings, commas and colons); the values themselves are
/// checked when they are parsed.
struct JSONMembers {
    struct Member {
        var key: String
        var range: Range<Int>
    }

    let members: [Member]

    subscript(key: String) -> Member? { members.first { $0.key == key } }

    /// - Throws: ``OSMFormatError`` with the line and column of the first problem.
    init(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        var scanner = JSONScanner(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { scanner.index = 3 }
        scanner.skipWhitespace()
        try scanner.expect(UInt8(ascii: "{"), "the document must be an object")
        var members: [Member] = []
        scanner.skipWhitespace()
        if scanner.peek == UInt8(ascii: "}") {
            scanner.index += 1
        } else {
            while true {
                scanner.skipWhitespace()
                let keyStart = scanner.index
                try scanner.expect(UInt8(ascii: "\""), "expected a member name in quotes")
                scanner.index = keyStart
                let keyEnd = try scanner.skipValue()
                let key = try scanner.parse(keyStart..<keyEnd).stringValue ?? ""
                scanner.skipWhitespace()
                try scanner.expect(UInt8(ascii: ":"), "expected ':' after the member name \"\(key)\"")
                scanner.skipWhitespace()
                let valueStart = scanner.index
                let valueEnd = try scanner.skipValue()
                members.append(Member(key: key, range: valueStart..<valueEnd))
                scanner.skipWhitespace()
                if scanner.peek == UInt8(ascii: ",") {
                    scanner.index += 1
                    continue
                }
                try scanner.expect(UInt8(ascii: "}"), "expected ',' or '}' after the value of \"\(key)\"")
                break
            }
        }
        scanner.skipWhitespace()
        guard scanner.index == bytes.count else {
            throw scanner.failure("unexpected \(scanner.describeCurrent()) after the end of the document")
        }
        self.members = members
    }
}

/// Byte-level JSON structure: skipping a value by matching its brackets, parsing a slice with the
/// core's strict parser, and saying where a problem is.
struct JSONScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skipWhitespace() {
        while index < bytes.count,
            bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09
        {
            index += 1
        }
    }

    mutating func expect(_ byte: UInt8, _ message: @autoclosure () -> String) throws {
        guard peek == byte else {
            throw failure(
                peek == nil ? "the document ends early: \(message())" : "\(message()), found \(describeCurrent())")
        }
        index += 1
    }

    /// Moves past one value (an object or array with everything in it, a string, a number or a
    /// word) and returns where it ends.
    mutating func skipValue() throws -> Int {
        guard let first = peek else { throw failure("the document ends where a value was expected") }
        switch first {
        case UInt8(ascii: "\""):
            try skipString()
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var closers: [UInt8] = []
            repeat {
                guard index < bytes.count else {
                    throw failure(
                        "the document ends inside \(closers.last == UInt8(ascii: "}") ? "an object" : "an array") (is the file cut short?)"
                    )
                }
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""):
                    try skipString()
                    continue
                case UInt8(ascii: "{"): closers.append(UInt8(ascii: "}"))
                case UInt8(ascii: "["): closers.append(UInt8(ascii: "]"))
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    guard closers.last == byte else { throw failure("unexpected \(describeCurrent())") }
                    closers.removeLast()
                default: break
                }
                index += 1
            } while !closers.isEmpty
        default:
            let start = index
            while index < bytes.count, !Self.ends(bytes[index]) { index += 1 }
            if index == start { throw failure("expected a value, found \(describeCurrent())") }
        }
        return index
    }

    private mutating func skipString() throws {
        let start = index
        index += 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index += 1
                return
            case UInt8(ascii: "\\"): index += 2
            default: index += 1
            }
        }
        index = start
        throw failure("a string that starts here never ends (is the file cut short?)")
    }

    private static func ends(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") || byte == 0x20
            || byte == 0x0A
            || byte == 0x0D || byte == 0x09
    }

    /// The value in `range`, parsed strictly; a problem is reported where it is in the whole file.
    func parse(_ range: Range<Int>) throws -> JSONValue {
        do {
            return try JSONValue.parse(Data(UnsafeBufferPointer(rebasing: bytes[range])))
        } catch {
            throw OSMFormatError(
                location: Self.location(of: error, in: range, of: bytes),
                message: "this JSON is malformed: \(error.message)")
        }
    }

    /// "line L, column C" of an error the parser found in a slice, counted in the whole file.
    static func location(of error: JSONParseError, in range: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>) -> String {
        var offset = range.lowerBound
        var line = 1
        while line < error.line, offset < range.upperBound {
            if bytes[offset] == 0x0A { line += 1 }
            offset += 1
        }
        var column = 1
        while column < error.column, offset < range.upperBound {
            offset += 1
            if offset < bytes.count, bytes[offset] & 0xC0 != 0x80 { column += 1 }
        }
        return TextLocation.describe(offset: offset, in: bytes)
    }

    func failure(_ message: String) -> OSMFormatError {
        OSMFormatError(
            location: TextLocation.describe(offset: index, in: bytes), message: "this JSON is malformed: \(message)")
    }

    func describeCurrent() -> String {
        guard let byte = peek else { return "the end of the document" }
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(UnicodeScalar(byte)))'" }
        return String(format: "the byte 0x%02X", byte)
    }
}
