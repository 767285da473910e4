/// "line L, column C" for a byte offset of a text file, computed only when an error is reported.
/// Columns count characters, not bytes, so that "Café" does not shift the column of what follows.
enum TextLocation {
    static func describe(offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        let end = min(max(offset, 0), bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<end where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        var column = 1
        for index in lineStart..<end where bytes[index] & 0xC0 != 0x80 { column += 1 }
        return "line \(line), column \(column)"
    }
}
