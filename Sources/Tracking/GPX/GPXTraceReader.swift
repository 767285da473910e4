import PlaceBytes
import PlaceCore
import Foundation
import XMLScanning

/// Reads GPX 1.0 and 1.1 as a stream: one ``TraceItem`` per point, in bounded memory whatever the
/// length of the file.
///
/// Per point: `lat` and `lon` (attributes), `<time>`, `<ele>`, `<speed>` (m/s) and `<course>`
/// (degrees; GPX 1.0 has them as elements, Garmin's TrackPointExtension in `<extensions>`), and an
/// accuracy only where it is given in metres: `<hacc>` or `<accuracy>` in the extensions (OsmAnd,
/// GPSLogger). `<hdop>` is not read as an accuracy: it is a unitless dilution factor, and turning
/// it into metres needs the receiver's error figure, which the file does not give; a made-up
/// accuracy would be trusted by the checks downstream as if it were measured.
///
/// Namespace prefixes are ignored (`gpx:trkpt` is `trkpt`). A point whose `lat`/`lon` or `<time>`
/// cannot be read is ``TraceItem/skipped(_:)`` with its line; an unreadable `<ele>`, `<speed>`,
/// `<course>` or accuracy is left out of the fix.
struct GPXTraceReader: TraceSource {
    static let maximumDepth = 256

    private var window: ByteWindow
    private var xml: XMLScanner
    let kinds: GPXPointKinds
    private var openElements: [OpenElement] = []
    private var rootSeen = false
    private var finished = false
    private var queued: TraceItem?
    private var point: PendingPoint?
    private var field: (kind: GPXElement, depth: Int)?
    /// Counts `<trk>`, `<trkseg>` and `<rte>` starts: points in different ones are in different segments.
    private var containerSerial = 0
    private var trackSerial = 0
    private var routeSerial = 0
    private var lastFixContainer = -1
    private var emittedFix = false

    /// The element of the point last returned (`.trkpt`, `.rtept` or `.wpt`), and the number of its
    /// `<trk>` or `<rte>` (1 for the first); ``TraceReader/readPath(path:format:)`` picks one with them.
    private(set) var lastPointElement = GPXElement.other
    private(set) var lastPointOwner = 0

    /// The largest the read buffer has been, in bytes (for tests of bounded memory).
    var bufferHighWaterMark: Int { window.highWaterMark }

    init(window: ByteWindow, kinds: GPXPointKinds = .trackPoints) {
        self.window = window
        xml = XMLScanner(bytes: window.bytes, start: window.start, inputEnded: window.reachedEnd)
        self.kinds = kinds
        openElements.reserveCapacity(16)
    }

    private struct OpenElement {
        var name: String
        var kind: GPXElement
    }

    private struct PendingPoint {
        var element: GPXElement
        var depth: Int
        var line: Int
        var coordinate: Coordinate?
        var problem: String?
        var time: Date?
        var elevation: Double?
        var speed: Double?
        var course: Double?
        var accuracy: Double?
    }

    mutating func next() throws(TraceError) -> TraceItem? {
        if let item = queued {
            queued = nil
            return item
        }
        while !finished {
            switch try nextToken() {
            case .startTag(let name, let selfClosing, let offset):
                if let item = try start(name, selfClosing: selfClosing, offset: offset) { return item }
            case .endTag(let name, let offset):
                if let item = try end(name, offset: offset) { return item }
            case .endOfInput, .needMore:
                throw endOfInputError()
            }
        }
        return nil
    }

    /// The scanner's next tag, reading the file a window at a time: the scanner says when it needs more.
    private mutating func nextToken() throws(TraceError) -> XMLToken {
        while true {
            let token: XMLToken
            do {
                token = try xml.next()
            } catch {
                throw syntaxError(error)
            }
            guard token == .needMore else { return token }
            window.start = xml.position
            let filled = try window.fill()
            if filled == .full {
                let what = xml.unfinished?.generalDescription ?? "a tag"
                throw self.error(
                    "\(what) is longer than \(window.maximumCapacity / 1024 / 1024) MiB; this is not a GPX file a GPS wrote",
                    at: window.start)
            }
            xml.resume(with: window.bytes, at: window.start, inputEnded: filled == .ended)
        }
    }

    // MARK: - Elements

