#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A byte-level scanner of just enough XML for GPX and OpenStreetMap files: start and end tags with
/// their attributes, and on request the text of an element. Comments, processing instructions, CDATA
/// and the DOCTYPE are skipped. Foundation's `XMLParser` is not used: on Linux it wants the whole
/// document and builds a `String` and a dictionary for every tag, several times slower.
///
/// One scanner serves both ways of reading:
/// - a whole file in memory (OSM XML, memory-mapped): `init(bytes:)`, and ``next()`` until
///   `.endOfInput`;
/// - a stream read in chunks (GPX of any length, stdin): `init(bytes:start:inputEnded: false)`. When the
///   bytes stop inside a tag, ``next()`` returns `.needMore` with ``position`` left where the tag starts;
///   the caller keeps the bytes from ``position`` on, reads more after them and calls
///   ``resume(with:at:inputEnded:)``. Comments, CDATA and the DOCTYPE are consumed as they go, so they
///   may be of any length; only a single tag must fit in the caller's buffer.
///
/// Ranges it hands out index ``bytes`` and are valid until the next call to ``next()``.
package struct XMLScanner {
    /// The most text kept between ``beginCapture()`` and ``endCapture()``.
    package static let maximumText = 4096

    package private(set) var bytes: UnsafeBufferPointer<UInt8>
    /// The first byte not yet consumed.
    package internal(set) var position: Int
    package internal(set) var attributes: [XMLAttribute] = []
    /// The captured text, raw: entities are not yet decoded (CDATA's `&` is stored as `&amp;`).
    package private(set) var text: [UInt8] = []
    /// More than ``maximumText`` bytes were offered while capturing; ``text`` holds the first of them.
    package private(set) var textOverflowed = false
    package private(set) var capturing = false
    /// Something other than whitespace (or a byte order mark) was read: the input is not empty.
    package private(set) var sawContent = false
    /// What the last `.needMore` stopped inside, for a caller that cannot make room for more.
    package private(set) var unfinished: XMLConstruct?
    private var inputEnded: Bool
    private var mode = Mode.content

    private enum Mode {
        case content
        case comment
        case processingInstruction
        case cdata
        case doctype(bracketDepth: Int, quote: UInt8)
    }

    /// - Parameter inputEnded: false when more bytes may follow these (a stream read in chunks).
    package init(bytes: UnsafeBufferPointer<UInt8>, start: Int = 0, inputEnded: Bool = true) {
        self.bytes = bytes
        position = start
        self.inputEnded = inputEnded
        attributes.reserveCapacity(16)
    }

    /// Goes on after `.needMore` with the caller's buffer, which holds the unconsumed bytes from
    /// `position` on followed by what was read since.
    package mutating func resume(with bytes: UnsafeBufferPointer<UInt8>, at position: Int, inputEnded: Bool) {
        self.bytes = bytes
        self.position = position
        self.inputEnded = inputEnded
        unfinished = nil
    }

    /// Keeps the text (and CDATA) read from now on, up to ``maximumText`` bytes.
    package mutating func beginCapture() {
        capturing = true
        textOverflowed = false
        text.removeAll(keepingCapacity: true)
    }

    package mutating func endCapture() { capturing = false }

    // MARK: - Tokens

    package mutating func next() throws(XMLSyntaxError) -> XMLToken {
        while true {
            switch mode {
            case .content:
                let from = position
                let end = bytes.count
                let open = Self.findMarkup(in: bytes, from: from)
                if !sawContent { noteContent(from..<(open.map { $0 + 1 } ?? end)) }
                guard let open else {
                    if capturing { appendText(from..<end, escapingAmpersands: false) }
                    position = end
                    return inputEnded ? .endOfInput : .needMore
                }
                if capturing && open > from { appendText(from..<open, escapingAmpersands: false) }
                position = open
                if let token = try markup(at: open) { return token }
            case .comment:
                guard try skip(past: "-->") else { return try incomplete(.comment) }
                mode = .content
            case .processingInstruction:
                guard try skip(past: "?>") else { return try incomplete(.processingInstruction) }
                mode = .content
            case .cdata:
                guard try skip(past: "]]>", keeping: capturing) else { return try incomplete(.cdata) }
                mode = .content
            case .doctype(let depth, let quote):
                guard skipDoctype(depth: depth, quote: quote) else { return try incomplete(.doctype) }
                mode = .content
            }
        }
    }

    /// What starts with `<` at `open`: a tag, `.needMore`, or nil after switching to a skipping mode.
    @inline(__always)
    private mutating func markup(at open: Int) throws(XMLSyntaxError) -> XMLToken? {
        let bytes = self.bytes
        let end = bytes.count
        guard open + 1 < end else { return try incomplete(.markup) }
        switch bytes[open + 1] {
        case UInt8(ascii: "?"):
            position = open + 2
            mode = .processingInstruction
        case UInt8(ascii: "!"):
            if Self.starts(with: "<!--", in: bytes, at: open) {
                position = open + 4
                mode = .comment
            } else if Self.starts(with: "<![CDATA[", in: bytes, at: open) {
                position = open + 9
                mode = .cdata
            } else if open + 2 < end, Self.isLetter(bytes[open + 2]) {
                // <!DOCTYPE …>, with an internal subset that may hold '>' inside brackets and quotes.
                position = open + 2
                mode = .doctype(bracketDepth: 0, quote: 0)
            } else if isCutDeclaration(at: open) {
                return try incomplete(.markup)
            } else {
                throw XMLSyntaxError(
                    offset: open, message: "unexpected '<!': expected a comment (<!--), CDATA (<![CDATA[) or a DOCTYPE")
            }
        case UInt8(ascii: "/"):
            return try endTag(at: open)
        default:
            return try startTag(at: open)
        }
        return nil
    }

    /// The bytes stop inside `construct`: `.needMore` if more may come, else the file is cut there.
    mutating func incomplete(_ construct: XMLConstruct) throws(XMLSyntaxError) -> XMLToken {
        guard inputEnded else {
            unfinished = construct
            return .needMore
        }
        throw XMLSyntaxError(
            offset: bytes.count, message: "the file ends inside \(construct)", truncatedInside: construct)
    }

    // MARK: - Skipping

    /// Skips to just past `terminator`; true when found, false when the bytes ran out first (the last
    /// few, which may begin the terminator, are left unconsumed).
    private mutating func skip(past terminator: StaticString, keeping keep: Bool = false) throws(XMLSyntaxError)
        -> Bool
    {
        let length = terminator.utf8CodeUnitCount
        let first = terminator.utf8Start.pointee
        var index = position
        while let candidate = Self.find(first, in: bytes, from: index) {
            if Self.starts(with: terminator, in: bytes, at: candidate) {
                if keep { appendText(position..<candidate, escapingAmpersands: true) }
                position = candidate + length
                return true
            }
            if bytes.count - candidate < length { break }  // may complete with the next read
            index = candidate + 1
        }
        let safe = max(position, bytes.count - (length - 1))
        if keep { appendText(position..<safe, escapingAmpersands: true) }
        position = safe
        return false
    }

    /// Skips a DOCTYPE's body up to its `>`; false (with the state kept) when the bytes ran out first.
    private mutating func skipDoctype(depth: Int, quote: UInt8) -> Bool {
        var depth = depth
        var quote = quote
        var index = position
        defer { position = index }
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if quote != 0 {
                if byte == quote { quote = 0 }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "]") {
                depth -= 1
            } else if byte == UInt8(ascii: ">") && depth <= 0 {
                return true
            }
        }
        mode = .doctype(bracketDepth: depth, quote: quote)
        return false
    }

    /// `<!`, `<!-` or `<![CD` at the very end: the start of a comment or CDATA that the bytes cut.
    private func isCutDeclaration(at open: Int) -> Bool {
        let rest = bytes.count - open
        guard rest < 9 else { return false }
        return Self.starts(with: "<!--", in: bytes, at: open, upTo: rest)
            || Self.starts(with: "<![CDATA[", in: bytes, at: open, upTo: rest)
    }

    // MARK: - Text

    private mutating func noteContent(_ range: Range<Int>) {
        for index in range where !Self.isSpace(bytes[index]) && bytes[index] < 0xBB {
            sawContent = true
            return
        }
    }

    private mutating func appendText(_ range: Range<Int>, escapingAmpersands: Bool) {
        for index in range {
            guard text.count < Self.maximumText else {
                textOverflowed = true
                return
            }
            if escapingAmpersands && bytes[index] == UInt8(ascii: "&") {
                text.append(contentsOf: "&amp;".utf8)
            } else {
                text.append(bytes[index])
            }
        }
    }
}
