import Foundation
import PlaceCore

/// Plain-text steps for a walk, from the pieces of way it follows: one step per stretch of the same
/// street (or the same kind of unnamed way), with the turn onto it and how far to go.
///
/// The words follow what OSRM's osrm-text-instructions and Google write for walking: "Head north
/// on Damrak", "Turn left onto Damstraat", "Continue onto Rokin", "Cross the street", "Take the
/// steps", "Take the ferry", "You have arrived at your destination".
struct Instructions {
    struct Stretch {
        var name: String?
        var kind: WayKind
        var path: [Coordinate]
        var metres: Double

        /// What the step calls the way: its name, or what sort of way it is.
        var label: String { name ?? kind.unnamedDescription }
        /// Whether two stretches are one step: the same name, or both unnamed of the same kind.
        func continues(_ other: Stretch) -> Bool { name == other.name && (name != nil || kind == other.kind) }

        mutating func absorb(_ other: Stretch) {
            path.appendJoining(other.path)
            metres += other.metres
        }
    }

    /// Stretches shorter than this (a kerb, a bit of footway between two stretches of one street)
    /// join the stretch before instead of becoming a step of their own.
    static let shortestStep = 8.0
    /// A differently named stretch this short, straight on between two stretches of one street, is
    /// a bridge or a passage of that street.
    static let longestBridge = 60.0
    /// Metres looked at on either side of a turn for the bearings, so that a kink in the last
    /// metre of a way does not read as a turn.
    static let bearingReach = 12.0

    static func steps(for stretches: [Stretch], speed: Double) -> [RouteStep] {
        let merged = merge(stretches)
        guard let first = merged.first else { return [] }
        var steps: [RouteStep] = []
        for (index, stretch) in merged.enumerated() {
            let instruction: String
            let maneuver: String
            if index == 0 {
                let bearing = outgoingBearing(stretch.path)
                instruction =
                    stretch.kind == .ferry
                    ? "Take \(ferryLabel(stretch))" : "Head \(compass(bearing)) on \(stretch.label)"
                maneuver = "depart"
            } else {
                let turn = Turn(from: incomingBearing(merged[index - 1].path), to: outgoingBearing(stretch.path))
                (instruction, maneuver) = phrase(turn, onto: stretch)
            }
            steps.append(
                RouteStep(
                    instruction: instruction, distance: stretch.metres, duration: stretch.metres / speed,
                    maneuver: maneuver,
                    name: stretch.name, path: stretch.path))
        }
        let end = merged.last?.path.last ?? first.path.first
        steps.append(
            RouteStep(
                instruction: "You have arrived at your destination", distance: 0, duration: 0, maneuver: "arrive",
                name: merged.last?.name,
                path: end.map { [$0] } ?? []))
        return steps
    }

    /// Consecutive stretches of one way become one; a few metres of another way between two (a
    /// kerb, the corner of a square) join the stretch before; a bridge with its own name in the
    /// middle of a street ("Grimburgwal", "Sleutelbrug", "Grimburgwal", straight on) is one step of
    /// the street. Crossings, steps and ferries always stay steps of their own.
    static func merge(_ stretches: [Stretch]) -> [Stretch] {
        var merged: [Stretch] = []
        for stretch in stretches where !stretch.path.isEmpty {
            if var last = merged.last,
                last.continues(stretch) || (stretch.metres < shortestStep && !stretch.kind.isLandmark)
            {
                last.absorb(stretch)
                merged[merged.count - 1] = last
            } else {
                merged.append(stretch)
            }
        }
        var index = 1
        while index + 1 < merged.count {
            let (before, middle, after) = (merged[index - 1], merged[index], merged[index + 1])
            if middle.metres < longestBridge, before.name != nil, before.continues(after), !middle.kind.isLandmark,
                Turn(from: incomingBearing(before.path), to: outgoingBearing(middle.path)) == .straight,
                Turn(from: incomingBearing(middle.path), to: outgoingBearing(after.path)) == .straight
            {
                var joined = before
                joined.absorb(middle)
                joined.absorb(after)
                merged.replaceSubrange((index - 1)...(index + 1), with: [joined])
            } else {
                index += 1
            }
        }
        // A short first stretch (from the snapped point to the street) reads better as part of the next.
        if merged.count >= 2, merged[0].metres < shortestStep, !merged[0].kind.isLandmark {
            var next = merged[0]
            next.absorb(merged[1])
            next.name = merged[1].name
            next.kind = merged[1].kind
            merged.replaceSubrange(0...1, with: [next])
        }
        return merged
    }

