public import PlaceCore
import Foundation

extension AutocompleteIndexBuilder {
    /// Takes the towns of another index (another import's segment) as this one's records take
    /// their own: a street or a café without a locality that lies within a town's reach is "in"
    /// it and in its country, as in one index of both ("Damrak, Amsterdam", "Damrak,
    /// Netherlands" for a street of an extract whose towns came from GeoNames). Only the towns
    /// within `bounds` and a town's reach around them are read: the records that can lie in one.
    public func addTowns(from index: AutocompleteIndex, within bounds: BoundingBox) {
        let margin = Localities.longestReach / 111_195
        for view in index.views {
            let places = view.recordSegments[IndexFormat.segment(of: .place)]..<view.recordSegments[IndexFormat.segment(of: .place) + 1]
            for record in places where record < view.recordCount {
                guard let position = view.recordPosition(record),
                    position.latitude >= bounds.south - margin, position.latitude <= bounds.north + margin
                else { continue }
                let cosine = max(0.05, cos(position.latitude * .pi / 180))
                guard position.longitude >= bounds.west - margin / cosine, position.longitude <= bounds.east + margin / cosine else { continue }
                let category = view.recordCategory(record)
                guard
                    let reach = Localities.reach(
                        category: category.baseAddress == nil ? nil : category, importance: view.recordImportance(record))
                else { continue }
                towns.append(
                    (
                        Array(view.recordNameBytes(record)), Array(view.recordCountryBytes(record)), position.latitude, position.longitude,
                        reach
                    ))
            }
        }
    }
}
