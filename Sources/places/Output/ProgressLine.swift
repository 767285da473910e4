import Foundation

/// What a progress bar shows, as text: a pure function of where an import is, so that it can be
/// tested without a terminal.
///
///     Reading country.osm.pbf  step 1 of 5  ██████████░░░░░░░░░░░░░░░░░░░░  34 %  about 1 min 10 s left
///     Writing the store  step 4 of 5  working, 12 s so far
///
/// The time left is the step's own, from its pace so far: the steps after it are counted, not
/// guessed at. It is said only once the step has run a second and done a twentieth of its work,
/// when its pace means something.
struct ProgressLine: Equatable {
    var label: String
    /// 1-based.
    var step: Int
    var steps: Int
    var done: Int
    /// 0 when the amount of work is not known: the line says how long the step has run instead.
    var total: Int
    /// Seconds since the step began.
    var elapsed: Double

    static let barWidth = 30

    var text: String {
        var parts = [label]
        if steps > 1 { parts.append("step \(step) of \(steps)") }
        guard total > 0 else {
            parts.append("working, \(Self.duration(elapsed)) so far")
            return parts.joined(separator: "  ")
        }
        let fraction = min(1, max(0, Double(done) / Double(total)))
        let percent = Int(fraction * 100)
        let filled = Int(fraction * Double(Self.barWidth))
        parts.append(String(repeating: "█", count: filled) + String(repeating: "░", count: Self.barWidth - filled))
        parts.append(String(format: "%3d %%", percent))
        if let left = secondsLeft { parts.append("about \(Self.duration(left)) left") }
        return parts.joined(separator: "  ")
    }

    /// The step's time left at its pace so far, or nil while that pace says little.
    var secondsLeft: Double? {
        guard total > 0, done > 0, done < total, elapsed >= 1, Double(done) >= Double(total) / 20 else { return nil }
        return elapsed * Double(total - done) / Double(done)
    }

    /// "4 s", "1 min 10 s", "2 h 5 min": rounded up to whole seconds, and to minutes past an hour.
    static func duration(_ seconds: Double) -> String {
        let whole = max(1, Int(seconds.rounded(.up)))
        if whole < 60 { return "\(whole) s" }
        if whole < 3600 { return whole % 60 == 0 ? "\(whole / 60) min" : "\(whole / 60) min \(whole % 60) s" }
        let minutes = (whole + 59) / 60
        return minutes % 60 == 0 ? "\(minutes / 60) h" : "\(minutes / 60) h \(minutes % 60) min"
    }
}
