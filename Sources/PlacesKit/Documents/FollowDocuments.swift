public import PlaceBytes
import PlaceCore
public import Tracking

extension FollowEvent {
    static func position(_ fix: LocationFix) -> JSONObject {
        [
            "time": fix.time.map { .string(ISO8601Text.format($0)) } ?? .null,
            "lat": DocumentParts.number(fix.coordinate.latitude, places: 7),
            "lon": DocumentParts.number(fix.coordinate.longitude, places: 7),
            "accuracy_m": fix.horizontalAccuracy.map { DocumentParts.number($0, places: 1) } ?? .null,
        ]
    }

    /// The event's name in documents: `off-route`, `back-on-route`, `arrived`.
    public static func name(of event: RouteMonitor.Event) -> String {
        switch event {
        case .offRoute: "off-route"
        case .backOnRoute: "back-on-route"
        case .arrived: "arrived"
        }
    }

    /// The event as one JSON object (an NDJSON line, a server-sent event).
    public func document() -> JSONValue {
        switch self {
        case .route(let source, let distance, let duration, let points, let at, let reroute):
            return [
                "event": reroute ? "reroute" : "route", "time": at.map { .string(ISO8601Text.format($0)) } ?? .null, "source": .string(source),
                "distance_m": DocumentParts.number(distance, places: 1),
                "duration_s": duration.map { DocumentParts.number($0, places: 1) } ?? .null, "path_points": JSONValue(points),
            ]
        case .monitor(let event, let award):
            var object: JSONObject = ["event": .string(Self.name(of: event))]
            for member in Self.position(event.fix).members { object[member.key] = member.value }
            switch event {
            case .offRoute(let off):
                object["distance_m"] = DocumentParts.number(off.distance, places: 1)
                object["along_m"] = DocumentParts.number(off.along, places: 1)
                switch off.reason {
                case .distance(let threshold):
                    object["reason"] = "distance"
                    object["threshold_m"] = DocumentParts.number(threshold, places: 1)
                case .time(let seconds):
                    object["reason"] = "time"
                    object["off_for_s"] = DocumentParts.number(seconds, places: 1)
                case .afterCooldown:
                    object["reason"] = "after-cooldown"
                }
            case .backOnRoute(let back):
                object["distance_m"] = DocumentParts.number(back.distance, places: 1)
                object["along_m"] = DocumentParts.number(back.along, places: 1)
                object["off_for_s"] = back.secondsOff.map { DocumentParts.number($0, places: 1) } ?? .null
            case .arrived(let arrival):
                object["distance_m"] = DocumentParts.number(arrival.distance, places: 1)
                switch award {
                case .awarded(let points, let balance)?:
                    object["points_awarded"] = JSONValue(points)
                    object["balance"] = JSONValue(balance)
                case .already(_, let on)?:
                    object["points_awarded"] = 0
                    object["already_awarded_at"] = .string(ISO8601Text.format(on))
                case .expired(let date)?:
                    object["points_awarded"] = 0
                    object["expired_at"] = .string(ISO8601Text.format(date))
                case .outOfReach(let radius, _)?:
                    object["points_awarded"] = 0
                    object["points_radius_m"] = DocumentParts.number(radius, places: 1)
                case .refused(let reason)?:
                    object["points_awarded"] = 0
                    object["refused"] = .string(reason)
                case nil: break
                }
            }
            return .object(object)
        case .end(let fixes, let used, let skipped, let arrived, let remaining, let lastFix):
            var object: JSONObject = [
                "event": "end", "fixes": JSONValue(fixes), "used": JSONValue(used), "skipped": JSONValue(skipped),
                "arrived": .bool(arrived), "remaining_m": remaining.map { DocumentParts.number($0, places: 1) } ?? .null,
            ]
            if let time = lastFix?.time { object["time"] = .string(ISO8601Text.format(time)) }
            return .object(object)
        }
    }
}
