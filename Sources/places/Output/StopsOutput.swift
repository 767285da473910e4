import ArgumentParser
import Foundation
import PlaceSearch
import PlacesKit
import Tracking

/// How `places stops` writes what it found.
enum StopsFormat: String, CaseIterable, ExpressibleByArgument {
    /// A timeline: each stop and the movement between, with times, durations and names.
    case table
    /// One document: stops, transits (with their paths) and a summary.
    case json
    /// One object per stop or transit, written as soon as it is known (for live streams).
    case ndjson
    /// Stops as points, transits as lines, for maps.
    case geojson
    /// Stops as waypoints, transits as tracks.
    case gpx
}

struct StopsOutput {
    let timeZone: TimeZone
    let terminal: Terminal

    // MARK: - Objects, shared by JSON, NDJSON and GeoJSON (PlacesKit's StopsDocument)

    func json(_ named: NamedStop) -> JSONObject { StopsDocument.stop(named) }

    func json(_ transit: StopDetector.Transit, withPath: Bool) -> JSONObject { StopsDocument.transit(transit, withPath: withPath) }

    /// The recorded lines of a transit's path: split at its gaps, so that no line crosses one, and
    /// without the single points a gap leaves between two others (a line needs two).
    static func pieces(_ transit: StopDetector.Transit) -> [ArraySlice<Coordinate>] {
        var pieces: [ArraySlice<Coordinate>] = []
        var start = 0
        for index in transit.pathBreaks + [transit.path.count] where index > start && index <= transit.path.count {
            if index - start >= 2 { pieces.append(transit.path[start..<index]) }
            start = index
        }
        return pieces
    }

    private static func pair(_ coordinate: Coordinate) -> JSONValue { StopsDocument.pair(coordinate) }

    func summaryJSON(_ summary: StopsSummary) -> JSONObject { StopsDocument.summary(summary) }

    /// One NDJSON line, said as soon as the detector knows it.
    func line(_ event: StopsEvent) -> String {
        switch event {
        case .stop(let named): JSONValue.object(json(named)).serialized() + "\n"
        case .transit(let transit): JSONValue.object(json(transit, withPath: true)).serialized() + "\n"
        }
    }

    func summaryLine(_ summary: StopsSummary) -> String {
        var object = summaryJSON(summary)
        object["kind"] = "summary"
        return JSONValue.object(object).serialized() + "\n"
    }

    // MARK: - Whole documents

    func render(_ summary: StopsSummary, as format: StopsFormat) -> String {
        switch format {
        case .table: table(summary)
        case .json: StopsDocument.document(summary).serialized(pretty: true) + "\n"
        case .ndjson:
            summary.stops.map { JSONValue.object(json($0)).serialized() + "\n" }.joined() + summaryLine(summary)
        case .geojson: geojson(summary).serialized(pretty: true) + "\n"
        case .gpx: gpx(summary)
        }
    }

    func geojson(_ summary: StopsSummary) -> JSONValue {
        var features: [JSONValue] = []
        // In time order, each transit before the stop it reaches.
        for item in timeline(summary) {
            switch item {
            case .stop(let named):
                features.append(DocumentParts.feature(named.stop.centre, properties: .object(json(named))))
            case .transit(let transit):
                // With gaps, the recorded pieces only: a line across a gap is not where anyone went.
                // A transit that is one jump has no line: its geometry is null (RFC 7946 §3.2).
                let pieces = Self.pieces(transit)
                let geometry: JSONValue =
                    switch pieces.count {
                    case 0: .null
                    case 1: ["type": "LineString", "coordinates": .array(pieces[0].map(Self.pair))]
                    default: ["type": "MultiLineString", "coordinates": .array(pieces.map { .array($0.map(Self.pair)) })]
                    }
                features.append(["type": "Feature", "geometry": geometry, "properties": .object(json(transit, withPath: false))])
            }
        }
        return ["type": "FeatureCollection", "features": .array(features)]
    }

    func gpx(_ summary: StopsSummary) -> String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="places stops" xmlns="http://www.topografix.com/GPX/1/1">

