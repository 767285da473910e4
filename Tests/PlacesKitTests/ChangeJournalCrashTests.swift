import Foundation
import PlaceCore
import Testing

@testable import PlacesKit

/// A change is written ahead of the store and made part of the journal after it. A run stopped
/// between the store's commit and the journal's must not lose the change at the next one; a run
/// stopped before the store's commit must leave it unapplied.
struct ChangeJournalCrashTests {
    /// A third change, later than ``ChangeFixtures/second``: a café, away from the footpath.
    static let third = ChangeFixtures.change(
        timestamp: "2026-11-28T10:00:00Z",
        create: #"<node id="14" version="1" TIME lat="52.3712000" lon="4.8912000"><tag k="amenity" v="cafe"/><tag k="name" v="Derde Koffie"/></node>"#
    )

    static func journal(_ folder: URL) throws -> URL {
        let root = folder.appendingPathComponent("places.changes.d")
        let entries = try FileManager.default.contentsOfDirectory(atPath: root.path)
        #expect(entries.count == 1)
        return root.appendingPathComponent(try #require(entries.first))
    }

    static func listed(_ journal: URL) throws -> [String] {
        let data = try Data(contentsOf: journal.appendingPathComponent("journal.json"))
        return try JSONDecoder().decode(ChangeJournal.Manifest.self, from: data).files
    }

    @Test func aStopAfterTheStoreTookTheChangeKeepsIt() async throws {
        let (service, folder, _) = try await ApplyChangesTests.importedTown()
        defer { try? FileManager.default.removeItem(at: folder) }
        let around = try ApplyChangesTests.walk(service)
        _ = try await service.applyChanges(try ChangeFixtures.write(ChangeFixtures.first, to: "first.osc", in: folder).path)
        let journal = try Self.journal(folder)
        let afterFirst = try Data(contentsOf: journal.appendingPathComponent("journal.json"))
        let importedBefore = try #require(try service.importedSources().first?.importedAt)

        _ = try await service.applyChanges(try ChangeFixtures.write(ChangeFixtures.second, to: "second.osc", in: folder).path)
        // As a run stopped after the store's commit leaves it: the journal as before, the change pending.
        let afterSecond = try JSONDecoder().decode(
            ChangeJournal.Manifest.self, from: Data(contentsOf: journal.appendingPathComponent("journal.json")))
        let pending = ChangeJournal.Pending(manifest: afterSecond, importedAtBefore: importedBefore)
        try JSONEncoder().encode(pending).write(to: journal.appendingPathComponent("pending.json"))
        try afterFirst.write(to: journal.appendingPathComponent("journal.json"))

        _ = try await service.applyChanges(try ChangeFixtures.write(Self.third, to: "third.osc", in: folder).path)
        #expect(abs(try ApplyChangesTests.walk(service) - around) < 1, "the second change (the footpath deleted) was lost")
        #expect(try ApplyChangesTests.names(service, "Derde Koffie").contains("Derde Koffie"))
        #expect(try Self.listed(journal).count == 3)
        #expect(!FileManager.default.fileExists(atPath: journal.appendingPathComponent("pending.json").path))
    }

    @Test func aStopBeforeTheStoreTookTheChangeLeavesItUnapplied() async throws {
        let (service, folder, _) = try await ApplyChangesTests.importedTown()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try await service.applyChanges(try ChangeFixtures.write(ChangeFixtures.first, to: "first.osc", in: folder).path)
        let journal = try Self.journal(folder)
        let importedNow = try #require(try service.importedSources().first?.importedAt)
        // As a run stopped before the store's commit leaves it: the copy and the pending journal.
        var manifest = try JSONDecoder().decode(
            ChangeJournal.Manifest.self, from: Data(contentsOf: journal.appendingPathComponent("journal.json")))
        manifest.files.append("000002.osc")
        let second = try ChangeFixtures.write(ChangeFixtures.second, to: "second.osc", in: folder)
        try FileManager.default.copyItem(at: second, to: journal.appendingPathComponent("000002.osc"))
        try JSONEncoder().encode(ChangeJournal.Pending(manifest: manifest, importedAtBefore: importedNow))
            .write(to: journal.appendingPathComponent("pending.json"))

        // The next change is the second: not applied, so not refused as applied.
        let (report, _) = try #require(try await service.applyChanges(second.path))
        #expect(report.change?.number == 2)
        #expect(try Self.listed(journal) == ["000001.osc", "000002.osc"])
        #expect(!FileManager.default.fileExists(atPath: journal.appendingPathComponent("pending.json").path))
    }
}
