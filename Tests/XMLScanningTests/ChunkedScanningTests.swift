import PlaceSearchTesting
import Testing
import XMLScanning

/// The scanner reads a whole file and a stream cut into chunks the same way: the same tags, the same
/// attributes, the same text, the same error, wherever the cuts fall.
struct ChunkedScanningTests {
    /// What a scan saw, in a form that does not depend on where the bytes were in the buffer.
    enum Event: Equatable {
        case start(String, selfClosing: Bool, attributes: [String], offset: Int)
        case end(String, offset: Int)
        case text(String)
        case error(String, offset: Int)
        case endOfInput
    }

    static let document = Array(
        """
        \u{FEFF}<?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE gpx [ <!ENTITY x "<y>"> ]>
        <gpx xmlns:g="x" creator='a &amp; b'><!-- a comment with <tags> -->
          <trk><name><![CDATA[R&D <walk>]]></name><trkseg>
            <trkpt lat="52.1" lon="4.1"><time>2024-05-01T10:00:00Z</time></trkpt>
            <g:trkpt   lat = '52.2'  lon="4.2" /><?pi stuff?>
          </trkseg></trk>
        </gpx >
        """.utf8)

    /// Scans `bytes` whole.
    static func scanWhole(_ bytes: [UInt8]) -> [Event] {
        bytes.withUnsafeBufferPointer { buffer in
            var scanner = XMLScanner(bytes: buffer)
            return collect(&scanner) { _ in false }
        }
    }

    /// Scans `bytes` as a stream that gives the scanner the next `cuts` bytes each time it asks for more,
    /// keeping the unconsumed bytes in front as a reader's window does.
    static func scanChunked(_ bytes: [UInt8], cuts: [Int]) -> [Event] {
        var window: [UInt8] = []
        var offsetOfWindow = 0
        var read = 0
        var cutIndex = 0
        func readMore() {
            let size = cuts.isEmpty ? 1 : cuts[cutIndex % cuts.count]
            cutIndex += 1
            let next = min(bytes.count, read + size)
            window.append(contentsOf: bytes[read..<next])
            read = next
        }
        var events: [Event] = []
        var scanner = XMLScanner(bytes: UnsafeBufferPointer(start: nil, count: 0), inputEnded: false)
        var position = 0
        while true {
            readMore()
            let done = window.withUnsafeBufferPointer { buffer -> Bool in
                scanner.resume(with: buffer, at: position, inputEnded: read == bytes.count)
                var needsMore = false
                events += collect(&scanner, offsetOfWindow: offsetOfWindow) { token in
                    needsMore = token == .needMore
                    return needsMore
                }
                position = scanner.position
                return !needsMore
            }
            if done { return events }
            window.removeFirst(position)
            offsetOfWindow += position
            position = 0
        }
    }

    /// Events until the end, an error, or `stop` says so (for `.needMore`).
    static func collect(
        _ scanner: inout XMLScanner, offsetOfWindow: Int = 0, stop: (XMLToken) -> Bool
    ) -> [Event] {
        var events: [Event] = []
        while true {
            let token: XMLToken
            do {
                token = try scanner.next()
            } catch {
                return events + [.error(error.message, offset: error.offset + offsetOfWindow)]
            }
            if stop(token) { return events }
            switch token {
            case .startTag(let name, let selfClosing, let offset):
                let attributes = scanner.attributes.map { "\(scanner.string($0.name))=\(scanner.string($0.value))" }
                let start = Event.start(
                    scanner.string(name), selfClosing: selfClosing, attributes: attributes,
                    offset: offset + offsetOfWindow)
                events.append(start)
                if scanner.equals(name, "name") || scanner.equals(name, "time") {
                    scanner.beginCapture()
                }
            case .endTag(let name, let offset):
                if scanner.capturing {
                    events.append(.text(String(decoding: scanner.text, as: UTF8.self)))
                    scanner.endCapture()
                }
                events.append(.end(scanner.string(name), offset: offset + offsetOfWindow))
            case .endOfInput:
                return events + [.endOfInput]
            case .needMore:
                Issue.record("needMore from a scanner told the input had ended")
                return events
            }
        }
    }

    @Test func theDocumentReadsAsExpected() {
        let events = Self.scanWhole(Self.document)
        let root = Event.start("gpx", selfClosing: false, attributes: ["xmlns:g=x", "creator=a &amp; b"], offset: 79)
        #expect(events.first == root)
        #expect(events.contains(.text("R&amp;D <walk>")))
        #expect(events.contains(.text("2024-05-01T10:00:00Z")))
        let prefixed = events.contains {
            if case .start("g:trkpt", true, ["lat=52.2", "lon=4.2"], _) = $0 { true } else { false }
        }
        #expect(prefixed)
        #expect(events.last == .endOfInput)
    }

    @Test(arguments: [1, 2, 3, 7, 64])
    func chunksOfOneSizeReadLikeTheWholeFile(size: Int) {
        #expect(Self.scanChunked(Self.document, cuts: [size]) == Self.scanWhole(Self.document))
    }

    /// Random cuts of the document and of every one of its prefixes (truncated files fail the same way).
    @Test func randomCutsReadLikeTheWholeFile() {
        var random = SeededRandom(printingSeedFor: "randomCutsReadLikeTheWholeFile")
        for length in 0...Self.document.count {
            let prefix = Array(Self.document[..<length])
            let cuts = (0..<5).map { _ in Int.random(in: 1...23, using: &random) }
            #expect(Self.scanChunked(prefix, cuts: cuts) == Self.scanWhole(prefix), "seed \(random.seed), length \(length)")
        }
    }

    @Test func aTruncatedFileSaysWhatItEndsInside() {
        func failure(_ text: String) -> XMLSyntaxError? {
            [UInt8](text.utf8).withUnsafeBufferPointer { buffer -> XMLSyntaxError? in
                var scanner = XMLScanner(bytes: buffer)
                do {
                    while try scanner.next() != .endOfInput {}
                    return nil
                } catch {
                    return error as? XMLSyntaxError
                }
            }
        }
        #expect(failure("<a b=\"1")?.truncatedInside == .attributeValue(name: "b"))
        #expect(failure("<a b=\"1\"")?.truncatedInside == .tag(name: "a"))
        #expect(failure("<a></a")?.truncatedInside == .endTag(name: "a"))
        #expect(failure("<a><!-- x")?.truncatedInside == .comment)
        #expect(failure("<a><![CDA")?.truncatedInside == .markup)
        #expect(failure("<a><![CDATA[ x")?.truncatedInside == .cdata)
        #expect(failure("<?xml ")?.truncatedInside == .processingInstruction)
        #expect(failure("<!DOCTYPE x [ ")?.truncatedInside == .doctype)
        #expect(failure("<a b=\"1\" <c>")?.message == "the tag <a> is not closed with '>' before the next '<'")
        #expect(failure("<a b=\"<\">")?.message.hasPrefix("'<' is not allowed in the value of the attribute b") == true)
        #expect(
            failure("<a><!1>")?.message == "unexpected '<!': expected a comment (<!--), CDATA (<![CDATA[) or a DOCTYPE")
    }
}
