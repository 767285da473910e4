public import PlaceSearch
import WalkingGraph

extension PlacesService {
    /// Walking distances over the imported streets from `focus` to each place, in one search, when
    /// a walking graph covers the focus: what ranking uses instead of the straight line × 1.3.
    /// A place the search does not reach (off the graph, or further than three times the longest
    /// walk) keeps the straight-line estimate.
    public func routedWalks(from focus: Coordinate, to places: [Place], maximumWalkSeconds: Double) -> [PlaceID: Double] {
        guard !places.isEmpty, let graph = walkingGraphs().covering(focus) else { return [:] }
        let limit = 3 * maximumWalkSeconds * WalkingGraph.walkingSpeed
        let found = graph.distances(from: focus, to: places.map(\.coordinate), within: limit)
        var metres: [PlaceID: Double] = [:]
        for (place, walk) in zip(places, found) {
            if let walk { metres[place.id] = walk.metres }
        }
        return metres
    }
}
