import PlaceBytes
import PlaceCore

/// The last steps of ``OSMExtractor/finish(progress:)``, done in the one list of places: at a
/// country's size it is the import's largest holder. Both steps move where places start and
/// read the fields they need from the bytes; only the few places that may be twins are made.
enum PlaceDuplicates {
    /// Sorts by kind, then id (byte for byte); places of one kind and id keep the order they came
    /// in, as a stable sort leaves them.
    static func sortByKindAndID(_ places: inout ImportedPlaceList) {
        places.reorder(places.kindAndIDOrder())
    }

    /// A city mapped as a node and as its boundary relation, or a district as both, is one place:
    /// the same folded name within 3 km. The more important record stays, where the first of
    /// them was. A square (Dam) is also a street of the same name: the square stays.
    static func merge(_ places: inout ImportedPlaceList) {
        var dropped = [Bool](repeating: false, count: places.count)
        // By name and cell: a country repeats its names in every town (NamesNearby).
        var squares = NamesNearby(reach: 300)
        var squarePoints: [Coordinate] = []
        for position in places.indices where places.category(at: position) == "place=square" {
            let square = places[position].record
            guard let coordinate = square.coordinate else { continue }
            squares.insert(squarePoints.count, named: TextFolding.fold(square.name), at: coordinate)
            squarePoints.append(coordinate)
        }
        if !squares.isEmpty {
            for position in places.indices where places.kind(at: position) == .street {
                guard let coordinate = places[position].record.coordinate else { continue }
                let same = squares.candidates(named: TextFolding.fold(places[position].record.name), near: coordinate)
                dropped[position] = same.contains { squarePoints[$0].distance(to: coordinate) < 300 }
            }
        }
        // Entries are positions in `places`; the places kept keep their order, so the first by
        // position is the first kept.
        var byName = NamesNearby(reach: 3000)
        for position in places.indices where !dropped[position] && places.kind(at: position) == .place {
            let place = places[position]
            guard place.category != "place=postcode", let coordinate = place.record.coordinate else { continue }
            let key = TextFolding.fold(place.record.name)
            let twin = byName.candidates(named: key, near: coordinate).sorted().first { index in
                places[index].record.coordinate.map { $0.distance(to: coordinate) < 3000 } ?? false
            }
            guard let twin else {
                byName.insert(position, named: key, at: coordinate)
                continue
            }
            dropped[position] = true
            // Prefer the record that says what the place is (place=*) over a bare boundary.
            let better =
                (place.category != nil ? 1 : 0, place.record.importance) > (places[twin].category != nil ? 1 : 0, places[twin].record.importance)
            if better {
                // The twin moves to the better record's position: later places are measured from there.
                if let old = places[twin].record.coordinate { byName.remove(twin, named: key, at: old) }
                byName.insert(twin, named: key, at: coordinate)
                places[twin] = place
            }
        }
        places.keep(dropped.map { !$0 })
    }
}
