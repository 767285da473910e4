import PlaceCore
import Testing

@testable import PlaceImport
import PlaceBytes

/// The in-place sort and merge of an import's places must give exactly what sorting a copy and
/// filtering into new arrays gave: same places, same order, the same one of two with one id.
struct PlaceDuplicatesTests {
    /// Deterministic places: a few names over a few kilometres, of every kind, with squares that
    /// streets share names with, places that are twins, and ids that repeat.
    private static func places(count: Int, seed: UInt64) throws -> [ImportedPlace] {
        var state = seed
        func random() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        let kinds: [NameKind] = [.place, .street, .poi, .address]
        let names = ["Dam", "Centrum", "Kerkstraat", "Spui"]
        let categories: [String?] = [nil, "place=square", "place=suburb", "place=postcode", "highway=residential"]
        return try (0..<count).map { index in
            let coordinate = try Coordinate(latitude: 52.35 + random() * 0.06, longitude: 4.85 + random() * 0.08)
            let kind = kinds[Int(random() * Double(kinds.count))]
            let record = NameRecord(
                id: "osm:node/\(Int(random() * Double(count) / 2))", name: names[Int(random() * Double(names.count))], kind: kind,
                importance: Float(Int(random() * 4)) / 4, coordinate: coordinate, detail: "\(index)")
            return ImportedPlace(record: record, category: categories[Int(random() * Double(categories.count))])
        }
    }

    /// The copying version this replaced, kept as the reference.
    private static func reference(_ input: [ImportedPlace]) -> [ImportedPlace] {
        var places = input
        places.sort { ($0.record.kind.rawValue, $0.record.id) < ($1.record.kind.rawValue, $1.record.id) }
        let squares = places.filter { $0.category == "place=square" }
        places = places.filter { place in
            guard place.record.kind == .street, let coordinate = place.record.coordinate else { return true }
            return !squares.contains { square in
                TextFolding.fold(square.record.name) == TextFolding.fold(place.record.name)
                    && square.record.coordinate.map { $0.distance(to: coordinate) < 300 } ?? false
            }
        }
        var kept: [ImportedPlace] = []
        for place in places {
            guard place.record.kind == .place, place.category != "place=postcode", let coordinate = place.record.coordinate else {
                kept.append(place)
                continue
            }
            let twin = kept.indices.first { index in
                kept[index].record.kind == .place && kept[index].category != "place=postcode"
                    && TextFolding.fold(kept[index].record.name) == TextFolding.fold(place.record.name)
                    && kept[index].record.coordinate.map { $0.distance(to: coordinate) < 3000 } ?? false
            }
            if let twin {
                if (place.category != nil ? 1 : 0, place.record.importance) > (kept[twin].category != nil ? 1 : 0, kept[twin].record.importance) {
                    kept[twin] = place
                }
                continue
            }
            kept.append(place)
        }
        return kept
    }

    @Test(arguments: [0, 1, 2, 50, 400])
    func givesWhatCopyingGave(count: Int) throws {
        let input = try Self.places(count: count, seed: UInt64(count) + 27)
        var places = ImportedPlaceList(input)
        PlaceDuplicates.sortByKindAndID(&places)
        PlaceDuplicates.merge(&places)
        let expected = Self.reference(input)
        #expect(places.map(\.record.id) == expected.map(\.record.id))
        // The detail is each input's number: the same record of a repeated id stays.
        #expect(places.map(\.record.detail) == expected.map(\.record.detail))
    }

    @Test func sortKeepsTheOrderOfOneID() throws {
        let point = try Coordinate(latitude: 52.37, longitude: 4.89)
        var places = ImportedPlaceList(
            ["b", "a", "b", "a", "c"].enumerated().map { index, id in
                ImportedPlace(record: NameRecord(id: id, name: "x", kind: .poi, importance: 0, coordinate: point, detail: "\(index)"))
            })
        PlaceDuplicates.sortByKindAndID(&places)
        #expect(places.map { "\($0.record.id)\($0.record.detail ?? "")" } == ["a1", "a3", "b0", "b2", "c4"])
    }
}
