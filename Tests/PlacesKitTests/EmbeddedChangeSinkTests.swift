import Foundation
import PlaceCore
import Testing

@testable import PlaceImport
@testable import PlacesKit

/// The embedded store takes a change through the same flow as a shared database
/// (``PlacesService/apply(_:to:progress:)`` with ``EmbeddedChangeSink``), and so with the same
/// guard: a change laid over kept changes that another run replaced meanwhile is refused.
struct EmbeddedChangeSinkTests {
    /// The store's sink, with `meanwhile` run after the kept changes are read and before the
    /// import made again is written: another process applying a change in between.
    struct Interleaved: ChangeSink {
        let inner: EmbeddedChangeSink
        let meanwhile: () async throws -> Void

        var location: String { inner.location }
        var spillDirectory: String? { inner.spillDirectory }
        func imports() throws -> [ImportRecord] { try inner.imports() }
        func importsHolding(_ ids: [String]) throws -> [String: Int] { try inner.importsHolding(ids) }

        func keptChanges(of owner: ImportRecord) async throws -> KeptChanges? {
            let kept = try inner.keptChanges(of: owner)
            try await meanwhile()
            return kept
        }

        func write(_ batch: ImportBatch, keeping change: KeptChange, progress: @escaping ImportProgress) throws -> (
            report: ImportReport, outcome: NameIndex.Built
        ) {
            try inner.write(batch, keeping: change, progress: progress)
        }
    }

    static func sink(_ service: PlacesService) -> EmbeddedChangeSink {
        EmbeddedChangeSink(
            storePath: service.store.path, read: { () throws(PlacesError) in try service.store.reading() },
            open: { () throws(PlacesError) in try service.store.writing() })
    }

    /// Two runs apply the same diff at once. Before, both were kept: the journal listed the diff
    /// twice, and the next change laid it over the extract twice.
    @Test func theSameChangeAppliedTwiceAtOnceIsKeptOnce() async throws {
        let (service, folder, _) = try await ApplyChangesTests.importedTown()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try ChangeFixtures.write(ChangeFixtures.first, to: "first.osc", in: folder)
        let racing = Interleaved(inner: Self.sink(service)) { _ = try await service.applyChanges(first.path) }
        let change = try #require(try PlacesService.readChangeFile(first.path, notices: .ignore))

        let error = await #expect(throws: PlacesError.self) { try await PlacesService.apply(change, to: racing) }
        #expect(error?.kind == .busy)
        #expect(error?.message.contains("another change was applied to town.osm") == true)
        let journal = try ChangeJournalCrashTests.journal(folder)
        #expect(try ChangeJournalCrashTests.listed(journal) == ["000001.osc"])
        #expect(!FileManager.default.fileExists(atPath: journal.appendingPathComponent("pending.json").path))
        #expect(!FileManager.default.fileExists(atPath: journal.appendingPathComponent("000002.osc").path))
        #expect(try ApplyChangesTests.names(service, "Nieuw").sorted() == ["Nieuw Koffiehuis", "Nieuwe Naam"])
    }

    /// Without another run in between, the same sink applies the change, and the flow hands back
    /// the sink's outcome: the name index after.
    @Test func theStoresSinkAppliesAChangeAndHandsBackItsIndex() async throws {
        let (service, folder, _) = try await ApplyChangesTests.importedTown()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try ChangeFixtures.write(ChangeFixtures.first, to: "first.osc", in: folder)
        let change = try #require(try PlacesService.readChangeFile(first.path, notices: .ignore))

        let (report, index) = try await PlacesService.apply(change, to: Self.sink(service))
        #expect(report.change?.number == 1)
        #expect(index.path == NameIndex.folder(forStore: service.store.path))
        #expect(try ChangeJournalCrashTests.listed(try ChangeJournalCrashTests.journal(folder)) == ["000001.osc"])
        #expect(try ApplyChangesTests.names(service, "Nieuw").sorted() == ["Nieuw Koffiehuis", "Nieuwe Naam"])
    }
}
