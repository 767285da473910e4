public import Foundation
import PlaceBytes
import Tracking

/// The events of a followed walk, as they come: a line for a person, or a JSON object per event.
public struct FollowRendering: Sendable {
    /// A line for a person, or NDJSON.
    public let format: FollowFormat
    /// The clock a line's time is on.
    public let timeZone: TimeZone
    /// How words are marked (a terminal's colours, an app's own, or plain).
    public let style: TextStyle
    /// The recommendation's name and id, when the walk goes to one.
    public let targetName: String?

    /// A rendering of a walk to `targetName` (nil for a point), its times on `timeZone`'s clock.
    public init(format: FollowFormat, timeZone: TimeZone, style: TextStyle = .plain, targetName: String?) {
        self.format = format
        self.timeZone = timeZone
        self.style = style
        self.targetName = targetName
    }

    /// One event, ending with a newline.
    public func render(_ event: FollowEvent) -> String {
        switch format {
        case .ndjson: event.document().serialized() + "\n"
        case .text: text(event) + "\n"
        }
    }

    private func clock(_ date: Date?) -> String {
        guard let date else { return "--:--:--" }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .minute, .second], from: date)
        return String(format: "%02d:%02d:%02d", parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
    }

    private func metres(_ value: Double) -> String { RouteDocument.distanceText(value) }

    private func label(_ word: String, _ mark: TextStyle.Mark) -> String {
        style.mark(word.padding(toLength: 15, withPad: " ", startingAt: 0), mark)
    }

    /// The fix's local time, what happened, how far.
    public func text(_ event: FollowEvent) -> String {
        switch event {
        case .route(let source, let distance, let duration, _, let at, let reroute):
            let time = duration.map { ", \(RouteDocument.durationText($0)) on foot" } ?? ""
            return "\(clock(at))  \(label(reroute ? "new route" : "route", .faint))\(metres(distance))\(time), from \(source)"
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
                return "\(when)  \(label("off route", .bad))\(metres(off.distance)) from the route (\(why)), \(metres(off.along)) along"
            case .backOnRoute(let back):
                let away = back.secondsOff.map { " after \(Int($0.rounded())) s off" } ?? ""
                return "\(when)  \(label("back on route", .good))\(metres(back.distance)) from the route\(away), \(metres(back.along)) along"
            case .arrived(let arrival):
                var line = "\(when)  \(label("arrived", .good))\(metres(arrival.distance)) from \(targetName ?? "the destination")"
                switch award {
                case .awarded(let points, let balance)?: line += ": +\(points) point\(points == 1 ? "" : "s") (balance \(balance))"
                case .already(let points, let on)?: line += ": its \(points) points were already awarded on \(ISO8601Text.format(on)); none added"
                case .expired(let date)?: line += ": it expired at \(ISO8601Text.format(date)); no points"
                case .outOfReach(let radius, _)?: line += ": its points need you within \(metres(radius)); none added"
                case .refused(let reason)?: line += ": no points (\(reason))"
                case nil: break
                }
                return line
            }
        case .end(let fixes, let used, let skipped, let arrived, let remaining, let lastFix):
            let outcome = arrived ? "arrived" : "not arrived" + (remaining.map { ", \(metres($0)) of route left" } ?? "")
            let skippedText = skipped > 0 ? ", \(skipped) skipped" : ""
            return "\(clock(lastFix?.time))  \(label("end", .faint))\(fixes) fixes read (\(used) used\(skippedText)); \(outcome)"
        }
    }
}
