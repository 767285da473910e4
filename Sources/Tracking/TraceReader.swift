import PlaceBytes
public import PlaceCore
public import Foundation

/// Opens traces: GPX, GeoJSON, NDJSON fixes and gpsd JSON, from a file, stdin or memory.
///
/// GPX, NDJSON and gpsd are streamed: the input is read 64 KiB at a time (or as it arrives, on a
/// pipe), so a trace of any length, or one that never ends (`gpspipe -w | places follow …`), is read
/// in bounded memory. GeoJSON is one document and is read whole (see ``TraceFormat/geojson``).
///
/// ```swift
/// var source = try TraceReader.open(path: "walk.gpx")
/// while let item = try source.next() {
///     if case .fix(let fix) = item { print(fix.coordinate) }
/// }
/// ```
public enum TraceReader {
    /// A source reading the file at `path`, or stdin when `path` is "-".
    ///
    /// - Parameters:
    ///   - format: The format, or nil to tell it from the first bytes (with the file extension as a
    ///     fallback hint).
    ///   - gpxPoints: Which GPX points to yield; track points unless told.
    /// - Throws: ``TraceError``: `.notFound` when the file does not exist, `.unreadable` when it cannot
    ///   be read, `.malformed` when it is none of the formats. Later problems (a truncated file) are
    ///   thrown by the source's `next()`.
    public static func open(
        path: String, format: TraceFormat? = nil, gpxPoints: GPXPointKinds = .trackPoints
    ) throws(TraceError) -> any TraceSource {
        var window = try ByteWindow.open(path: path)
        let format = try resolve(format, &window, extensionHint: path == "-" ? nil : TraceFormat(path: path))
        return try source(window, format: format, gpxPoints: gpxPoints)
    }

    /// A source reading a trace already in memory, named `name` in messages.
    public static func source(
        data: Data, name: String, format: TraceFormat? = nil, gpxPoints: GPXPointKinds = .trackPoints
    ) throws(TraceError) -> any TraceSource {
        var window = ByteWindow(name: name, origin: .memory(data))
        let format = try resolve(format, &window, extensionHint: TraceFormat(path: name))
        return try source(window, format: format, gpxPoints: gpxPoints)
    }

    /// The path of a route, for following it: the first LineString (or MultiLineString, its parts
    /// joined) of a GeoJSON file, Point features passed over; the first `<rte>` of a GPX file, or
    /// its tracks joined in order when it has no route; all fixes of NDJSON or gpsd input. Repeated
    /// positions are dropped.
    /// - Throws: ``TraceError`` as ``open(path:format:gpxPoints:)`` does, and when the route has no
    ///   line of at least two points or one of its points cannot be read.
    public static func readPath(path: String, format: TraceFormat? = nil) throws(TraceError) -> [Coordinate] {
        var window = try ByteWindow.open(path: path)
        let format = try resolve(format, &window, extensionHint: path == "-" ? nil : TraceFormat(path: path))
        return try readPath(window, format: format)
    }

    /// ``readPath(path:format:)`` for a route already in memory.
    public static func readPath(data: Data, name: String, format: TraceFormat? = nil) throws(TraceError) -> [Coordinate] {
        var window = ByteWindow(name: name, origin: .memory(data))
        let format = try resolve(format, &window, extensionHint: TraceFormat(path: name))
        return try readPath(window, format: format)
    }

    // MARK: - Internals

    static func source(_ window: ByteWindow, format: TraceFormat, gpxPoints: GPXPointKinds) throws(TraceError)
        -> any TraceSource
    {
        switch format {
        case .gpx: GPXTraceReader(window: window, kinds: gpxPoints)
        case .geojson: try GeoJSONTraceReader(window: window)
        case .ndjson: NDJSONTraceReader.make(window: window)
        case .gpsd: GPSDTraceReader.make(window: window)
        }
    }

