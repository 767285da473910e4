import Foundation
import Autocomplete
import PlaceCore
import PlacesKit
import Testing
import WalkingGraph

/// `places import changes.osc`: a change file remakes the import it belongs to, and only that one;
/// a change that belongs to none, or comes again or out of order, is refused and changes nothing.
struct ApplyChangesTests {
    /// A service with the town imported, and the town's file.
    static func importedTown() async throws -> (PlacesService, URL, URL) {
        let (service, folder) = try TestService.make()
        let town = try ChangeFixtures.write(ChangeFixtures.town, to: "town.osm", in: folder)
        _ = try await service.importFiles(osm: [town.path], nameLists: [], options: NameListOptions())
        return (service, folder, town)
    }

    static func names(_ service: PlacesService, _ text: String) throws -> [String] {
        try service.complete(CompleteQuery(text, focus: Coordinate(52.371, 4.8915), typoTolerance: false)).suggestions.map(\.record.name)
    }

    static func walk(_ service: PlacesService) throws -> Double {
        let from = Coordinate(ChangeFixtures.corner4.latitude, ChangeFixtures.corner4.longitude)
        let to = Coordinate(ChangeFixtures.corner1.latitude, ChangeFixtures.corner1.longitude)
        let graph = try #require(service.walkingGraphs().covering(from, to))
        return try graph.route(from: from, to: to).distance
    }

    @Test func createdModifiedAndDeletedNodesChangeWhatIsFound() async throws {
        let (service, folder, _) = try await Self.importedTown()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try Self.names(service, "Oude") == ["Oude Naam"])
        #expect(try Self.names(service, "Verdwijnt") == ["Verdwijnt Straks"])

