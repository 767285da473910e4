/// What sort of way an edge of the walking graph is: it decides the words of an instruction when
/// the way has no name ("Take the steps", "Cross the street", "Take the ferry").
public enum WayKind: UInt8, Sendable, CaseIterable {
    case road = 0
    case footway, sidewalk, crossing, pedestrian, path, steps, cycleway, track, service, platform, corridor
    case livingStreet, bridleway, ferry, pier
    /// A pedestrian area, walked across or along its edge.
    case square

    /// How an instruction names a way of this kind that has no name: "the steps".
    public var unnamedDescription: String {
        switch self {
        case .road: "the road"
        case .footway: "the footpath"
        case .sidewalk: "the pavement"
        case .crossing: "the crossing"
        case .pedestrian: "the pedestrian street"
        case .path: "the path"
        case .steps: "the steps"
        case .cycleway: "the cycle path"
        case .track: "the track"
        case .service: "the service road"
        case .platform: "the platform"
        case .corridor: "the corridor"
        case .livingStreet: "the street"
        case .bridleway: "the bridleway"
        case .ferry: "the ferry"
        case .pier: "the pier"
        case .square: "the square"
        }
    }
}