    private mutating func start(_ name: Range<Int>, selfClosing: Bool, offset: Int) throws(TraceError) -> TraceItem? {
        let kind = GPXElement(xml, xml.localName(name))
        guard rootSeen else {
            guard kind == .gpx else { throw rootError(name, offset: offset) }
            rootSeen = true
            if selfClosing {
                finished = true
            } else {
                openElements.append(OpenElement(name: xml.string(name), kind: kind))
            }
            return nil
        }
        guard openElements.count < Self.maximumDepth else {
            throw error(
                "elements are nested more than \(Self.maximumDepth) deep; this is not a GPX file a GPS wrote",
                at: offset)
        }
        switch kind {
        case .trk:
            containerSerial += 1
            trackSerial += 1
        case .trkseg:
            containerSerial += 1
        case .rte:
            containerSerial += 1
            routeSerial += 1
        case .trkpt, .rtept, .wpt:
            if point == nil, let pointKind = kind.pointKind, kinds.contains(pointKind) {
                point = beginPoint(kind, offset: offset)
            }
        case .time, .ele, .speed, .course, .hacc, .accuracy:
            if point != nil, field == nil, !selfClosing {
                field = (kind, openElements.count)
                xml.beginCapture()
            }
        case .gpx, .other:
            break
        }
        if selfClosing {
            if let pending = point, pending.depth == openElements.count { return finishPoint(pending) }
            return nil
        }
        openElements.append(OpenElement(name: xml.string(name), kind: kind))
        return nil
    }

    private mutating func end(_ name: Range<Int>, offset: Int) throws(TraceError) -> TraceItem? {
        guard let element = openElements.popLast() else {
            throw error("unexpected end tag </\(xml.string(name))>: no element is open", at: offset)
        }
        let bytes = xml.bytes
        guard element.name.utf8.elementsEqual(UnsafeBufferPointer(rebasing: bytes[name])) else {
            throw error(
                "found </\(xml.string(name))> where </\(element.name)> was expected; the file is not well-formed XML",
                at: offset)
        }
        if let current = field, current.depth == openElements.count {
            finishField(current.kind)
            field = nil
            xml.endCapture()
        }
        if let pending = point, pending.depth == openElements.count { return finishPoint(pending) }
        if openElements.isEmpty { finished = true }
        return nil
    }

    // MARK: - Points

    private mutating func beginPoint(_ element: GPXElement, offset: Int) -> PendingPoint {
        var pending = PendingPoint(element: element, depth: openElements.count, line: window.line(at: offset))
        let tag = element.name
        guard let latitudeAttribute = xml.attribute(localName: "lat") else {
            pending.problem = "the <\(tag)> has no lat attribute; skipped"
            return pending
        }
        guard let longitudeAttribute = xml.attribute(localName: "lon") else {
            pending.problem = "the <\(tag)> has no lon attribute; skipped"
            return pending
        }
        guard let latitude = number(latitudeAttribute) else {
            pending.problem = "lat=\"\(xml.text(latitudeAttribute.value))\" is not a number; skipped"
            return pending
        }
        guard let longitude = number(longitudeAttribute) else {
            pending.problem = "lon=\"\(xml.text(longitudeAttribute.value))\" is not a number; skipped"
            return pending
        }
        do {
            pending.coordinate = try Coordinate(latitude: latitude, longitude: longitude)
        } catch {
            pending.problem = TraceFields.describe(error) + "; skipped"
        }
        return pending
    }

    private func number(_ attribute: XMLAttribute) -> Double? {
        let bytes = xml.bytes
        guard attribute.hasEntity else {
            return ByteDecimals.double(UnsafeBufferPointer(rebasing: bytes[attribute.value]))
        }
        guard let decoded = try? XMLEntities.decode(bytes, attribute.value) else { return nil }
        return decoded.withUnsafeBufferPointer { ByteDecimals.double($0) }
    }

    private mutating func finishField(_ kind: GPXElement) {
        guard var pending = point else { return }
        let raw = xml.text
        // Over-long text (4 KiB) is no value of these elements, so it reads as unreadable.
        let valid: [UInt8]? =
            if xml.textOverflowed {
                nil
            } else if raw.contains(UInt8(ascii: "&")) {
                raw.withUnsafeBufferPointer { try? XMLEntities.decode($0, 0..<$0.count) }
            } else {
                raw
            }
        switch kind {
        case .time:
            guard pending.time == nil, pending.problem == nil else { break }
            let blank = raw.allSatisfy(ByteDecimals.isSpace)
            if blank { break }
            if let time = valid?.withUnsafeBufferPointer({ ISO8601Text.parse(utf8: $0) }) {
                pending.time = time
            } else {
                let shown = String(decoding: raw.prefix(40), as: UTF8.self)
                pending.problem = "the time \"\(shown)\" is not an ISO 8601 time such as 2024-05-01T10:00:00Z; skipped"
            }
        case .ele:
            if pending.elevation == nil {
                pending.elevation = valid?.withUnsafeBufferPointer { ByteDecimals.double($0) }
            }
        case .speed:
            if pending.speed == nil { pending.speed = valid?.withUnsafeBufferPointer { ByteDecimals.double($0) } }
        case .course:
            if pending.course == nil { pending.course = valid?.withUnsafeBufferPointer { ByteDecimals.double($0) } }
        case .hacc, .accuracy:
            if pending.accuracy == nil { pending.accuracy = valid?.withUnsafeBufferPointer { ByteDecimals.double($0) } }
        default:
            break
        }
        point = pending
    }

