import ArgumentParser
import Foundation
import PlaceSearch
import Tracking

/// How `places follow` writes its events.
enum FollowFormat: String, CaseIterable, ExpressibleByArgument {
    /// One line per event, for a person: the fix's local time, what happened, how far.
    case text
    /// One JSON object per event, with the fix's time in ISO 8601.
    case ndjson
}

/// One thing `places follow` reports.
enum FollowEvent {
    case route(source: String, distance: Double, duration: Double?, points: Int, at: Date?, reroute: Bool)
    case monitor(RouteMonitor.Event, award: AwardNote?)
    case end(fixes: Int, used: Int, skipped: Int, arrived: Bool, remaining: Double?, lastFix: LocationFix?)

    /// What arriving at a recommendation did to the points.
    enum AwardNote {
        case awarded(points: Int, balance: Int)
        case already(points: Int, on: Date)
        case expired(Date)
        /// Arrived by `--arrival-radius`, but farther than the recommendation's own radius.
        case outOfReach(radius: Double, distance: Double)
    }
}

struct FollowOutput {
    let format: FollowFormat
    let timeZone: TimeZone
    let terminal: Terminal
    /// The recommendation's name and id, when the walk goes to one.
    let targetName: String?

    func render(_ event: FollowEvent) -> String {
        switch format {
        case .ndjson: json(event).serialized() + "\n"
        case .text: text(event) + "\n"
        }
    }

    // MARK: - Text

    private func clock(_ date: Date?) -> String {
        guard let date else { return "--:--:--" }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .minute, .second], from: date)
        return String(format: "%02d:%02d:%02d", parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
    }

    private func metres(_ value: Double) -> String { RouteOutput.distanceText(value) }

    private func label(_ word: String, _ paint: (String) -> String) -> String {
        let padded = word.padding(toLength: 15, withPad: " ", startingAt: 0)
        return terminal.useColor ? paint(padded) : padded
    }

    private func text(_ event: FollowEvent) -> String {
        switch event {
        case .route(let source, let distance, let duration, _, let at, let reroute):
            let time = duration.map { ", \(RouteOutput.durationText($0)) on foot" } ?? ""
            return "\(clock(at))  \(label(reroute ? "new route" : "route", terminal.dim))\(metres(distance))\(time), from \(source)"
        case .monitor(let event, let award):
            let when = clock(event.fix.time)
            switch event {
            case .offRoute(let off):
                let why: String =
                    switch off.reason {
                    case .distance(let threshold): "at or beyond \(metres(threshold))"
                    case .time(let seconds): "beyond the tolerance for \(Int(seconds.rounded())) s"
                    case .afterCooldown: "still off after the cooldown"
                    }
                return "\(when)  \(label("off route", terminal.red))\(metres(off.distance)) from the route (\(why)), \(metres(off.along)) along"
            case .backOnRoute(let back):
                let away = back.secondsOff.map { " after \(Int($0.rounded())) s off" } ?? ""
                return "\(when)  \(label("back on route", terminal.green))\(metres(back.distance)) from the route\(away), \(metres(back.along)) along"
            case .arrived(let arrival):
                var line = "\(when)  \(label("arrived", terminal.green))\(metres(arrival.distance)) from \(targetName ?? "the destination")"
                switch award {
                case .awarded(let points, let balance)?: line += ": +\(points) point\(points == 1 ? "" : "s") (balance \(balance))"
                case .already(let points, let on)?: line += ": its \(points) points were already awarded on \(ISO8601Text.format(on)); none added"
                case .expired(let date)?: line += ": it expired at \(ISO8601Text.format(date)); no points"
                case .outOfReach(let radius, _)?: line += ": its points need you within \(metres(radius)); none added"
                case nil: break
                }
                return line
            }
        case .end(let fixes, let used, let skipped, let arrived, let remaining, let lastFix):
            let outcome = arrived ? "arrived" : "not arrived" + (remaining.map { ", \(metres($0)) of route left" } ?? "")
            let skippedText = skipped > 0 ? ", \(skipped) skipped" : ""
            return "\(clock(lastFix?.time))  \(label("end", terminal.dim))\(fixes) fixes read (\(used) used\(skippedText)); \(outcome)"
        }
    }

    // MARK: - NDJSON

    private func position(_ fix: LocationFix) -> JSONObject {
        [
            "time": fix.time.map { .string(ISO8601Text.format($0)) } ?? .null,
            "lat": JSONOutput.number(fix.coordinate.latitude, places: 7),
            "lon": JSONOutput.number(fix.coordinate.longitude, places: 7),
            "accuracy_m": fix.horizontalAccuracy.map { JSONOutput.number($0, places: 1) } ?? .null,
        ]
    }

    static func name(of event: RouteMonitor.Event) -> String {
        switch event {
        case .offRoute: "off-route"
        case .backOnRoute: "back-on-route"
        case .arrived: "arrived"
        }
    }

    func json(_ event: FollowEvent) -> JSONValue {
        switch event {
        case .route(let source, let distance, let duration, let points, let at, let reroute):
            return [
                "event": reroute ? "reroute" : "route", "time": at.map { .string(ISO8601Text.format($0)) } ?? .null, "source": .string(source), "distance_m": JSONOutput.number(distance, places: 1),
                "duration_s": duration.map { JSONOutput.number($0, places: 1) } ?? .null, "path_points": JSONValue(points),
            ]
        case .monitor(let event, let award):
            var object: JSONObject = ["event": .string(Self.name(of: event))]
            for member in position(event.fix).members { object[member.key] = member.value }
            switch event {
            case .offRoute(let off):
                object["distance_m"] = JSONOutput.number(off.distance, places: 1)
                object["along_m"] = JSONOutput.number(off.along, places: 1)
                switch off.reason {
                case .distance(let threshold):
                    object["reason"] = "distance"
                    object["threshold_m"] = JSONOutput.number(threshold, places: 1)
                case .time(let seconds):
                    object["reason"] = "time"
                    object["off_for_s"] = JSONOutput.number(seconds, places: 1)
                case .afterCooldown:
                    object["reason"] = "after-cooldown"
                }
            case .backOnRoute(let back):
                object["distance_m"] = JSONOutput.number(back.distance, places: 1)
                object["along_m"] = JSONOutput.number(back.along, places: 1)
                object["off_for_s"] = back.secondsOff.map { JSONOutput.number($0, places: 1) } ?? .null
            case .arrived(let arrival):
                object["distance_m"] = JSONOutput.number(arrival.distance, places: 1)
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
                    object["points_radius_m"] = JSONOutput.number(radius, places: 1)
                case nil: break
                }
            }
            return .object(object)
        case .end(let fixes, let used, let skipped, let arrived, let remaining, let lastFix):
            var object: JSONObject = [
                "event": "end", "fixes": JSONValue(fixes), "used": JSONValue(used), "skipped": JSONValue(skipped),
                "arrived": .bool(arrived), "remaining_m": remaining.map { JSONOutput.number($0, places: 1) } ?? .null,
            ]
            if let time = lastFix?.time { object["time"] = .string(ISO8601Text.format(time)) }
            return .object(object)
        }
    }
}
