public import PlaceCore
import WalkingGraph

/// Walks routed over the imported streets: how far to each place, and where each walk joined the
/// ways at its ends (what `--explain` says).
public struct RoutedWalks: Sendable {
    /// Metres of the walk to each place.
    public var metres: [PlaceID: Double] = [:]
    /// Where each walk left and joined the ways.
    public var ends: [PlaceID: WalkEnds] = [:]
}

extension PlacesService {
    /// Walking distances over the imported streets from `focus` to each place, in one search, when
    /// a walking graph covers the focus: what ranking uses instead of the straight line × 1.3.
    /// A place the search does not reach (off the graph, or further than three times the longest
    /// walk) keeps the straight-line estimate.
    public func routedWalks(from focus: Coordinate, to places: [Place], maximumWalkSeconds: Double) -> RoutedWalks {
        guard !places.isEmpty, let graph = walkingGraphs().covering(focus) else { return RoutedWalks() }
        let limit = 3 * maximumWalkSeconds * WalkingGraph.walkingSpeed
        let found = graph.distances(from: focus, to: places.map(\.coordinate), within: limit)
        var walks = RoutedWalks()
        for (place, walk) in zip(places, found) {
            guard let walk else { continue }
            walks.metres[place.id] = walk.metres
            walks.ends[place.id] = walk.ends
        }
        return walks
    }
}
