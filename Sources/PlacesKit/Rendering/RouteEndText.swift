import PlaceCore

/// How an explanation says where a walk joined the ways: "start: 12 m to Aleksanterinkatu",
/// "start: 0 m, on Senaatintori (a pedestrian area)".
enum RouteEndText {
    /// One end, `role` being "start" or "end".
    static func line(_ role: String, _ end: RouteEnd) -> String {
        let metres = "\(Int(end.distance.rounded())) m"
        switch end.ground {
        case .area:
            return "\(role): \(metres), on \(end.label) (a pedestrian area)"
        case .way:
            return "\(role): \(metres) to \(end.label)"
        case .tunnel, .indoors, .restricted:
            let ground = end.ground == .tunnel ? "in a tunnel" : end.ground == .indoors ? "indoors" : "open to some only"
            let why = end.fallbackReach.map { " (no street or path open to all under the sky within \(Int($0.rounded())) m)" } ?? ""
            return "\(role): \(metres) to \(end.label), \(ground)\(why)"
        }
    }

    /// Both ends of a walk, on one line.
    static func line(_ ends: WalkEnds) -> String { line("start", ends.start) + "; " + line("end", ends.end) }
}
