/// Rows of CSV (RFC 4180: quoted fields, doubled quotes, line breaks inside quotes) or TSV.
///
/// Works on bytes: the delimiter, quote and line breaks are ASCII, so UTF-8 text passes through
/// untouched and a 100 MB list is read without decoding it character by character.
/// ``forEachRow(_:)`` hands each row over as byte ranges (``DelimitedFields``), so that a reader
/// makes strings of the columns it uses only; iterating makes a string of every field.
package struct DelimitedText: Sequence {
    package struct Row {
        /// 1-based line where the row starts.
        package var line: Int
        package var fields: [String]

        package init(line: Int, fields: [String]) {
            self.line = line
            self.fields = fields
        }
    }

    package let bytes: [UInt8]
    package let delimiter: UInt8
    /// Where the text starts: after a UTF-8 byte order mark, which is not part of the first field.
    let start: Int

    package init(bytes: [UInt8], delimiter: UInt8) {
        self.bytes = bytes
        self.delimiter = delimiter
        start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    /// Hands `body` each row in turn, as fields to read before the next row replaces them.
    package func forEachRow<Failure: Error>(_ body: (borrowing DelimitedFields) throws(Failure) -> Void) throws(Failure) {
        try bytes.withUnsafeBufferPointer { (buffer) throws(Failure) in
            var scanner = DelimitedScanner(bytes: buffer, delimiter: delimiter, start: start)
            while scanner.next() { try body(scanner.fields) }
        }
    }

    package func makeIterator() -> Iterator { Iterator(text: self) }

    package struct Iterator: IteratorProtocol {
        let text: DelimitedText
        var index: Int
        var line = 1

        init(text: DelimitedText) {
            self.text = text
            index = text.start
        }

        package mutating func next() -> Row? {
            let (bytes, delimiter, from, fromLine) = (text.bytes, text.delimiter, index, line)
            let (row, end, endLine) = bytes.withUnsafeBufferPointer { buffer in
                var scanner = DelimitedScanner(bytes: buffer, delimiter: delimiter, start: from, line: fromLine)
                guard scanner.next() else { return (Row?.none, scanner.index, scanner.line) }
                let fields = scanner.fields
                return (Row(line: fields.line, fields: (0..<fields.count).map { fields.string($0) }), scanner.index, scanner.line)
            }
            index = end
            line = endLine
            return row
        }
    }
}

/// One row's fields as ranges of the text's bytes, or of unquoted copies for quoted fields: a
/// string is made only of a field asked for (a gazetteer's rows have columns the import reads
/// not at all). Valid only inside ``DelimitedText/forEachRow(_:)``'s body.
package struct DelimitedFields: ~Copyable {
    /// 1-based line where the row starts.
    package internal(set) var line = 1
    let bytes: UnsafeBufferPointer<UInt8>
    /// Per field: where its bytes start and end, in `bytes`, or in `unquoted` when `copied`.
    var spans: [(start: Int, end: Int, copied: Bool)] = []
    /// The bytes of the quoted fields, doubled quotes made single.
    var unquoted: [UInt8] = []

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    package var count: Int { spans.count }

    /// The field's bytes as UTF-8 (invalid sequences become U+FFFD, as `String(decoding:as:)` does).
    package func string(_ field: Int) -> String {
        let span = spans[field]
        if span.copied {
            return unquoted.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[span.start..<span.end]), as: UTF8.self) }
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[span.start..<span.end]), as: UTF8.self)
    }
}

/// The scanner behind ``DelimitedText``: one pass over the bytes. A field that does not start
/// with a quote (nearly all) is a range of the bytes, found by one scan for the delimiter or a
/// line break; a quoted one is copied byte by byte, as RFC 4180 reads it. Before, every byte was
/// appended to a field buffer and every field made a string: most of reading a name list (perf,
/// `places import --names` of GeoNames' 144k rows).
struct DelimitedScanner: ~Copyable {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let delimiter: UInt8
    private(set) var index: Int
    private(set) var line: Int
    var fields: DelimitedFields

    init(bytes: UnsafeBufferPointer<UInt8>, delimiter: UInt8, start: Int, line: Int = 1) {
        self.bytes = bytes
        self.delimiter = delimiter
        index = start
        self.line = line
        fields = DelimitedFields(bytes: bytes)
    }

    /// Reads the next row into ``fields``; false at the end of the text.
    mutating func next() -> Bool {
        let count = bytes.count
        // Blank lines are no rows.
        while index < count, bytes[index] == 0x0A || bytes[index] == 0x0D {
            if bytes[index] == 0x0A { line += 1 }
            index += 1
        }
        guard index < count else { return false }
        fields.line = line
        fields.spans.removeAll(keepingCapacity: true)
        fields.unquoted.removeAll(keepingCapacity: true)
        while true {
            if index < count, bytes[index] == UInt8(ascii: "\"") {
                copyQuotedField()
            } else {
                let start = index
                while index < count {
                    let byte = bytes[index]
                    if byte == delimiter || byte == 0x0A || byte == 0x0D { break }
                    index += 1
                }
                fields.spans.append((start, index, false))
            }
            // After a field: the delimiter and another field (empty at the end of the text), or the row's end.
            guard index < count, bytes[index] == delimiter else { return true }
            index += 1
        }
    }

    /// A field that starts with a quote, up to the delimiter or line break outside quotes: inside
    /// quotes a doubled quote is one and a line break is text; outside, a quote opens quotes again
    /// only where the field has nothing yet (`""x` is `x`), and is text otherwise.
    private mutating func copyQuotedField() {
        let count = bytes.count
        let start = fields.unquoted.count
        var quoted = false
        while index < count {
            let byte = bytes[index]
            if quoted {
                if byte == UInt8(ascii: "\"") {
                    if index + 1 < count, bytes[index + 1] == UInt8(ascii: "\"") {
                        fields.unquoted.append(byte)
                        index += 2
                        continue
                    }
                    quoted = false
                } else {
                    if byte == 0x0A { line += 1 }
                    fields.unquoted.append(byte)
                }
            } else if byte == UInt8(ascii: "\""), fields.unquoted.count == start {
                quoted = true
            } else if byte == delimiter || byte == 0x0A || byte == 0x0D {
                break
            } else {
                fields.unquoted.append(byte)
            }
            index += 1
        }
        fields.spans.append((start, fields.unquoted.count, true))
    }
}