    private static func phrase(_ turn: Turn, onto stretch: Stretch) -> (String, String) {
        switch stretch.kind {
        case .ferry:
            return ("Take \(ferryLabel(stretch))", "ferry")
        case .crossing where stretch.name == nil:
            return turn == .straight
                ? ("Cross the street", "straight") : ("\(turn.words) and cross the street", turn.maneuver)
        case .steps where stretch.name == nil:
            return turn == .straight
                ? ("Take the steps", "straight") : ("\(turn.words) and take the steps", turn.maneuver)
        default:
            return turn == .straight
                ? ("Continue onto \(stretch.label)", "straight")
                : ("\(turn.words) onto \(stretch.label)", turn.maneuver)
        }
    }

    private static func ferryLabel(_ stretch: Stretch) -> String {
        stretch.name.map { "the ferry \($0)" } ?? "the ferry"
    }

    /// The bearing of the first few metres of a path.
    static func outgoingBearing(_ path: [Coordinate]) -> Double {
        guard let start = path.first else { return 0 }
        return bearing(from: start, to: pointAtReach(path[...]) ?? start)
    }

    /// The bearing of the last few metres of a path.
    static func incomingBearing(_ path: [Coordinate]) -> Double {
        guard let end = path.last else { return 0 }
        return bearing(from: pointAtReach(path.reversed()[...]) ?? end, to: end)
    }

    /// The first point at least ``bearingReach`` metres from the first, or the last point. Measured
    /// on the plane at the first point: over a dozen metres that is exact enough for a turn.
    private static func pointAtReach(_ path: some Collection<Coordinate>) -> Coordinate? {
        guard let start = path.first else { return nil }
        let scale = LocalScale(latitude: start.latitude)
        for point in path.dropFirst() {
            let east = (point.longitude - start.longitude) * scale.metresPerDegreeLongitude
            let north = (point.latitude - start.latitude) * scale.metresPerDegreeLatitude
            if east * east + north * north >= bearingReach * bearingReach { return point }
        }
        return path.count > 1 ? path.dropFirst().reversed().first : nil
    }

    /// Degrees clockwise from north, on the plane at `a`.
    static func bearing(from a: Coordinate, to b: Coordinate) -> Double {
        let scale = LocalScale(latitude: a.latitude)
        let east = (b.longitude - a.longitude) * scale.metresPerDegreeLongitude
        let north = (b.latitude - a.latitude) * scale.metresPerDegreeLatitude
        let degrees = atan2(east, north) * 180 / .pi
        return degrees < 0 ? degrees + 360 : degrees
    }

    static func compass(_ bearing: Double) -> String {
        let names = ["north", "northeast", "east", "southeast", "south", "southwest", "west", "northwest"]
        let sector = Int(((bearing.truncatingRemainder(dividingBy: 360) + 360 + 22.5) / 45).rounded(.down)) % 8
        return names[sector]
    }
}

extension WayKind {
    /// Kinds a walker must be told about however short: they cross a road, climb, or board.
    var isLandmark: Bool { self == .crossing || self == .steps || self == .ferry }
}

/// How sharply a walk turns from one way onto the next.
enum Turn: Equatable {
    case straight, slightLeft, left, sharpLeft, slightRight, right, sharpRight, uTurn

    /// From the bearing of the way left to the bearing of the way taken, degrees.
    init(from incoming: Double, to outgoing: Double) {
        var change = (outgoing - incoming).truncatingRemainder(dividingBy: 360)
        if change > 180 { change -= 360 }
        if change <= -180 { change += 360 }
        switch change {
        case -25...25: self = .straight
        case 25..<60: self = .slightRight
        case 60..<135: self = .right
        case 135..<170: self = .sharpRight
        case -60 ..< -25: self = .slightLeft
        case -135 ..< -60: self = .left
        case -170 ..< -135: self = .sharpLeft
        default: self = .uTurn
        }
    }

    var words: String {
        switch self {
        case .straight: "Continue straight"
        case .slightLeft: "Turn slightly left"
        case .left: "Turn left"
        case .sharpLeft: "Turn sharp left"
        case .slightRight: "Turn slightly right"
        case .right: "Turn right"
        case .sharpRight: "Turn sharp right"
        case .uTurn: "Turn around"
        }
    }

    /// Google's manoeuvre words.
    var maneuver: String {
        switch self {
        case .straight: "straight"
        case .slightLeft: "turn-slight-left"
        case .left: "turn-left"
        case .sharpLeft: "turn-sharp-left"
        case .slightRight: "turn-slight-right"
        case .right: "turn-right"
        case .sharpRight: "turn-sharp-right"
        case .uTurn: "uturn"
        }
    }
}
