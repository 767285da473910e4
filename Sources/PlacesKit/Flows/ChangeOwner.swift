import Foundation
import OSMFormat
import PlaceCore
import PlaceStore

extension PlacesService {
    /// How far outside an extract's places a change's node may lie and still be its: a new café at
    /// the edge of the extract, beyond its outermost place so far.
    static let changeMargin = 0.02

    /// The import a change belongs to: the one whose extent holds most of its located nodes (a
    /// diff of the region has them all inside), else, for a change of deletions and ways only, the
    /// one that holds most of the places it names.
    /// - Parameters:
    ///   - place: where the imports are (the store's path, the database), for the message.
    ///   - holding: how many of the given place ids each import holds (by its key); asked only
    ///     for a change without node positions.
    static func owner(
        of change: OSMChange, file: String, among imports: [ImportRecord], in place: String,
        holding: ([String]) throws(PlacesError) -> [String: Int]
    ) throws(PlacesError) -> ImportRecord {
        guard !imports.isEmpty else {
            throw PlacesError(
                .notFound, "\(file) belongs to no import: no OpenStreetMap extract is imported into \(place); import the extract first")
        }
        let nodes = change.locatedNodes
        if !nodes.isEmpty {
            let counts = imports.map { record in nodes.count { Self.holds(record.bounds, $0) } }
            if let best = counts.indices.max(by: { counts[$0] < counts[$1] }), counts[best] * 2 >= nodes.count, counts[best] > 0 {
                return imports[best]
            }
            let latitude = nodes.map(\.latitude).reduce(0, +) / Double(nodes.count)
            let longitude = nodes.map(\.longitude).reduce(0, +) / Double(nodes.count)
            let around = String(format: "%.4f,%.4f", latitude, longitude)
            throw PlacesError(
                .badData,
                "\(file) belongs to no import: its nodes lie around \(around), outside every imported extract "
                    + "(\(imports.map(\.source.label).joined(separator: ", "))); import the extract first")
        }
        let counts = try holding(placeIDs(of: change))
        let held = imports.map { counts[$0.source.key] ?? 0 }
        if let best = held.indices.max(by: { held[$0] < held[$1] }), held[best] > 0 { return imports[best] }
        let named = change.edits.prefix(3).map(\.name).joined(separator: ", ")
        throw PlacesError(
            .badData,
            "\(file) belongs to no import: it has no node positions, and none of the places it names (\(named)\(change.edits.count > 3 ? ", …" : "")) "
                + "is in an imported extract; import the extract first")
    }

    /// The ids of the places a change names, as imports store them (`osm:way/45`).
    static func placeIDs(of change: OSMChange) -> [String] { change.edits.map { "osm:\($0.type.rawValue)/\($0.id)" } }

    private static func holds(_ bounds: BoundingBox?, _ point: OSMPoint) -> Bool {
        guard let bounds else { return false }
        return point.latitude >= bounds.south - changeMargin && point.latitude <= bounds.north + changeMargin
            && point.longitude >= bounds.west - changeMargin && point.longitude <= bounds.east + changeMargin
    }
}
