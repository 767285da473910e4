import PlaceSearch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One attribute of the current start tag, as ranges into ``XMLStream/bytes``.
struct XMLAttribute {
    var name: Range<Int>
    var value: Range<Int>
    /// The value contains `&`, so it must go through ``XMLStream/decodeEntities(_:)``.
    var hasEntity: Bool
}

enum XMLEvent: Equatable {
    /// The attributes are in ``XMLStream/attributes`` until the next call; `offset` is where `<` is.
    case startTag(name: Range<Int>, selfClosing: Bool, offset: Int)
    case endTag(name: Range<Int>, offset: Int)
    case endOfInput
}

/// A byte-level XML scanner that reads its input in chunks, for GPX files of any length.
///
/// It yields start and end tags; text (and CDATA) is kept only between ``beginCapture()`` and
/// ``endCapture()``, up to ``maximumText`` bytes, because a GPX reader wants the text of a few short
/// elements (`<time>`, `<ele>`) and nothing else. Comments, processing instructions and the DOCTYPE
/// are skipped a chunk at a time, so they may be of any length; a single tag must fit in the
/// window's maximum (1 MiB). Foundation's `XMLParser` is not used: on Linux it wants the whole
/// document and builds a String and a dictionary for every tag.
///
/// Ranges it hands out index ``bytes`` and are valid until the next call to ``next()``.
struct XMLStream {
    static let maximumText = 4096

    var window: ByteWindow
    private(set) var attributes: [XMLAttribute] = []
    /// The captured text, raw: entities are not yet decoded (CDATA's `&` is stored as `&amp;`).
    private(set) var text: [UInt8] = []
    /// More than ``maximumText`` bytes were offered while capturing; ``text`` holds the first of them.
    private(set) var textOverflowed = false
    private(set) var capturing = false
    /// Something other than whitespace (or a byte order mark) was read: the input is not empty.
    private(set) var sawContent = false
    private var mode = Mode.content

    private enum Mode {
        case content
        case comment
        case processingInstruction
        case cdata
        case doctype(bracketDepth: Int, quote: UInt8)
    }

    init(window: ByteWindow) {
        self.window = window
        attributes.reserveCapacity(8)
        text.reserveCapacity(64)
    }

    var bytes: UnsafeBufferPointer<UInt8> { window.bytes }

    mutating func beginCapture() {
        capturing = true
        textOverflowed = false
        text.removeAll(keepingCapacity: true)
    }

    mutating func endCapture() { capturing = false }

    // MARK: - Tokens