            """
        for named in summary.stops {
            let stop = named.stop
            let title = named.name?.name ?? "Stop \(stop.number)"
            text += "  <wpt lat=\"\(RouteDocument.coordinate(stop.centre.latitude))\" lon=\"\(RouteDocument.coordinate(stop.centre.longitude))\">"
            text += "<time>\(ISO8601Text.format(stop.arrival))</time><name>\(RouteDocument.escape(title))</name>"
            text +=
                "<desc>\(RouteDocument.escape("stop \(stop.number): \(clock(stop.arrival))–\(clock(stop.departure)), \(Self.duration(stop.duration))"))</desc>"
            text += "<type>stop</type></wpt>\n"
        }
        for transit in summary.transits where !Self.pieces(transit).isEmpty {
            let from = transit.from.map { "stop \($0)" } ?? "start"
            let to = transit.to.map { "stop \($0)" } ?? "end"
            text += "  <trk><name>\(RouteDocument.escape("\(from) to \(to)"))</name>"
            text += "<desc>\(RouteDocument.escape(movementText(transit)))</desc>"
            // One <trkseg> per recorded piece, as the recording had them: no segment crosses a gap.
            for piece in Self.pieces(transit) {
                text += "<trkseg>\n"
                for index in piece.indices {
                    let point = piece[index]
                    let attributes = "lat=\"\(RouteDocument.coordinate(point.latitude))\" lon=\"\(RouteDocument.coordinate(point.longitude))\""
                    // Times are known at the ends only: the path in between is thinned.
                    if index == 0 {
                        text += "    <trkpt \(attributes)><time>\(ISO8601Text.format(transit.departure))</time></trkpt>\n"
                    } else if index == transit.path.count - 1 {
                        text += "    <trkpt \(attributes)><time>\(ISO8601Text.format(transit.arrival))</time></trkpt>\n"
                    } else {
                        text += "    <trkpt \(attributes)/>\n"
                    }
                }
                text += "  </trkseg>"
            }
            text += "</trk>\n"
        }
        return text + "</gpx>\n"
    }

    // MARK: - Table

    enum TimelineItem {
        case stop(NamedStop)
        case transit(StopDetector.Transit)
    }

    /// Stops and transits in time order.
    func timeline(_ summary: StopsSummary) -> [TimelineItem] {
        var items: [(Date, Int, TimelineItem)] = []
        for named in summary.stops { items.append((named.stop.arrival, 1, .stop(named))) }
        for transit in summary.transits { items.append((transit.departure, 0, .transit(transit))) }
        return items.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.2)
    }

    private var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }

    func clock(_ date: Date) -> String {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }

    private func day(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    static func duration(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0, seconds < 1e9 else { return "?" }
        let minutes = Int((seconds / 60).rounded())
        if minutes < 1 { return "\(Int(seconds.rounded())) s" }
        if minutes < 60 { return "\(minutes) min" }
        return "\(minutes / 60) h \(String(format: "%02d", minutes % 60)) min"
    }

    func table(_ summary: StopsSummary) -> String {
        let items = timeline(summary)
        let days = Set(
            items.map { item -> String in
                switch item {
                case .stop(let named): day(named.stop.arrival)
                case .transit(let transit): day(transit.departure)
                }
            })
        // With more than one day the date goes in front of each time.
        let when = { (date: Date) in days.count > 1 ? "\(self.day(date)) \(self.clock(date))" : self.clock(date) }
        var table = TextTable([.init("#"), .init("From"), .init("To"), .init("For"), .init("What", shrinks: true), .init("Where")])
        for item in items {
            switch item {
            case .stop(let named):
                let stop = named.stop
                let what = named.name.map { "\($0.name) (\(Int($0.distance.rounded())) m)" } ?? "stop"
                table.rows.append([
                    "\(stop.number)", when(stop.arrival), when(stop.departure), Self.duration(stop.duration), what,
                    "\(NumberText.trimmed(stop.centre.latitude, 5)),\(NumberText.trimmed(stop.centre.longitude, 5))",
                ])
            case .transit(let transit):
                table.rows.append([
                    "", when(transit.departure), when(transit.arrival), Self.duration(transit.duration), movementText(transit), "",
                ])
            }
        }
        var text =
            summary.stops.isEmpty && summary.transits.isEmpty
            ? ""
            : (terminal.useColor
                ? table.text(width: terminal.width, header: terminal.dim) { _, column, cell in
                    column == 4 && !cell.hasPrefix("moving") ? terminal.bold(cell) : cell
                }
                : table.text(width: terminal.width))
        let stops = summary.stopCount
        let movement = summary.movement
        let unrecorded =
            movement.gapCount == 0
            ? ""
            : ", \(Self.duration(movement.gapSeconds)) unrecorded (\(Self.gaps(movement.gapCount)), "
                + "\(RouteDocument.distanceText(movement.gapMetres)) in straight lines)"
        text +=
            "\n\(stops) stop\(stops == 1 ? "" : "s"), \(Self.duration(summary.stoppedSeconds)) stopped, "
            + "\(Self.duration(movement.movingSeconds)) moving over \(RouteDocument.distanceText(movement.movingMetres))\(unrecorded) "
            + "(\(summary.used) of \(summary.fixes) fixes used)\n"
        if let first = items.first { text += zoneLine(first: first, days: days) }
        return text
    }

    /// Which clock the times are on: the recording says UTC, the table says the machine's zone,
    /// and a place's own zone is not known from its coordinates alone.
    private func zoneLine(first: TimelineItem, days: Set<String>) -> String {
        let start: Date =
            switch first {
            case .stop(let named): named.stop.arrival
            case .transit(let transit): transit.departure
            }
        let abbreviation = timeZone.abbreviation(for: start).flatMap { $0 == timeZone.identifier ? nil : " (\($0))" } ?? ""
        let date = days.count > 1 ? "dates and times" : "\(day(start)), times"
        return "\(date) in \(timeZone.identifier)\(abbreviation); set TZ for another zone\n"
    }

    /// "moving 692 m at 5.9 km/h"; with gaps, what was recorded and what was not:
    /// "moving 2.2 km at 4.1 km/h, 3 gaps: 9.0 km straight in 39 min unrecorded".
    func movementText(_ transit: StopDetector.Transit) -> String {
        let speed = String(format: "%.1f km/h", transit.averageSpeed * 3.6)
        let moving =
            transit.recordedDuration > 0 || transit.distance > 0
            ? "moving \(RouteDocument.distanceText(transit.distance)) at \(speed)" : nil
        guard transit.gapCount > 0 else { return moving ?? "moving 0 m" }
        let gap = "\(RouteDocument.distanceText(transit.gapDistance)) straight in \(Self.duration(transit.gapDuration)) unrecorded"
        guard let moving else { return "\(Self.gaps(transit.gapCount)): \(gap)" }
        return "\(moving), \(Self.gaps(transit.gapCount)): \(gap)"
    }

    static func gaps(_ count: Int) -> String { count == 1 ? "1 gap" : "\(count) gaps" }
}
