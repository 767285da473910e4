import PlaceBytes
import PlaceCore
import Foundation

/// What ``FixCheck`` decided about one fix.
public enum FixVerdict: Sendable, Equatable {
    case accepted(LocationFix)
    /// The fix is not used; the reason is one line for a user ("out of order: …").
    case rejected(String)
}

/// The checks between a trace reader and what consumes its fixes (`places follow`, `places stops`):
/// fixes without a time, out of order, repeated, too inaccurate, or implausibly far from the last
/// good one are rejected with a reason.
///
/// The checks run in this order, and the first that fails gives the reason:
/// 1. no time, when ``requireTime`` is set;
/// 2. accuracy worse than ``minimumAccuracy`` (a fix without an accuracy passes: it cannot be judged,
///    and is counted in ``fixesWithoutAccuracy``);
/// 3. a time before the last accepted fix's ("out of order");
/// 4. the same time as the last accepted fix's ("duplicate");
/// 5. a jump: the speed implied from the last accepted fix is above ``maximumSpeed``.
///
/// The fixes compared with are the accepted ones, so one wild fix does not drag the next good one
/// down with it. But when the wild one came first, every good fix after it would be a jump: so after
/// ``reanchorAfter`` jumps in a row that agree with each other (each within ``maximumSpeed`` of the
/// one before, times increasing), the last of them is accepted and becomes the new anchor, and
/// ``notice`` says so.
///
/// O(1) per fix, and nothing is allocated on the path of an accepted fix.
public struct FixCheck: Sendable {
    /// Jumps in a row, agreeing with each other, after which the check re-anchors on them.
    public static let reanchorAfter = 3

    public let requireTime: Bool
    /// Metres per second; 100 m/s is 360 km/h, above anything on the ground.
    public let maximumSpeed: Double
    /// Metres: fixes whose accuracy radius is larger are rejected. Nil accepts any.
    public let minimumAccuracy: Double?

    /// Accepted fixes that had no accuracy, so that a caller can say once, with a count, that the
    /// accuracy was unknown (and what it assumed instead).
    public private(set) var fixesWithoutAccuracy = 0
    public private(set) var acceptedCount = 0
    public private(set) var rejectedCount = 0
    /// Set by a check that did something the user should hear about besides its verdict (the
    /// re-anchoring); nil after every other check.
    public private(set) var notice: String?

    /// The last accepted fix that has a time: what the next one is compared with.
    private var anchor: LocationFix?
    /// The last of the jumps in a row that agree with each other, and how many there are.
    private var candidate: LocationFix?
    private var candidateCount = 0

    public init(requireTime: Bool = true, maximumSpeed: Double = 100, minimumAccuracy: Double? = nil) {
        self.requireTime = requireTime
        self.maximumSpeed = maximumSpeed
        self.minimumAccuracy = minimumAccuracy
    }

    public mutating func check(_ fix: LocationFix) -> FixVerdict {
        if notice != nil { notice = nil }
        guard let time = fix.time else {
            if requireTime { return reject("no time") }
            if let reason = accuracyProblem(fix) { return reject(reason) }
            return accept(fix, anchoring: false)
        }
        if let reason = accuracyProblem(fix) { return reject(reason) }
        guard let anchor, let anchorTime = anchor.time else { return accept(fix, anchoring: true) }
        if time < anchorTime {
            // A run of fixes in order among themselves but all before the anchor means the anchor's
            // clock was wrong (a receiver's first fix with a future date), not theirs.
            if runAgrees(fix, time: time) {
                notice =
                    "re-anchored: \(candidateCount) fixes in a row are in order with each other but before the fix at "
                    + "\(ISO8601Text.format(anchorTime)), whose time was probably wrong"
                return accept(fix, anchoring: true)
            }
            rejectedCount += 1
            return .rejected(
                "out of order: \(ISO8601Text.format(time)) is before the last accepted fix, at \(ISO8601Text.format(anchorTime))"
            )
        }
        if time == anchorTime {
            return reject("duplicate: the same time as the last accepted fix (\(ISO8601Text.format(time)))")
        }
        let distance = Geodesy.distance(anchor.coordinate, fix.coordinate)
        let interval = time.timeIntervalSince(anchorTime)
        guard distance / interval > maximumSpeed else { return accept(fix, anchoring: true) }
        // A jump. Does it agree with the jumps just before it?
        if runAgrees(fix, time: time) {
            notice =
                "re-anchored: \(candidateCount) fixes in a row agree with each other but not with the fix at "
                + "\(ISO8601Text.format(anchorTime)), which was probably wrong"
            return accept(fix, anchoring: true)
        }
        rejectedCount += 1
        return .rejected(
            "jumped \(Self.describe(metres: distance)) in \(Self.describe(seconds: interval)) "
                + "(\(NumberText.trimmed(distance / interval, 0)) m/s, above the \(NumberText.trimmed(maximumSpeed, 1)) m/s allowed)"
        )
    }

    /// Adds `fix` to the run of rejected fixes that agree with each other (in time order, at a
    /// plausible speed) or starts a new run with it; true when the run is long enough to re-anchor on.
    private mutating func runAgrees(_ fix: LocationFix, time: Date) -> Bool {
        if let previous = candidate, let previousTime = previous.time, time > previousTime,
            Geodesy.distance(previous.coordinate, fix.coordinate) / time.timeIntervalSince(previousTime) <= maximumSpeed
        {
            candidateCount += 1
        } else {
            candidateCount = 1
        }
        candidate = fix
        return candidateCount >= Self.reanchorAfter
    }

    private func accuracyProblem(_ fix: LocationFix) -> String? {
        guard let minimumAccuracy, let accuracy = fix.horizontalAccuracy, accuracy > minimumAccuracy else { return nil }
        return
            "accuracy \(NumberText.trimmed(accuracy, 1)) m is worse than the \(NumberText.trimmed(minimumAccuracy, 1)) m required"
    }

    private mutating func accept(_ fix: LocationFix, anchoring: Bool) -> FixVerdict {
        if anchoring { anchor = fix }
        candidate = nil
        candidateCount = 0
        acceptedCount += 1
        if fix.horizontalAccuracy == nil { fixesWithoutAccuracy += 1 }
        return .accepted(fix)
    }

    /// Any rejection but a jump (those return on their own) breaks a run of jumps.
    private mutating func reject(_ reason: String) -> FixVerdict {
        candidate = nil
        candidateCount = 0
        rejectedCount += 1
        return .rejected(reason)
    }

    static func describe(metres: Double) -> String {
        metres < 1000 ? "\(NumberText.trimmed(metres, 0)) m" : "\(NumberText.trimmed(metres / 1000, 1)) km"
    }

    static func describe(seconds: Double) -> String {
        seconds < 120 ? "\(NumberText.trimmed(seconds, 1)) s" : "\(NumberText.trimmed(seconds / 60, 1)) min"
    }
}