    /// The format given, or the one the first bytes show, or the one the extension hints at.
    /// Reads just enough: up to the first `<`, or the first whole line of JSON (so that a live
    /// stream is not waited on for more), or 64 KiB.
    static func resolve(_ given: TraceFormat?, _ window: inout ByteWindow, extensionHint: TraceFormat?)
        throws(TraceError)
        -> TraceFormat
    {
        while !enoughToDetect(window), try window.fill() == .more {}
        let prefix = UnsafeBufferPointer(rebasing: window.bytes[window.start...])
        // Text formats all: a NUL byte near the start is a program, an image or an archive, whose
        // bytes an XML or JSON error would echo back.
        if prefix.prefix(4_096).contains(0) {
            throw TraceError(
                input: window.name, problem: "is binary data, not a trace; expected GPX, GeoJSON, NDJSON fixes or gpsd JSON (text)",
                kind: .malformed)
        }
        if let given { return given }
        if let format = TraceFormat.detect(prefix) ?? extensionHint { return format }
        let empty = !prefix.contains(where: { !ByteDecimals.isSpace($0) })
        throw TraceError(
            input: window.name,
            problem: empty
                ? "is empty; expected a trace (GPX, GeoJSON, NDJSON fixes or gpsd JSON)"
                : "is not a trace: expected GPX (<gpx>), GeoJSON, NDJSON fixes (one JSON object per line) or gpsd JSON",
            kind: .malformed)
    }

    private static func enoughToDetect(_ window: ByteWindow) -> Bool {
        let bytes = window.bytes
        if window.available >= ByteWindow.chunkSize { return true }
        var index = window.start
        if bytes.count - index >= 3 && bytes[index] == 0xEF && bytes[index + 1] == 0xBB && bytes[index + 2] == 0xBF {
            index += 3
        }
        while index < bytes.count, ByteDecimals.isSpace(bytes[index]) { index += 1 }
        guard index < bytes.count else { return false }
        guard bytes[index] == UInt8(ascii: "{") else { return true }
        return bytes[index...].contains(0x0A)
    }

    static func readPath(_ window: ByteWindow, format: TraceFormat) throws(TraceError) -> [Coordinate] {
        let name = window.name
        var points: [Coordinate] = []
        switch format {
        case .geojson:
            var window = window
            let document = try GeoJSONTraceReader.parseDocument(&window)
            guard let path = try GeoJSONGeometry.firstPath(document, name: name) else {
                throw TraceError(
                    input: name,
                    problem:
                        "the route has no line: expected a LineString or MultiLineString (Point features are not a route)",
                    kind: .malformed)
            }
            points = path
        case .gpx:
            var reader = GPXTraceReader(window: window, kinds: [.routePoints, .trackPoints])
            var route: [Coordinate] = []
            var track: [Coordinate] = []
            var firstRoute: Int?
            while let item = try reader.next() {
                switch item {
                case .fix(let fix):
                    if reader.lastPointElement == .rtept {
                        if firstRoute == nil { firstRoute = reader.lastPointOwner }
                        if reader.lastPointOwner == firstRoute { route.append(fix.coordinate) }
                    } else {
                        // Every track, in the file's order: a walk recorded in parts (a pause, a
                        // day's stages) is one route, not its first part.
                        track.append(fix.coordinate)
                    }
                case .skipped(let issue):
                    throw routePointError(name, issue)
                case .segmentBreak:
                    break
                }
            }
            points = route.isEmpty ? track : route
        case .ndjson, .gpsd:
            var source = try source(window, format: format, gpxPoints: .trackPoints)
            while let item = try source.next() {
                switch item {
                case .fix(let fix): points.append(fix.coordinate)
                case .skipped(let issue): throw routePointError(name, issue)
                case .segmentBreak: break
                }
            }
        }
        var path: [Coordinate] = []
        path.reserveCapacity(points.count)
        for point in points where point != path.last { path.append(point) }
        guard path.count >= 2 else {
            let found = path.isEmpty ? "it has no points" : "it has a single point"
            throw TraceError(
                input: name,
                problem:
                    "the route has no line: \(found); a route needs at least two (a GeoJSON LineString, a GPX <rte> or <trk>)",
                kind: .malformed)
        }
        return path
    }

    private static func routePointError(_ name: String, _ issue: TraceIssue) -> TraceError {
        var problem = issue.problem
        if problem.hasSuffix("; skipped") { problem.removeLast("; skipped".count) }
        let line = issue.location.hasPrefix("line ") ? String(issue.location.dropFirst(5)) : issue.location
        return TraceError(
            input: name, location: line, problem: problem + "; a route must have no bad points", kind: .malformed)
    }
}
