/// Rows of CSV (RFC 4180: quoted fields, doubled quotes, line breaks inside quotes) or TSV.
///
/// Works on bytes: the delimiter, quote and line breaks are ASCII, so UTF-8 text passes through
/// untouched and a 100 MB list is read without decoding it character by character.
package struct DelimitedText: Sequence {
    package struct Row {
        /// 1-based line where the row starts.
        package var line: Int
        package var fields: [String]
    }

    package let bytes: [UInt8]
    package let delimiter: UInt8

    package init(bytes: [UInt8], delimiter: UInt8) {
        // A UTF-8 byte order mark is not part of the first field.
        self.bytes = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        self.delimiter = delimiter
    }

    package func makeIterator() -> Iterator { Iterator(bytes: bytes, delimiter: delimiter) }

    package struct Iterator: IteratorProtocol {
        let bytes: [UInt8]
        let delimiter: UInt8
        var index = 0
        var line = 1

        package mutating func next() -> Row? {
            // Blank lines are no rows.
            while index < bytes.count, bytes[index] == 0x0A || bytes[index] == 0x0D {
                if bytes[index] == 0x0A { line += 1 }
                index += 1
            }
            guard index < bytes.count else { return nil }
            let startLine = line
            var fields: [String] = []
            var field: [UInt8] = []
            var quoted = false
            while index < bytes.count {
                let byte = bytes[index]
                if quoted {
                    if byte == UInt8(ascii: "\"") {
                        if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\"") {
                            field.append(byte)
                            index += 2
                            continue
                        }
                        quoted = false
                    } else {
                        if byte == 0x0A { line += 1 }
                        field.append(byte)
                    }
                    index += 1
                    continue
                }
                if byte == UInt8(ascii: "\""), field.isEmpty {
                    quoted = true
                } else if byte == delimiter {
                    fields.append(String(decoding: field, as: UTF8.self))
                    field.removeAll(keepingCapacity: true)
                } else if byte == 0x0A || byte == 0x0D {
                    break
                } else {
                    field.append(byte)
                }
                index += 1
            }
            fields.append(String(decoding: field, as: UTF8.self))
            return Row(line: startLine, fields: fields)
        }
    }
}