    mutating func next() throws(TraceError) -> XMLEvent {
        while true {
            let bytes = window.bytes
            let end = bytes.count
            switch mode {
            case .content:
                let from = window.start
                let open = find(UInt8(ascii: "<"), in: bytes, from: from)
                if !sawContent { noteContent(bytes, from..<(open.map { $0 + 1 } ?? end)) }
                guard let open else {
                    if capturing { appendText(bytes, from..<end, escapingAmpersands: false) }
                    window.start = end
                    switch try window.fill() {
                    case .more: continue
                    case .ended, .full: return .endOfInput  // .full cannot happen: nothing is kept
                    }
                }
                if capturing && open > from { appendText(bytes, from..<open, escapingAmpersands: false) }
                window.start = open
                if let event = try markup(at: open, in: bytes) { return event }
            case .comment:
                if try skip(past: "-->", inside: "a comment") { mode = .content }
            case .processingInstruction:
                if try skip(past: "?>", inside: "a processing instruction (<?…?>)") { mode = .content }
            case .cdata:
                if try skip(past: "]]>", inside: "a CDATA section", capturing: capturing) { mode = .content }
            case .doctype(var depth, var quote):
                var index = window.start
                var done = false
                while index < end {
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
                        done = true
                        break
                    }
                }
                window.start = index
                if done {
                    mode = .content
                } else {
                    mode = .doctype(bracketDepth: depth, quote: quote)
                    try needMore(inside: "the DOCTYPE")
                }
            }
        }
    }

    /// What starts with `<` at `open`: returns a tag, or nil after switching to a skipping mode or
    /// reading more input (the caller loops).
    private mutating func markup(at open: Int, in bytes: UnsafeBufferPointer<UInt8>) throws(TraceError) -> XMLEvent? {
        let end = bytes.count
        guard open + 1 < end else {
            try needMore(inside: "a tag")
            return nil
        }
        switch bytes[open + 1] {
        case UInt8(ascii: "?"):
            window.start = open + 2
            mode = .processingInstruction
            return nil
        case UInt8(ascii: "!"):
            if starts(with: "<!--", in: bytes, at: open) {
                window.start = open + 4
                mode = .comment
            } else if starts(with: "<![CDATA[", in: bytes, at: open) {
                window.start = open + 9
                mode = .cdata
            } else if end - open < 9 {
                try needMore(inside: "a tag")
            } else if open + 2 < end, isNameStart(bytes[open + 2]) {
                // <!DOCTYPE …>, with an internal subset that may hold '>' inside brackets and quotes.
                window.start = open + 2
                mode = .doctype(bracketDepth: 0, quote: 0)
            } else {
                throw error("unexpected '<!': expected a comment (<!--), CDATA (<![CDATA[) or a DOCTYPE", at: open)
            }
            return nil
        case UInt8(ascii: "/"):
            guard let close = find(UInt8(ascii: ">"), in: bytes, from: open + 2) else {
                try needMore(inside: "an end tag")
                return nil
            }
            let name = readName(in: bytes, from: open + 2, to: close)
            guard !name.isEmpty else { throw error("expected an element name after '</'", at: open + 2) }
            var index = name.upperBound
            while index < close, ByteDecimals.isSpace(bytes[index]) { index += 1 }
            guard index == close else {
                throw error(
                    "expected '>' to close the end tag </\(text(name, in: bytes))>, found \(describe(index, in: bytes))",
                    at: index)
            }
            window.start = close + 1
            return .endTag(name: name, offset: open)
        default:
            // A start tag: find its '>' outside quoted attribute values.
            var index = open + 1
            var quote: UInt8 = 0
            while index < end {
                let byte = bytes[index]
                if quote != 0 {
                    if byte == quote { quote = 0 }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: ">") {
                    break
                } else if byte == UInt8(ascii: "<") {
                    let name = readName(in: bytes, from: open + 1, to: index)
                    throw error(
                        "the tag <\(text(name, in: bytes))> is not closed with '>' before the next '<'", at: index)
                }
                index += 1
            }
            guard index < end else {
                try needMore(inside: "a tag")
                return nil
            }
            return try startTag(in: bytes, open: open, close: index)
        }
    }

    /// Parses `<name attr="value" …>` or `<name …/>` lying in `open...close`.
    private mutating func startTag(in bytes: UnsafeBufferPointer<UInt8>, open: Int, close: Int) throws(TraceError)
        -> XMLEvent
    {
        let name = readName(in: bytes, from: open + 1, to: close)
        guard !name.isEmpty else {
            throw error("expected an element name after '<', found \(describe(open + 1, in: bytes))", at: open + 1)
        }
        attributes.removeAll(keepingCapacity: true)
        var index = name.upperBound
        var selfClosing = false
        while true {
            while index < close, ByteDecimals.isSpace(bytes[index]) { index += 1 }
            if index == close { break }
            if bytes[index] == UInt8(ascii: "/") && index + 1 == close {
                selfClosing = true
                break
            }
            let attributeName = readName(in: bytes, from: index, to: close)
            guard !attributeName.isEmpty else {
                throw error(
                    "unexpected \(describe(index, in: bytes)) in the tag <\(text(name, in: bytes))>: expected an attribute name",
                    at: index)
            }
            index = attributeName.upperBound
            while index < close, ByteDecimals.isSpace(bytes[index]) { index += 1 }
            guard index < close, bytes[index] == UInt8(ascii: "=") else {
                throw error(
                    "the attribute \(text(attributeName, in: bytes)) of <\(text(name, in: bytes))> has no value: expected '='",
                    at: index)
            }
            index += 1
            while index < close, ByteDecimals.isSpace(bytes[index]) { index += 1 }
            guard index < close, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                throw error(
                    "the value of the attribute \(text(attributeName, in: bytes)) of <\(text(name, in: bytes))> must be in quotes",
                    at: index)
            }
            let quote = bytes[index]
            index += 1
            let valueStart = index
            var hasEntity = false
            while index < close, bytes[index] != quote {
                if bytes[index] == UInt8(ascii: "&") { hasEntity = true }
                index += 1
            }
            // The '>' search skipped quoted text, so the closing quote is before `close`.
            attributes.append(XMLAttribute(name: attributeName, value: valueStart..<index, hasEntity: hasEntity))
            index += 1
        }
        window.start = close + 1
        return .startTag(name: name, selfClosing: selfClosing, offset: open)
    }

    /// Skips to just past `terminator`, a window at a time; true when found, false after reading more.
    private mutating func skip(
        past terminator: StaticString, inside what: String, capturing keep: Bool = false
    ) throws(TraceError) -> Bool {
        let bytes = window.bytes
        let length = terminator.utf8CodeUnitCount
        let first = terminator.utf8Start.pointee
        var index = window.start
        while let candidate = find(first, in: bytes, from: index) {
            if starts(with: terminator, in: bytes, at: candidate) {
                if keep { appendText(bytes, window.start..<candidate, escapingAmpersands: true) }
                window.start = candidate + length
                return true
            }
            if bytes.count - candidate < length { break }  // may complete with the next read
            index = candidate + 1
        }
        // Keep the last bytes, which may be the start of the terminator.
        let safe = max(window.start, bytes.count - (length - 1))
        if keep { appendText(bytes, window.start..<safe, escapingAmpersands: true) }
        window.start = safe
        try needMore(inside: what)
        return false
    }

    /// Reads more input; the end of input here means the file is cut inside `what`.
    private mutating func needMore(inside what: String) throws(TraceError) {
        switch try window.fill() {
        case .more:
            return
        case .ended:
            throw error("the file ends inside \(what); the file may be truncated", at: window.bytes.count)
        case .full:
            throw error(
                "\(what) is longer than \(window.maximumCapacity / 1024 / 1024) MiB; this is not a GPX file a GPS wrote",
                at: window.start)
        }
    }

    private mutating func noteContent(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
        for index in range where !ByteDecimals.isSpace(bytes[index]) && bytes[index] < 0xBB {
            sawContent = true
            return
        }
    }

    private mutating func appendText(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, escapingAmpersands: Bool)
    {
        guard !range.isEmpty else { return }
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

    // MARK: - Names and values

    /// The part of a name after its namespace prefix: `trkpt` of `gpx:trkpt`.
    func localName(_ range: Range<Int>) -> Range<Int> {
        let bytes = window.bytes
        var index = range.upperBound
        while index > range.lowerBound {
            if bytes[index - 1] == UInt8(ascii: ":") { return index..<range.upperBound }
            index -= 1
        }
        return range
    }

    func equals(_ range: Range<Int>, _ literal: StaticString) -> Bool {
        let length = literal.utf8CodeUnitCount
        let bytes = window.bytes
        guard range.count == length, range.upperBound <= bytes.count, let base = bytes.baseAddress else { return false }
        return memcmp(base + range.lowerBound, literal.utf8Start, length) == 0
    }

    /// The attribute whose local name is `name`.
    func attribute(_ name: StaticString) -> XMLAttribute? {
        for attribute in attributes where equals(localName(attribute.name), name) { return attribute }
        return nil
    }

    func string(_ range: Range<Int>) -> String { text(range, in: window.bytes, limit: Int.max) }

    /// Text with `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;` and `&#…;` replaced; nil when an `&` does
    /// not start one of them.
    static func decodeEntities(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "&") else {
                output.append(byte)
                index += 1
                continue
            }
            var end = index + 1
            while end < bytes.count, bytes[end] != UInt8(ascii: ";"), end - index <= 12 { end += 1 }
            guard end < bytes.count, bytes[end] == UInt8(ascii: ";") else { return nil }
            let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[(index + 1)..<end]), as: UTF8.self)
            switch name {
            case "amp": output.append(UInt8(ascii: "&"))
            case "lt": output.append(UInt8(ascii: "<"))
            case "gt": output.append(UInt8(ascii: ">"))
            case "quot": output.append(UInt8(ascii: "\""))
            case "apos": output.append(UInt8(ascii: "'"))
            default:
                var digits = Substring(name)
                guard digits.first == "#" else { return nil }
                digits = digits.dropFirst()
                var radix = 10
                if digits.first == "x" || digits.first == "X" {
                    radix = 16
                    digits = digits.dropFirst()
                }
                guard let value = UInt32(digits, radix: radix), value != 0, let scalar = Unicode.Scalar(value) else {
                    return nil
                }
                output.append(contentsOf: String(Character(scalar)).utf8)
            }
            index = end + 1
        }
        return output
    }

    // MARK: - Errors

    /// An error at window index `index`, with its line and column.
    mutating func error(_ problem: String, at index: Int) -> TraceError {
        TraceError(input: window.name, location: window.location(at: index), problem: problem, kind: .malformed)
    }

    func text(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>, limit: Int = 40) -> String {
        let clamped = range.clamped(to: 0..<bytes.count)
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[clamped.prefix(limit)]), as: UTF8.self)
    }

    private func describe(_ index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard index < bytes.count else { return "the end of the file" }
        let byte = bytes[index]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte == 0x20 { return "a space" }
        if byte == 0x0A || byte == 0x0D { return "the end of the line" }
        return "byte 0x" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
    }

    // MARK: - Bytes

    private func find(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start < bytes.count, let base = bytes.baseAddress else { return nil }
        guard let found = memchr(base + start, Int32(byte), bytes.count - start) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    private func starts(with literal: StaticString, in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard offset >= 0, bytes.count - offset >= length, let base = bytes.baseAddress else { return false }
        return memcmp(base + offset, literal.utf8Start, length) == 0
    }

    /// An XML name: up to whitespace or a character that cannot be part of one.
    private func readName(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to limit: Int) -> Range<Int> {
        var index = start
        while index < limit {
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

    private func isNameStart(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }
}
