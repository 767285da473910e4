import PlaceSearch

/// The last steps of ``OSMExtractor/finish(progress:)``, done in the one array of places: at a
/// country's size that array is the import's largest holder, and sorting a copy, filtering a
/// second copy and keeping a third (as these steps once did) took four times its size at once.
enum PlaceDuplicates {
    /// Sorts by kind, then id; places of one kind and id keep the order they came in, as a stable
    /// sort leaves them. The order is worked out on positions, then the places are moved along
    /// its cycles: no second array of places, and no sort buffer the size of one.
    static func sortByKindAndID(_ places: inout [ImportedPlace]) {
        var order = Array(places.indices)
        order.sort { a, b in
            let left = places[a].record
            let right = places[b].record
            if left.kind.rawValue != right.kind.rawValue { return left.kind.rawValue < right.kind.rawValue }
            if left.id != right.id { return left.id < right.id }
            return a < b
        }
        // Position k takes the place at order[k].
        var placed = [Bool](repeating: false, count: places.count)
        for start in places.indices where !placed[start] {
            let first = places[start]
            var position = start
            while true {
                placed[position] = true
                let from = order[position]
                if from == start {
                    places[position] = first
                    break
                }
                places[position] = places[from]
                position = from
            }
        }
    }

    /// A city mapped as a node and as its boundary relation, or a district as both, is one place:
    /// the same folded name within 3 km. The more important record stays, where the first of
    /// them was. A square (Dam) is also a street of the same name: the square stays.
    static func merge(_ places: inout [ImportedPlace]) {
        var dropped = [Bool](repeating: false, count: places.count)
        // By name and cell: a country repeats its names in every town (NamesNearby).
        var squares = NamesNearby(reach: 300)
        var squarePoints: [Coordinate] = []
        for square in places where square.category == "place=square" {
            guard let coordinate = square.record.coordinate else { continue }
            squares.insert(squarePoints.count, named: TextFolding.fold(square.record.name), at: coordinate)
            squarePoints.append(coordinate)
        }
        if !squares.isEmpty {
            for position in places.indices where places[position].record.kind == .street {
                guard let coordinate = places[position].record.coordinate else { continue }
                let same = squares.candidates(named: TextFolding.fold(places[position].record.name), near: coordinate)
                dropped[position] = same.contains { squarePoints[$0].distance(to: coordinate) < 300 }
            }
        }
        // Entries are positions in `places`; the places kept keep their order, so the first by
        // position is the first kept.
        var byName = NamesNearby(reach: 3000)
        for position in places.indices where !dropped[position] {
            let place = places[position]
            guard place.record.kind == .place, place.category != "place=postcode", let coordinate = place.record.coordinate else { continue }
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
        var kept = 0
        for position in places.indices where !dropped[position] {
            if kept != position { places.swapAt(kept, position) }
            kept += 1
        }
        places.removeLast(places.count - kept)
    }
}
