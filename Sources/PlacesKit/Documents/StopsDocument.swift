import Foundation
public import PlaceBytes
public import PlaceCore
public import Tracking

/// `stops` as documents: one object per stop or transit (NDJSON lines, GeoJSON properties), a
/// summary, and the whole document (`--format json`, `/v1/stops`).
public enum StopsDocument {
    /// A stop: its number, place, arrival, departure, duration, fixes, spread and name.
    public static func stop(_ named: NamedStop) -> JSONObject {
        let stop = named.stop
        return [
            "kind": "stop",
            "number": JSONValue(stop.number),
            "arrival": .string(ISO8601Text.format(stop.arrival)),
            "departure": .string(ISO8601Text.format(stop.departure)),
            "duration_s": DocumentParts.number(stop.duration, places: 0),
            "lat": DocumentParts.number(stop.centre.latitude, places: 7),
            "lon": DocumentParts.number(stop.centre.longitude, places: 7),
            "fixes": JSONValue(stop.fixCount),
            "spread_m": DocumentParts.number(stop.spread, places: 1),
            "name": DocumentParts.optional(named.name?.name),
            "name_distance_m": named.name.map { DocumentParts.number($0.distance, places: 0) } ?? .null,
            "name_source": DocumentParts.optional(named.name?.source),
        ]
    }

    /// A transit: the stops it joins, its times, distance, speed and gaps, with its path when asked.
    public static func transit(_ transit: StopDetector.Transit, withPath: Bool) -> JSONObject {
        var object: JSONObject = [
            "kind": "transit",
            "from": transit.from.map { JSONValue($0) } ?? .null,
            "to": transit.to.map { JSONValue($0) } ?? .null,
            "departure": .string(ISO8601Text.format(transit.departure)),
            "arrival": .string(ISO8601Text.format(transit.arrival)),
            "duration_s": DocumentParts.number(transit.duration, places: 0),
            "distance_m": DocumentParts.number(transit.distance, places: 1),
            "speed_kmh": DocumentParts.number(transit.averageSpeed * 3.6, places: 1),
            "gaps": JSONValue(transit.gapCount),
            "gap_s": DocumentParts.number(transit.gapDuration, places: 0),
            "gap_distance_m": DocumentParts.number(transit.gapDistance, places: 1),
        ]
        if withPath {
            object["path"] = .array(transit.path.map(pair))
            object["path_breaks"] = .array(transit.pathBreaks.map { JSONValue($0) })
        }
        return object
    }

    /// `[lon, lat]`, as GeoJSON has it.
    public static func pair(_ coordinate: Coordinate) -> JSONValue {
        [DocumentParts.number(coordinate.longitude, places: 6), DocumentParts.number(coordinate.latitude, places: 6)]
    }

    /// The summary of a trace: fixes read, used and skipped, the settings, and the totals.
    public static func summary(_ summary: StopsSummary) -> JSONObject {
        [
            "fixes": JSONValue(summary.fixes),
            "used": JSONValue(summary.used),
            "skipped": JSONValue(summary.skipped),
            "stops": JSONValue(summary.stopCount),
            "stopped_s": DocumentParts.number(summary.stoppedSeconds, places: 0),
            "moving_s": DocumentParts.number(summary.movement.movingSeconds, places: 0),
            "moving_m": DocumentParts.number(summary.movement.movingMetres, places: 0),
            "gaps": JSONValue(summary.movement.gapCount),
            "gap_s": DocumentParts.number(summary.movement.gapSeconds, places: 0),
            "gap_distance_m": DocumentParts.number(summary.movement.gapMetres, places: 0),
            "radius_m": DocumentParts.number(summary.settings.radius, places: 1),
            "min_duration_s": DocumentParts.number(summary.settings.minimumDuration, places: 0),
            "min_accuracy_m": summary.minimumAccuracy.map { DocumentParts.number($0, places: 1) } ?? .null,
            "max_gap_s": summary.settings.maximumGap.map { DocumentParts.number($0, places: 0) } ?? .null,
        ]
    }

    /// One NDJSON line, said as soon as the detector knows it.
    public static func line(_ event: StopsEvent) -> String {
        switch event {
        case .stop(let named): JSONValue.object(stop(named)).serialized() + "\n"
        case .transit(let transit): JSONValue.object(Self.transit(transit, withPath: true)).serialized() + "\n"
        }
    }

    /// The NDJSON line that ends a run.
    public static func summaryLine(_ summary: StopsSummary) -> String {
        var object = Self.summary(summary)
        object["kind"] = "summary"
        return JSONValue.object(object).serialized() + "\n"
    }

    /// The recorded lines of a transit's path: split at its gaps, so that no line crosses one, and
    /// without the single points a gap leaves between two others (a line needs two).
    public static func pieces(_ transit: StopDetector.Transit) -> [ArraySlice<Coordinate>] {
        var pieces: [ArraySlice<Coordinate>] = []
        var start = 0
        for index in transit.pathBreaks + [transit.path.count] where index > start && index <= transit.path.count {
            if index - start >= 2 { pieces.append(transit.path[start..<index]) }
            start = index
        }
        return pieces
    }

    /// Stops and transits in time order, each transit before the stop it reaches.
    public static func timeline(_ summary: StopsSummary) -> [StopsEvent] {
        var items: [(Date, Int, StopsEvent)] = []
        for named in summary.stops { items.append((named.stop.arrival, 1, .stop(named))) }
        for transit in summary.transits { items.append((transit.departure, 0, .transit(transit))) }
        return items.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.2)
    }

    /// Stops as points, transits as lines, in time order: a FeatureCollection for maps.
    public static func geojson(_ summary: StopsSummary) -> JSONValue {
        var features: [JSONValue] = []
        for item in timeline(summary) {
            switch item {
            case .stop(let named):
                features.append(DocumentParts.feature(named.stop.centre, properties: .object(stop(named))))
            case .transit(let transit):
                // With gaps, the recorded pieces only: a line across a gap is not where anyone went.
                // A transit that is one jump has no line: its geometry is null (RFC 7946 §3.2).
                let pieces = Self.pieces(transit)
                let geometry: JSONValue =
                    switch pieces.count {
                    case 0: .null
                    case 1: ["type": "LineString", "coordinates": .array(pieces[0].map(pair))]
                    default: ["type": "MultiLineString", "coordinates": .array(pieces.map { .array($0.map(pair)) })]
                    }
                features.append(["type": "Feature", "geometry": geometry, "properties": .object(Self.transit(transit, withPath: false))])
            }
        }
        return ["type": "FeatureCollection", "features": .array(features)]
    }

    /// The whole run: stops, transits with their paths, and the summary.
    public static func document(_ summary: StopsSummary) -> JSONValue {
        [
            "stops": .array(summary.stops.map { .object(stop($0)) }),
            "transits": .array(summary.transits.map { .object(transit($0, withPath: true)) }),
            "summary": .object(Self.summary(summary)),
        ]
    }
}
