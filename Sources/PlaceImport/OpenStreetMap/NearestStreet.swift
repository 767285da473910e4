import OSMFormat
import PlaceCore

/// The named street beside a point, from the street ways of the import: for labelling the car
/// parks nobody named ("Car park on Amstelstraat").
///
/// Each street way is known by its two ends and its middle node (what ``StreetCollector`` keeps),
/// hashed into cells of about 110 m; a point looks in its cell and the eight around it. Built only
/// when an import has an unnamed car park, and then once.
struct NearestStreet {
    private struct Cell: Hashable {
        var x: Int
        var y: Int
    }

    private var cells: [Cell: [(name: String, point: OSMPoint)]] = [:]
    /// Metres within which a street counts as beside the point.
    let reach: Double

    init(_ streets: StreetCollector, nodes: LocationIndex, reach: Double = 80) {
        self.reach = reach
        for (_, entry) in streets.segmentsByName {
            for segment in entry.segments {
                for point in [nodes[segment.first], segment.middle, nodes[segment.last]].compactMap({ $0 }) {
                    cells[Self.cell(point), default: []].append((entry.name, point))
                }
            }
        }
    }

    private static func cell(_ point: OSMPoint) -> Cell {
        Cell(x: Int((point.longitude / 0.0016).rounded(.down)), y: Int((point.latitude / 0.001).rounded(.down)))
    }

    /// The name of the street whose nearest known point is closest to `point`, within the reach.
    /// Streets equally close (two that meet at a junction share its node) are told apart by name,
    /// the first in order: the cells are filled in the order of a dictionary, which differs in
    /// every process, and the same file must import the same way each time.
    func name(near point: OSMPoint) -> String? {
        let centre = Self.cell(point)
        var best: (name: String, metres: Double)?
        for dx in -1...1 {
            for dy in -1...1 {
                for candidate in cells[Cell(x: centre.x + dx, y: centre.y + dy)] ?? [] {
                    let metres = PointBox.roughDistance(point, candidate.point)
                    guard metres <= reach else { continue }
                    if best.map({ metres < $0.metres || (metres == $0.metres && candidate.name < $0.name) }) ?? true {
                        best = (candidate.name, metres)
                    }
                }
            }
        }
        return best?.name
    }
}
