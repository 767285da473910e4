import Crypto
public import Foundation
import PlaceBytes
import PlaceCore
public import Tracking

/// A fix as it reached the server: what the client said, and when our clock saw it.
public struct WitnessedFix: Sendable, Equatable {
    /// The fix as the client sent it.
    public let fix: LocationFix
    /// When the server's clock saw it arrive.
    public let receivedAt: Date

    /// `fix`, as it arrived at `receivedAt`.
    public init(fix: LocationFix, receivedAt: Date) {
        self.fix = fix
        self.receivedAt = receivedAt
    }
}

/// The checks a walk must pass to earn points, each a plain function of the fixes and the times
/// they arrived, so that each can be tested alone (see ``LiveWalkRules`` for why each exists).
public struct LiveWalkCheck: Sendable {
    /// The thresholds the checks apply.
    public let rules: LiveWalkRules

    /// Checks that apply `rules`.
    public init(rules: LiveWalkRules) { self.rules = rules }

    /// Why `walk` (every fix that arrived, in arrival order) may not earn points; nil when it may.
    public func refusal(_ walk: [WitnessedFix]) -> WalkRefusal? {
        live(walk) ?? ordered(walk) ?? enough(walk) ?? realTime(walk) ?? paced(walk) ?? irregular(walk)
    }

    /// Each fix stamped close to our clock when it came: an old file replayed is hours or days off.
    func live(_ walk: [WitnessedFix]) -> WalkRefusal? {
        for (number, witnessed) in walk.enumerated() {
            guard let time = witnessed.fix.time else {
                return WalkRefusal("not-live", "fix \(number + 1) has no time; points need fixes stamped as they are taken")
            }
            let offset = time.timeIntervalSince(witnessed.receivedAt)
            if offset < -rules.clockWindow {
                return WalkRefusal(
                    "replayed",
                    "fix \(number + 1) was taken at \(ISO8601Text.format(time)), \(Self.span(-offset)) before it arrived; "
                        + "points need live fixes (within \(Int(rules.clockWindow)) s of the server's clock)")
            }
            if offset > rules.clockWindow {
                return WalkRefusal(
                    "not-live",
                    "fix \(number + 1) is stamped \(ISO8601Text.format(time)), \(Self.span(offset)) after it arrived; "
                        + "points need fixes within \(Int(rules.clockWindow)) s of the server's clock")
            }
        }
        return nil
    }

    /// Times that never go back.
    func ordered(_ walk: [WitnessedFix]) -> WalkRefusal? {
        for index in walk.indices.dropFirst() {
            guard let time = walk[index].fix.time, let previous = walk[index - 1].fix.time else { continue }
            if time < previous {
                return WalkRefusal(
                    "out-of-order", "fix \(index + 1) (\(ISO8601Text.format(time))) is older than the fix before it (\(ISO8601Text.format(previous)))"
                )
            }
        }
        return nil
    }

    /// A walk, not a fix dropped at the door.
    func enough(_ walk: [WitnessedFix]) -> WalkRefusal? {
        let duration = Self.duration(walk)
        guard walk.count >= rules.minimumFixes, duration >= rules.minimumDuration else {
            return WalkRefusal(
                "too-short",
                "the walk has \(walk.count) fix\(walk.count == 1 ? "" : "es") over \(Self.span(duration)); points need at least "
                    + "\(rules.minimumFixes) over \(Self.span(rules.minimumDuration)), sent as they are taken")
        }
        return nil
    }

    /// Sent as it was walked: the fixes arrive over (most of) the time they span.
    func realTime(_ walk: [WitnessedFix]) -> WalkRefusal? {
        guard let first = walk.first, let last = walk.last else { return nil }
        let walked = Self.duration(walk)
        let sent = last.receivedAt.timeIntervalSince(first.receivedAt)
        // A walk sent within the clock window of its end is as live as a buffered phone makes it.
        guard sent < walked * rules.realTimeShare, walked - sent > rules.clockWindow else { return nil }
        return WalkRefusal(
            "not-real-time", "\(Self.span(walked)) of walking arrived in \(Self.span(sent)); points need fixes sent as they are taken")
    }

    /// No faster than a walker: the distance covered over stretches of ``LiveWalkRules/paceSpan``
    /// seconds, between positions smoothed by a median of five fixes, so that a GPS jump of one or
    /// two fixes is not a sprint (and a walk round a corner is slower, never faster, than walked).
    func paced(_ walk: [WitnessedFix]) -> WalkRefusal? {
        let fixes = walk.compactMap { item in item.fix.time.map { (item.fix.coordinate, $0) } }
        let smoothed = Self.medianSmoothed(fixes.map(\.0))
        var start = 0
        for end in fixes.indices {
            while start + 1 < end, fixes[end].1.timeIntervalSince(fixes[start + 1].1) >= rules.paceSpan { start += 1 }
            let seconds = fixes[end].1.timeIntervalSince(fixes[start].1)
            guard seconds >= rules.paceSpan else { continue }
            let pace = smoothed[start].distance(to: smoothed[end]) / seconds
            if pace > rules.fastestPace {
                return WalkRefusal(
                    "too-fast",
                    "\(NumberText.trimmed(pace, 1)) m/s from \(ISO8601Text.format(fixes[start].1)) to \(ISO8601Text.format(fixes[end].1)): "
                        + "faster than walking (at most \(NumberText.trimmed(rules.fastestPace, 1)) m/s); a ride earns no points")
            }
        }
        return nil
    }

