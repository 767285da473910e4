import Foundation
import OSMFormat
import PlaceBytes
import PlaceProviders
import PlaceCore

/// What an import adds to a car park's tags besides OpenStreetMap's own: the box of its area, so
/// that the entrances inside or beside it can be given to it when it is searched
/// (``CarParks``), and, for one without a name or an address, the street beside it for its label.
enum CarParkTags {
    /// - Parameter street: the street beside a point, asked only when the label needs one.
    static func add(to tags: inout [String: String], area: PointBox?, point: OSMPoint, street: (OSMPoint) -> String?) {
        if let area, let south = area.south.finite, let west = area.west.finite, let north = area.north.finite,
            let east = area.east.finite, south < north || west < east
        {
            tags[OSMTags.boundsKey] = [south, west, north, east].map { NumberText.fixed($0, 7) }.joined(separator: ",")
        }
        if tags["name"]?.isEmpty ?? true, tags["addr:street"] == nil, let name = street(point) {
            tags[OSMTags.streetKey] = name
        }
    }
}

extension Double {
    fileprivate var finite: Double? { isFinite ? self : nil }
}
