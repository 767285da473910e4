import Foundation
import PlaceCore
import PlaceStore
import PlaceStorePostgres
import Testing

/// What every backend of ``SharedImportStore`` must do with imported places, written once.
enum ImportContract {
    static let osm = ImportSource(key: "/data/amsterdam.osm", label: "amsterdam.osm", format: "osm-xml", licence: .openStreetMap)
    static let names = ImportSource(key: "/data/names.csv", label: "names.csv", format: "names-csv")

    static func place(
        _ id: String, _ name: String, at coordinate: Coordinate?, kind: NameKind = .poi, category: String? = "cafe", indexed: Bool = true,
        alternates: [String] = []
    ) -> ImportedPlace {
        ImportedPlace(
            record: NameRecord(
                id: id, name: name, kind: kind, importance: 0.5, coordinate: coordinate, detail: category.map { "Café · \($0)" },
                alternateNames: alternates),
            isIndexed: indexed, category: category, tags: category.map { ["amenity": $0, "name": name] } ?? [:])
    }

    static let cafe = place("osm:node/1", "Koffiebar Damrak", at: Coordinate(52.3740, 4.8935), alternates: ["Damrak Koffie"])
    static let bakery = place("osm:node/2", "Damstraat Bakery", at: Coordinate(52.3728, 4.8940), category: "bakery")
    static let street = place("osm:way/10", "Damrak", at: Coordinate(52.3745, 4.8940), kind: .street, category: nil)
    static let parking = place("osm:node/3", "", at: Coordinate(52.3750, 4.8950), category: "parking", indexed: false)
    static let far = place("osm:node/4", "Café in Utrecht", at: Coordinate(52.0907, 5.1214))

    static func importsAreReplacedPerSourceAndSearchedByArea(_ backend: Backend) async throws {
        try await withFreshStore(backend) { fixture in
            let one = try await fixture.instance()
            let two = try await fixture.instance()
            guard let store = one as? any SharedImportStore, let other = two as? any SharedImportStore else {
                Issue.record("\(backend) keeps no imported places")
                return
            }
            #expect(try await store.importGeneration() == 0)
            let summary = try await store.replaceImport(osm, with: [cafe, bakery, street, parking, far])
            #expect(summary.total == 5)
            #expect(summary.written[.street] == 1)
            #expect(summary.removed == 0)
            #expect(try await other.importGeneration() == 1)
            // Through the other instance: the same places, exactly as written.
            #expect(try await other.importedPlace(id: "osm:node/1") == cafe)
            #expect(try await other.importedPlace(id: "osm:node/9") == nil)
            #expect(Set(try await other.indexedNames().map(\.id)) == ["osm:node/1", "osm:node/2", "osm:way/10", "osm:node/4"])
            let dam = BoundingBox(south: 52.37, west: 4.88, north: 52.38, east: 4.90)
            #expect(
                Set(try await other.importedPlaces(in: dam, categories: []).map(\.record.id)) == [
                    "osm:node/1", "osm:node/2", "osm:way/10", "osm:node/3",
                ])
            #expect(
                try await other.importedPlaces(in: dam, categories: ["bakery", "parking"]).map(\.record.id).sorted() == ["osm:node/2", "osm:node/3"])
            // A box just beside the café finds nothing: the index's candidates are checked exactly.
            let beside = BoundingBox(south: 52.37405, west: 4.8936, north: 52.3741, east: 4.8937)
            #expect(try await other.importedPlaces(in: beside, categories: []).isEmpty)
            // The file again, without the bakery and with the café renamed.
            var renamed = cafe
            renamed.record.name = "Koffiebar Damrak 1"
            let again = try await store.replaceImport(osm, with: [renamed, street, parking, far])
            #expect(again.removed == 1)
            #expect(try await other.importedPlace(id: "osm:node/2") == nil)
            #expect(try await other.importedPlace(id: "osm:node/1")?.record.name == "Koffiebar Damrak 1")
            // Another source writing an id takes it over; the first source's count drops.
            _ = try await other.replaceImport(names, with: [place("osm:node/4", "Utrecht Café", at: Coordinate(52.09, 5.12))])
            let records = try await store.imports()
            #expect(records.map(\.source.key) == [osm.key, names.key])
            #expect(records.first?.source.licence == .openStreetMap)
            #expect(records.map(\.count) == [3, 1])
            #expect(try await store.removeImport(names.key) == 1)
            #expect(try await store.removeImport(names.key) == nil)
            #expect(try await other.importedPlace(id: "osm:node/4") == nil)
            #expect(try await other.importGeneration() == 4)
        }
    }

    static func aPlaceWithoutAPositionIsKeptButNeverInAnArea(_ backend: Backend) async throws {
        try await withFreshStore(backend) { fixture in
            guard let store = try await fixture.instance() as? any SharedImportStore else {
                Issue.record("\(backend) keeps no imported places")
                return
            }
            let nowhere = place("names:list.csv#2", "Somewhere", at: nil, kind: .place, category: nil)
            _ = try await store.replaceImport(names, with: [nowhere, nowhere])
            #expect(try await store.importedPlace(id: nowhere.record.id) == nowhere)
            #expect(try await store.importedPlaces(in: BoundingBox(south: -90, west: -180, north: 90, east: 180), categories: []).isEmpty)
            #expect(try await store.imports().first?.count == 1)
        }
    }
}

extension SQLiteStoreContract {
    @Test func importsAreReplacedPerSourceAndSearchedByArea() async throws {
        try await ImportContract.importsAreReplacedPerSourceAndSearchedByArea(.sqlite)
    }
    @Test func aPlaceWithoutAPositionIsKeptButNeverInAnArea() async throws {
        try await ImportContract.aPlaceWithoutAPositionIsKeptButNeverInAnArea(.sqlite)
    }
}

extension PostgresStoreContract {
    @Test func importsAreReplacedPerSourceAndSearchedByArea() async throws {
        try await ImportContract.importsAreReplacedPerSourceAndSearchedByArea(.postgres)
    }
    @Test func aPlaceWithoutAPositionIsKeptButNeverInAnArea() async throws {
        try await ImportContract.aPlaceWithoutAPositionIsKeptButNeverInAnArea(.postgres)
    }
}
