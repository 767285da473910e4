import Foundation
import PlaceCore
import WalkingGraph

extension PlacesService {
    /// The named street at `coordinate` judged by its line, as the walking graph has it: the store
    /// keeps a street as one point in its middle, so a spot beside the end of a long street was
    /// given a side street whose middle happened to be nearer, or nothing. Nil where no graph
    /// covers the spot, the nearest way has no name, or it is a square (its own place answers).
    /// - Parameter nearby: the imported places around the spot, for the street's record and town.
    func streetAlongTheWays(at coordinate: Coordinate, radius: Double, nearby: [ImportedPlace]) -> ReverseMatch? {
        guard let graph = walkingGraphs().covering(coordinate), let snapped = graph.snap(coordinate), !snapped.fellBack,
            !snapped.isInArea, let name = snapped.wayName, !name.isEmpty, snapped.distance <= radius
        else { return nil }
        func distance(_ place: ImportedPlace) -> Double { place.record.coordinate?.distance(to: coordinate) ?? .infinity }
        let folded = name.lowercased()
        let record = nearby.filter { $0.record.kind == .street && $0.record.name.lowercased() == folded }.min { distance($0) < distance($1) }
        // Without its record (its middle is farther than the radius), the town of the nearest
        // place that knows one.
        let town = record ?? nearby.filter { $0.record.locality != nil }.min { distance($0) < distance($1) }
        return ReverseMatch(
            name: record?.record.name ?? name, kind: NameKind.street.description, coordinate: snapped.coordinate, distance: snapped.distance,
            source: "imported", id: record?.record.id, detail: record?.record.detail, locality: town?.record.locality,
            countryCode: town?.record.countryCode)
    }
}
