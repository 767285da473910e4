import Foundation

extension DelimitedText {
    /// A run of whole rows: where it starts and ends in the text's bytes, and the line it starts on.
    /// Rows read part by part, on as many threads, are the rows read in one pass, with the same
    /// line numbers.
    package struct Part: Sendable, Equatable {
        package var start: Int
        package var end: Int
        /// The line `start` is on (1-based).
        package var line: Int
    }

    /// The whole text, as one part.
    package var whole: Part { Part(start: start, end: bytes.count, line: 1) }

    /// Hands `body` the first row of `part`, and gives back the rest of it: nil when the part has no rows.
    package func firstRow<Failure: Error>(
        of part: Part, _ body: (borrowing DelimitedFields) throws(Failure) -> Void
    ) throws(Failure) -> Part? {
        try bytes.withUnsafeBufferPointer { (buffer) throws(Failure) -> Part? in
            var scanner = rowScanner(buffer, part)
            guard scanner.next() else { return nil }
            try body(scanner.fields)
            return Part(start: scanner.index, end: part.end, line: scanner.line)
        }
    }

    /// Hands `body` each row of `part` in turn, as ``forEachRow(_:)`` does for the whole text.
    package func forEachRow<Failure: Error>(in part: Part, _ body: (borrowing DelimitedFields) throws(Failure) -> Void) throws(Failure) {
        try bytes.withUnsafeBufferPointer { (buffer) throws(Failure) in
            var scanner = rowScanner(buffer, part)
            while scanner.next() { try body(scanner.fields) }
        }
    }

    /// `part` cut into at most `count` parts of about the same size, each of whole rows.
    ///
    /// Where the part holds no quote, a row ends at every line feed: a cut is the first line feed
    /// after each share of the bytes, and its line is counted from the line feeds before it. A
    /// quote may hold line feeds, so where there is one the rows are scanned, as reading them
    /// would, up to the last cut (the scan finds where rows end, and makes no fields' strings).
    package func split(_ part: Part, into count: Int) -> [Part] {
        let length = part.end - part.start
        guard count > 1, length > 0 else { return [part] }
        let share = length / count
        return bytes.withUnsafeBufferPointer { buffer -> [Part] in
            guard let base = buffer.baseAddress else { return [part] }
            let hasQuote = memchr(base + part.start, Int32(UInt8(ascii: "\"")), length) != nil
            var cuts: [(index: Int, line: Int)] = []
            if hasQuote {
                var scanner = rowScanner(buffer, part)
                var target = part.start + share
                while cuts.count < count - 1, scanner.next() {
                    if scanner.index >= target, scanner.index < part.end {
                        cuts.append((scanner.index, scanner.line))
                        target = scanner.index + share
                    }
                }
            } else {
                var from = part.start
                var line = part.line
                while cuts.count < count - 1 {
                    let target = Swift.max(from, part.start + share * (cuts.count + 1))
                    guard target < part.end, let found = memchr(base + target, 0x0A, part.end - target) else { break }
                    let cut = UnsafeRawPointer(found) - UnsafeRawPointer(base) + 1
                    guard cut < part.end else { break }
                    line += Self.lineFeeds(in: UnsafeBufferPointer(rebasing: buffer[from..<cut]))
                    cuts.append((cut, line))
                    from = cut
                }
            }
            var parts: [Part] = []
            var start = (part.start, part.line)
            for cut in cuts {
                parts.append(Part(start: start.0, end: cut.index, line: start.1))
                start = cut
            }
            parts.append(Part(start: start.0, end: part.end, line: start.1))
            return parts
        }
    }

    /// A scanner of the rows of `part`, which ends where the part does.
    private func rowScanner(_ buffer: UnsafeBufferPointer<UInt8>, _ part: Part) -> DelimitedScanner {
        DelimitedScanner(bytes: UnsafeBufferPointer(rebasing: buffer[..<part.end]), delimiter: delimiter, start: part.start, line: part.line)
    }

    /// The line feeds in `part`: a bound on its rows (a quoted field may hold some).
    package func lineFeeds(in part: Part) -> Int {
        bytes.withUnsafeBufferPointer { Self.lineFeeds(in: UnsafeBufferPointer(rebasing: $0[part.start..<part.end])) }
    }

    private static func lineFeeds(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        for byte in bytes where byte == 0x0A { count += 1 }
        return count
    }
}
