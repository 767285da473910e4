import PlaceCore

/// Lines of a byte stream, for the one-object-per-line formats (NDJSON fixes, gpsd).
///
/// Each ``next()`` returns as soon as a whole line is in: on a pipe that is when the writer has
/// written it, not when 64 KiB have gathered. A line longer than the window's maximum (1 MiB) is
/// passed over and reported, so that memory stays bounded.
struct LineStream {
    enum Line {
        /// The 1-based line number and the line's bytes without its `\n` or `\r\n`, valid until the
        /// next call.
        case text(number: Int, bytes: UnsafeBufferPointer<UInt8>)
        /// A line longer than the limit, passed over.
        case tooLong(number: Int)
    }

    var window: ByteWindow
    private var lineNumber = 0
    /// Where to resume looking for `\n`: the bytes from `window.start` to here have none.
    private var searched = 0
    private var discarding = false

    init(window: ByteWindow) {
        self.window = window
    }

    var name: String { window.name }

    mutating func next() throws(TraceError) -> Line? {
        while true {
            let bytes = window.bytes
            var index = max(searched, window.start)
            while index < bytes.count, bytes[index] != 0x0A { index += 1 }
            if index < bytes.count || (window.reachedEnd && window.available > 0) {
                // A whole line, or the last one without its newline.
                let lineStart = window.start
                window.start = min(index + 1, bytes.count)
                searched = window.start
                lineNumber += 1
                if discarding {
                    discarding = false
                    return .tooLong(number: lineNumber)
                }
                var lineEnd = index
                if lineEnd > lineStart, bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
                var first = lineStart
                if lineNumber == 1, lineEnd - first >= 3, bytes[first] == 0xEF, bytes[first + 1] == 0xBB,
                    bytes[first + 2] == 0xBF
                {
                    first += 3  // a UTF-8 byte order mark
                }
                return .text(number: lineNumber, bytes: UnsafeBufferPointer(rebasing: bytes[first..<lineEnd]))
            }
            if window.reachedEnd {
                if discarding {
                    discarding = false
                    lineNumber += 1
                    return .tooLong(number: lineNumber)
                }
                return nil
            }
            searched = index - window.start  // indices shift down by `start` when the window fills
            switch try window.fill() {
            case .more, .ended:
                continue
            case .full:
                // Drop what there is of the over-long line and look for its end.
                discarding = true
                window.start = window.bytes.count
                searched = 0
            }
        }
    }
}