    /// Each position replaced by the median latitude and longitude of the five around it.
    static func medianSmoothed(_ points: [Coordinate]) -> [Coordinate] {
        points.indices.map { index in
            let window = points[max(0, index - 2)...min(points.count - 1, index + 2)]
            let latitudes = window.map(\.latitude).sorted()
            let longitudes = window.map(\.longitude).sorted()
            return (try? Coordinate(latitude: latitudes[latitudes.count / 2], longitude: longitudes[longitudes.count / 2])) ?? points[index]
        }
    }

    /// Drawn, not walked: every fix on one straight line, or every step the same speed.
    func irregular(_ walk: [WitnessedFix]) -> WalkRefusal? {
        let fixes = walk.map(\.fix)
        guard fixes.count >= 10, let first = fixes.first, let last = fixes.last else { return nil }
        let chord = first.coordinate.distance(to: last.coordinate)
        guard chord >= rules.regularityLength else { return nil }
        let widest = fixes.map { Self.offset($0.coordinate, from: first.coordinate, to: last.coordinate) }.max() ?? 0
        if widest < rules.straightness {
            return WalkRefusal(
                "too-regular",
                "all \(fixes.count) fixes lie within \(NumberText.trimmed(widest, 2)) m of one straight line over \(Int(chord)) m: "
                    + "drawn, not walked (GPS wobbles by metres)")
        }
        var speeds: [Double] = []
        for index in fixes.indices.dropFirst() {
            guard let time = fixes[index].time, let previous = fixes[index - 1].time, time > previous else { continue }
            speeds.append(fixes[index - 1].coordinate.distance(to: fixes[index].coordinate) / time.timeIntervalSince(previous))
        }
        guard speeds.count >= 9 else { return nil }
        // Median and median absolute deviation: a corner or two of a computed walk along streets
        // does not hide that every other step is the same to the millimetre.
        let median = speeds.sorted()[speeds.count / 2]
        guard median > 0 else { return nil }
        let spread = speeds.map { abs($0 - median) }.sorted()[speeds.count / 2] / median
        if spread < rules.evenness {
            return WalkRefusal(
                "too-regular",
                "the steps are all the same speed (\(NumberText.trimmed(median, 2)) m/s, half of them within \(NumberText.trimmed(100 * spread, 2)) % of it): "
                    + "computed, not walked")
        }
        return nil
    }

    /// How far `point` is from the line through `a` and `b`, in metres (a local flat projection:
    /// walks are short).
    static func offset(_ point: Coordinate, from a: Coordinate, to b: Coordinate) -> Double {
        let metresPerDegree = 111_320.0
        let scale = cos(a.latitude * .pi / 180)
        let bx = (b.longitude - a.longitude) * metresPerDegree * scale
        let by = (b.latitude - a.latitude) * metresPerDegree
        let px = (point.longitude - a.longitude) * metresPerDegree * scale
        let py = (point.latitude - a.latitude) * metresPerDegree
        let length = (bx * bx + by * by).squareRoot()
        guard length > 0 else { return (px * px + py * py).squareRoot() }
        return abs(bx * py - by * px) / length
    }

    static func duration(_ walk: [WitnessedFix]) -> TimeInterval {
        guard let first = walk.first?.fix.time, let last = walk.last?.fix.time else { return 0 }
        return last.timeIntervalSince(first)
    }

    static func span(_ seconds: TimeInterval) -> String {
        let seconds = abs(seconds)
        if seconds < 120 { return "\(Int(seconds.rounded())) s" }
        if seconds < 7200 { return "\(Int((seconds / 60).rounded())) min" }
        if seconds < 172_800 { return "\(Int((seconds / 3600).rounded())) h" }
        return "\(Int((seconds / 86_400).rounded())) days"
    }

    /// The walk's identity: its positions to about a metre, in order. The same fixes sent again, with
    /// other times or by another account, have the same fingerprint.
    public static func fingerprint(_ walk: [WitnessedFix]) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(walk.count * 16)
        for item in walk {
            for value in [item.fix.coordinate.latitude, item.fix.coordinate.longitude] {
                withUnsafeBytes(of: Int64((value * 100_000).rounded()).littleEndian) { bytes.append(contentsOf: $0) }
            }
        }
        return SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
    }
}