    private mutating func finishPoint(_ pending: PendingPoint) -> TraceItem {
        point = nil
        guard pending.problem == nil, let coordinate = pending.coordinate else {
            return .skipped(
                TraceIssue(location: "line \(pending.line)", problem: pending.problem ?? "no position; skipped"))
        }
        let fix = LocationFix(
            coordinate: coordinate, time: pending.time, horizontalAccuracy: pending.accuracy,
            elevation: pending.elevation, speed: pending.speed, course: pending.course)
        let container = pending.element == .wpt ? containerSerial * 2 + 1 : containerSerial * 2
        lastPointElement = pending.element
        lastPointOwner = pending.element == .trkpt ? trackSerial : pending.element == .rtept ? routeSerial : 0
        defer {
            emittedFix = true
            lastFixContainer = container
        }
        if emittedFix && container != lastFixContainer {
            queued = .fix(fix)
            return .segmentBreak
        }
        return .fix(fix)
    }

    // MARK: - Errors

    private mutating func rootError(_ name: Range<Int>, offset: Int) -> TraceError {
        let root = xml.string(name)
        let local = xml.string(xml.localName(name))
        let what: String
        switch local {
        case "osm", "osmChange": what = "this is OpenStreetMap XML, not a GPX trace"
        case "kml": what = "this is KML, not GPX; convert it to GPX first (gpsbabel can)"
        case "TrainingCenterDatabase":
            what = "this is a Garmin TCX file, not GPX; convert it to GPX first (gpsbabel can)"
        default: what = "this is not a GPX file; a trace must be GPX, GeoJSON, NDJSON fixes or gpsd JSON"
        }
        return error("the root element is <\(root)>, not <gpx>: \(what)", at: offset)
    }

    private mutating func endOfInputError() -> TraceError {
        guard rootSeen else {
            let empty = !xml.sawContent
            return TraceError(
                input: window.name,
                problem: empty ? "is empty; expected a GPX file" : "has no <gpx> element; this is not a GPX file",
                kind: .malformed)
        }
        let innermost = openElements.last?.name ?? "gpx"
        return error("the file ends inside <\(innermost)>; the file may be truncated", at: xml.bytes.count)
    }

    /// An error at index `index` of the window, with its line and column.
    private mutating func error(_ problem: String, at index: Int) -> TraceError {
        TraceError(input: window.name, location: window.location(at: index), problem: problem, kind: .malformed)
    }

    private mutating func syntaxError(_ error: XMLSyntaxError) -> TraceError {
        if let construct = error.truncatedInside {
            return self.error(
                "the file ends inside \(construct.generalDescription); the file may be truncated", at: error.offset)
        }
        return self.error(error.message, at: error.offset)
    }
}

/// The GPX elements the reader acts on, by local name.
enum GPXElement: UInt8, Sendable {
    case other, gpx, trk, trkseg, rte, trkpt, rtept, wpt, time, ele, speed, course, hacc, accuracy

    init(_ xml: XMLScanner, _ local: Range<Int>) {
        switch local.count {
        case 3:
            if xml.equals(local, "gpx") {
                self = .gpx
            } else if xml.equals(local, "trk") {
                self = .trk
            } else if xml.equals(local, "rte") {
                self = .rte
            } else if xml.equals(local, "wpt") {
                self = .wpt
            } else if xml.equals(local, "ele") {
                self = .ele
            } else {
                self = .other
            }
        case 4:
            if xml.equals(local, "time") {
                self = .time
            } else if xml.equals(local, "hacc") {
                self = .hacc
            } else {
                self = .other
            }
        case 5:
            if xml.equals(local, "trkpt") {
                self = .trkpt
            } else if xml.equals(local, "rtept") {
                self = .rtept
            } else if xml.equals(local, "speed") {
                self = .speed
            } else {
                self = .other
            }
        case 6:
            if xml.equals(local, "trkseg") {
                self = .trkseg
            } else if xml.equals(local, "course") {
                self = .course
            } else {
                self = .other
            }
        case 8:
            self = xml.equals(local, "accuracy") ? .accuracy : .other
        default:
            self = .other
        }
    }

    var pointKind: GPXPointKinds? {
        switch self {
        case .trkpt: .trackPoints
        case .rtept: .routePoints
        case .wpt: .waypoints
        default: nil
        }
    }

    var name: String {
        switch self {
        case .other: "element"
        case .gpx: "gpx"
        case .trk: "trk"
        case .trkseg: "trkseg"
        case .rte: "rte"
        case .trkpt: "trkpt"
        case .rtept: "rtept"
        case .wpt: "wpt"
        case .time: "time"
        case .ele: "ele"
        case .speed: "speed"
        case .course: "course"
        case .hacc: "hacc"
        case .accuracy: "accuracy"
        }
    }
}
