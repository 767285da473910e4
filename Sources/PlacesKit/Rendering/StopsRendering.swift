public import Foundation
import PlaceBytes
import Tracking

/// The stops of a trace in every format `stops` writes: a timeline for people, GPX, and the
/// documents of ``StopsDocument``. Times are shown on the clock of `timeZone`.
public struct StopsRendering: Sendable {
    /// The clock times are shown on.
    public let timeZone: TimeZone
    /// How words are marked (a terminal's colours, an app's own, or plain).
    public let style: TextStyle

    /// A rendering with times on `timeZone`'s clock.
    public init(timeZone: TimeZone, style: TextStyle = .plain) {
        self.timeZone = timeZone
        self.style = style
    }

    /// The stops and transits of `summary` in `format`.
    public func render(_ summary: StopsSummary, as format: StopsFormat) -> String {
        switch format {
        case .table: table(summary)
        case .json: StopsDocument.document(summary).serialized(pretty: true) + "\n"
        case .ndjson: summary.stops.map { StopsDocument.line(.stop($0)) }.joined() + StopsDocument.summaryLine(summary)
        case .geojson: StopsDocument.geojson(summary).serialized(pretty: true) + "\n"
        case .gpx: gpx(summary)
        }
    }

    /// GPX 1.1: stops as waypoints, the recorded pieces of each transit as a track's segments.
    public func gpx(_ summary: StopsSummary) -> String {
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
        for transit in summary.transits where !StopsDocument.pieces(transit).isEmpty {
            let from = transit.from.map { "stop \($0)" } ?? "start"
            let to = transit.to.map { "stop \($0)" } ?? "end"
            text += "  <trk><name>\(RouteDocument.escape("\(from) to \(to)"))</name>"
            text += "<desc>\(RouteDocument.escape(movementText(transit)))</desc>"
            // One <trkseg> per recorded piece, as the recording had them: no segment crosses a gap.
            for piece in StopsDocument.pieces(transit) {
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

    /// A timeline: each stop and the movement between, then the totals and the clock the times are on.
    public func table(_ summary: StopsSummary) -> String {
        let items = StopsDocument.timeline(summary)
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
            : (style.isMarked
                ? table.text(width: style.width, header: style.faint) { _, column, cell in
                    column == 4 && !cell.hasPrefix("moving") ? style.strong(cell) : cell
                }
                : table.text(width: style.width))
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

    /// Which clock the times are on: the recording says UTC, the table says this zone, and a
    /// place's own zone is not known from its coordinates alone.
    private func zoneLine(first: StopsEvent, days: Set<String>) -> String {
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