        let change = try ChangeFixtures.write(ChangeFixtures.first, to: "first.osc", in: folder)
        let (report, _) = try #require(try await service.applyChanges(change.path))
        #expect(report.change?.importLabel == "town.osm")
        #expect(report.change.map { [$0.created, $0.modified, $0.deleted] } == [2, 1, 1])
        #expect(try Self.names(service, "Nieuw").sorted() == ["Nieuw Koffiehuis", "Nieuwe Naam"])
        #expect(try Self.names(service, "Oude").isEmpty, "the old name is still found")
        #expect(try Self.names(service, "Verdwijnt").isEmpty, "the deleted café is still found")
        // Three streets and three cafés before; a footpath and a café created, a café deleted.
        #expect(try service.importedSources().first?.count == 7)
    }

    @Test func aCreatedWayIsWalkedAndADeletedOneNoLonger() async throws {
        let (service, folder, _) = try await Self.importedTown()
        defer { try? FileManager.default.removeItem(at: folder) }
        let around = try Self.walk(service)
        #expect(around > 600, "without the footpath the walk goes round three streets")

        _ = try await service.applyChanges(try ChangeFixtures.write(ChangeFixtures.first, to: "first.osc", in: folder).path)
        let direct = try Self.walk(service)
        #expect(direct < 250, "the created footpath is not walked (\(direct) m)")

        _ = try await service.applyChanges(try ChangeFixtures.write(ChangeFixtures.second, to: "second.osc", in: folder).path)
        #expect(abs(try Self.walk(service) - around) < 1, "the deleted footpath is still walked")
        // The later change is laid over the first: its café stays.
        #expect(try Self.names(service, "Nieuw Koffie") == ["Nieuw Koffiehuis"])
    }

    @Test func aChangeOfAnotherRegionIsRefusedAndChangesNothing() async throws {
        let (service, folder, _) = try await Self.importedTown()
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = try ChangeFixtures.snapshot(storeFolder: folder)
        let paris = try ChangeFixtures.write(ChangeFixtures.paris, to: "paris.osc", in: folder)
        let error = await #expect(throws: PlacesError.self) { try await service.applyChanges(paris.path) }
        #expect(error?.kind == .badData)
        #expect(error?.message.contains("paris.osc belongs to no import") == true, "\(error?.message ?? "")")
        #expect(error?.message.contains("48.85") == true)
        #expect(try ChangeFixtures.snapshot(storeFolder: folder) == before)
    }

    /// An hourly diff of a quiet hour holds no edits: nothing to apply, nothing touched, no error
    /// (a job applying every diff in turn goes on).
    @Test func aChangeWithoutEditsTouchesNothing() async throws {
        let (service, folder, _) = try await Self.importedTown()
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = try ChangeFixtures.snapshot(storeFolder: folder)
        let quiet = try ChangeFixtures.write(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<osmChange version=\"0.6\" generator=\"osmium/1.15\">\n</osmChange>\n",
            to: "quiet.osc", in: folder)
        #expect(try await service.applyChanges(quiet.path) == nil)
        #expect(try ChangeFixtures.snapshot(storeFolder: folder) == before)
    }

    @Test func theSameChangeTwiceIsRefused() async throws {
        let (service, folder, _) = try await Self.importedTown()
        defer { try? FileManager.default.removeItem(at: folder) }
        let change = try ChangeFixtures.write(ChangeFixtures.first, to: "first.osc", in: folder)
        _ = try await service.applyChanges(change.path)
        let before = try ChangeFixtures.snapshot(storeFolder: folder)
        let again = await #expect(throws: PlacesError.self) { try await service.applyChanges(change.path) }
        #expect(again?.message.contains("already applied") == true, "\(again?.message ?? "")")
        // The same edits in another file: told by the versions.
        let copy = try await ChangeFixtures.gzip(change, to: "copy.osc.gz")
        let versions = await #expect(throws: PlacesError.self) { try await service.applyChanges(copy.path) }
        #expect(versions?.message.contains("version 1 is not newer than version 1") == true, "\(versions?.message ?? "")")
        #expect(try ChangeFixtures.snapshot(storeFolder: folder) == before)
    }

    @Test func anOlderChangeAfterANewerOneIsRefused() async throws {
        let (service, folder, _) = try await Self.importedTown()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try await service.applyChanges(try ChangeFixtures.write(ChangeFixtures.first, to: "first.osc", in: folder).path)
        let before = try ChangeFixtures.snapshot(storeFolder: folder)
        // Versionless, as some tools write them: told by the timestamp.
        let older = ChangeFixtures.change(
            timestamp: "2026-11-25T08:00:00Z",
            modify: #"<node id="10" TIME lat="52.3701000" lon="4.8910000"><tag k="amenity" v="cafe"/><tag k="name" v="Te Laat"/></node>"#)
        let file = try ChangeFixtures.write(older, to: "older.osc", in: folder)
        let error = await #expect(throws: PlacesError.self) { try await service.applyChanges(file.path) }
        #expect(error?.message.contains("2026-11-25T08:00:00Z") == true, "\(error?.message ?? "")")
        #expect(error?.message.contains("apply the diffs in order") == true)
        #expect(try ChangeFixtures.snapshot(storeFolder: folder) == before)
    }

    @Test func aChangeThatCreatesWhatTheExtractHasIsRefused() async throws {
        let (service, folder, _) = try await Self.importedTown()
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = try ChangeFixtures.snapshot(storeFolder: folder)
        let stale = ChangeFixtures.change(
            timestamp: "2026-11-20T08:00:00Z",
            create:
                #"<node id="10" version="1" TIME lat="52.3701000" lon="4.8910000"><tag k="amenity" v="cafe"/><tag k="name" v="Koffie Eerst"/></node>"#
        )
        let file = try ChangeFixtures.write(stale, to: "stale.osc", in: folder)
        let error = await #expect(throws: PlacesError.self) { try await service.applyChanges(file.path) }
        #expect(error?.message.contains("creates node 10, which town.osm already has") == true, "\(error?.message ?? "")")
        #expect(try ChangeFixtures.snapshot(storeFolder: folder) == before)
    }

    @Test func importingTheExtractAgainClearsItsChanges() async throws {
        let (service, folder, town) = try await Self.importedTown()
        defer { try? FileManager.default.removeItem(at: folder) }
        let change = try ChangeFixtures.write(ChangeFixtures.first, to: "first.osc", in: folder)
        _ = try await service.applyChanges(change.path)
        let journals = folder.appendingPathComponent("places.changes.d")
        #expect((try FileManager.default.contentsOfDirectory(atPath: journals.path)).count == 1)

        _ = try await service.importFiles(osm: [town.path], nameLists: [], options: NameListOptions())
        #expect((try FileManager.default.contentsOfDirectory(atPath: journals.path)).isEmpty)
        #expect(try Self.names(service, "Oude") == ["Oude Naam"], "the re-imported extract is not as its file says")
        // Its changes can be applied afresh.
        _ = try await service.applyChanges(change.path)
        #expect(try Self.names(service, "Oude").isEmpty)

        _ = try service.removeImport(town.path)
        #expect((try FileManager.default.contentsOfDirectory(atPath: journals.path)).isEmpty)
    }

    @Test func aChangedExtractIsRefusedUntilItIsImportedAgain() async throws {
        let (service, folder, town) = try await Self.importedTown()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try await service.applyChanges(try ChangeFixtures.write(ChangeFixtures.first, to: "first.osc", in: folder).path)
        try (ChangeFixtures.town + "\n").write(to: town, atomically: true, encoding: .utf8)
        let before = try ChangeFixtures.snapshot(storeFolder: folder)
        let second = try ChangeFixtures.write(ChangeFixtures.second, to: "second.osc", in: folder)
        let error = await #expect(throws: PlacesError.self) { try await service.applyChanges(second.path) }
        #expect(error?.message.contains("has changed since its changes were applied: import it again") == true, "\(error?.message ?? "")")
        #expect(try ChangeFixtures.snapshot(storeFolder: folder) == before)
    }

    @Test func onlyTheImportTheChangeBelongsToIsRemade() async throws {
        let (service, folder, _) = try await Self.importedTown()
        defer { try? FileManager.default.removeItem(at: folder) }
        let paris = try ChangeFixtures.write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <osm version="0.6" generator="hand">
             <node id="900" version="1" lat="48.8530000" lon="2.3499000"><tag k="amenity" v="cafe"/><tag k="name" v="Café de Paris"/></node>
            </osm>
            """, to: "paris.osm", in: folder)
        _ = try await service.importFiles(osm: [paris.path], nameLists: [], options: NameListOptions())
        let parisBefore = try service.importedSources().first { $0.source.label == "paris.osm" }
        _ = try await service.applyChanges(try ChangeFixtures.write(ChangeFixtures.first, to: "first.osc", in: folder).path)
        let after = try service.importedSources()
        #expect(after.first { $0.source.label == "paris.osm" } == parisBefore, "the other import was touched")
        #expect(after.first { $0.source.label == "town.osm" }?.count == 7)
        // A change of deletions only (no positions) is told by the places it names.
        let deletion = ChangeFixtures.change(timestamp: "2026-11-28T10:00:00Z", delete: #"<node id="900" version="2" TIME/>"#)
        let (report, _) = try #require(try await service.applyChanges(try ChangeFixtures.write(deletion, to: "gone.osc", in: folder).path))
        #expect(report.change?.importLabel == "paris.osm")
        #expect(try Self.names(service, "Café de").isEmpty)
    }
}
