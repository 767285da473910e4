import Foundation
import PlaceBytes
import PlaceCore
import PlacesKit
import Synchronization
import Testing

/// `PlacesService.apply(_:to:)`, the change flow of a shared database, against a sink held in
/// memory: the owner found, the changes kept before laid under the new one, the manifest and file
/// handed over to keep, and every refusal made before the sink is written.
struct ChangeSinkFlowTests {
    /// Imports and kept changes as a database would hold them: an extract's import replaces its
    /// places and drops its changes; a change's write replaces them and keeps the change.
    final class MemorySink: ImportSink, ChangeSink, @unchecked Sendable {
        struct Held {
            var record: ImportRecord
            var names: Set<String>
            var ids: Set<String>
            var kept: KeptChanges?
        }
        let held = Mutex<[String: Held]>([:])
        let writes = Mutex(0)
        /// What each change said it was laid over.
        let laidOver = Mutex<[Data?]>([])

        var location: String { "memory" }
        var spillDirectory: String? { nil }

        func write(_ batches: [ImportBatch], progress: @escaping ImportProgress) async throws -> (reports: [ImportReport], outcome: Void) {
            for batch in batches { store(batch, keeping: nil) }
            return (batches.map(\.report), ())
        }

        func imports() async throws -> [ImportRecord] { held.withLock { $0.values.map(\.record) } }

        func importsHolding(_ ids: [String]) async throws -> [String: Int] {
            held.withLock { held in
                held.reduce(into: [:]) { counts, entry in counts[entry.key] = ids.count(where: entry.value.ids.contains) }
            }
        }

        func keptChanges(of owner: ImportRecord) async throws -> KeptChanges? { kept(owner.source.key) }

        /// What is kept for the import `key`.
        func kept(_ key: String) -> KeptChanges? { held.withLock { $0[key]?.kept } }

        func write(_ batch: ImportBatch, keeping change: KeptChange, progress: @escaping ImportProgress) async throws -> (
            report: ImportReport, outcome: Void
        ) {
            laidOver.withLock { $0.append(change.replacing) }
            store(batch, keeping: change)
            return (batch.report, ())
        }

        private func store(_ batch: ImportBatch, keeping change: KeptChange?) {
            writes.withLock { $0 += 1 }
            let (bounds, categories) = ImportRecord.extent(of: batch.places)
            let record = ImportRecord(
                source: batch.source, importedAt: Date().timeIntervalSince1970, count: batch.places.count, bounds: bounds, categories: categories)
            let names = Set(batch.places.map(\.record.name))
            let ids = Set(batch.places.map(\.record.id))
            held.withLock { held in
                var kept = held[batch.source.key]?.kept
                if let change {
                    var files = kept?.files ?? [:]
                    files[change.name] = change.bytes
                    kept = KeptChanges(manifest: change.manifest, files: files)
                } else {
                    kept = nil
                }
                held[batch.source.key] = Held(record: record, names: names, ids: ids, kept: kept)
            }
        }

        func names(of key: String) -> Set<String> { held.withLock { $0[key]?.names ?? [] } }
    }

    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("change-sink-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static func apply(_ file: URL, to sink: MemorySink) async throws -> ImportReport {
        let change = try #require(try PlacesService.readChangeFile(file.path, notices: .ignore))
        return try await PlacesService.apply(change, to: sink).report
    }

    @Test func changesAreLaidOverTheExtractInOrderAndHandedOverToKeep() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let town = try ChangeFixtures.write(ChangeFixtures.town, to: "town.osm", in: folder)
        let first = try ChangeFixtures.write(ChangeFixtures.first, to: "first.osc", in: folder)
        let second = try ChangeFixtures.write(ChangeFixtures.second, to: "second.osc", in: folder)
        let sink = MemorySink()
        _ = try await PlacesService.importFiles(osm: [town.path], nameLists: [], options: NameListOptions(), into: sink)
        #expect(sink.names(of: town.path).contains("Verdwijnt Straks"))

        let report = try await Self.apply(first, to: sink)
        #expect(report.change?.number == 1)
        #expect(report.change?.importLabel == "town.osm")
        #expect(report.change.map { [$0.created, $0.modified, $0.deleted] } == [2, 1, 1])
        let afterFirst = sink.names(of: town.path)
        #expect(afterFirst.isSuperset(of: ["Nieuw Koffiehuis", "Nieuwe Naam", "Vierde Pad"]), "\(afterFirst)")
        #expect(afterFirst.isDisjoint(with: ["Verdwijnt Straks", "Oude Naam"]), "\(afterFirst)")
        let kept = try #require(sink.kept(town.path))
        #expect(kept.files == ["000001.osc": try Data(contentsOf: first)])
        let manifest = try JSONValue.parse(kept.manifest)
        #expect(manifest["files"]?.arrayValue?.compactMap(\.stringValue) == ["000001.osc"])
        #expect(manifest["newestTimestamp"]?.stringValue == "2026-11-26T10:00:00Z")

        // The second is laid over the extract with the first under it: the café the first
        // created is still there, the footpath the second deletes is gone.
        let next = try await Self.apply(second, to: sink)
        #expect(next.change?.number == 2)
        let afterSecond = sink.names(of: town.path)
        #expect(afterSecond.contains("Nieuw Koffiehuis") && afterSecond.contains("Nieuwe Naam"), "\(afterSecond)")
        #expect(!afterSecond.contains("Vierde Pad"), "\(afterSecond)")
        #expect(sink.kept(town.path)?.files.keys.sorted() == ["000001.osc", "000002.osc"])
        // Each says what it was laid over, for the store to refuse it if that changed meanwhile.
        #expect(sink.laidOver.withLock { $0 } == [nil, kept.manifest])
    }

    @Test func aChangeAppliedTwiceOrOfAnotherRegionIsRefusedBeforeTheSinkIsWritten() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let town = try ChangeFixtures.write(ChangeFixtures.town, to: "town.osm", in: folder)
        let first = try ChangeFixtures.write(ChangeFixtures.first, to: "first.osc", in: folder)
        let paris = try ChangeFixtures.write(ChangeFixtures.paris, to: "paris.osc", in: folder)
        let sink = MemorySink()

        // Nothing imported yet: no import to belong to.
        await #expect(throws: PlacesError.self) { try await Self.apply(first, to: sink) }
        _ = try await PlacesService.importFiles(osm: [town.path], nameLists: [], options: NameListOptions(), into: sink)
        _ = try await Self.apply(first, to: sink)
        let writes = sink.writes.withLock { $0 }
        let kept = sink.kept(town.path)

        let twice = await #expect(throws: PlacesError.self) { try await Self.apply(first, to: sink) }
        #expect(twice?.kind == .badData)
        #expect(twice?.message.contains("is already applied to town.osm (as its change 1)") == true, "\(twice?.message ?? "")")
        let elsewhere = await #expect(throws: PlacesError.self) { try await Self.apply(paris, to: sink) }
        #expect(elsewhere?.kind == .badData)
        #expect(elsewhere?.message.contains("belongs to no import: its nodes lie around 48.8530,2.3499") == true, "\(elsewhere?.message ?? "")")
        #expect(sink.writes.withLock { $0 } == writes, "a refused change writes nothing")
        #expect(sink.kept(town.path) == kept)
    }

    @Test func aKeptManifestThatCannotBeReadIsSaidWithWhatToDo() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let town = try ChangeFixtures.write(ChangeFixtures.town, to: "town.osm", in: folder)
        let second = try ChangeFixtures.write(ChangeFixtures.second, to: "second.osc", in: folder)
        let sink = MemorySink()
        _ = try await PlacesService.importFiles(osm: [town.path], nameLists: [], options: NameListOptions(), into: sink)
        let first = try ChangeFixtures.write(ChangeFixtures.first, to: "first.osc", in: folder)
        _ = try await Self.apply(first, to: sink)
        sink.held.withLock { $0[town.path]?.kept?.manifest = Data("{not json".utf8) }
        let refused = await #expect(throws: PlacesError.self) { try await Self.apply(second, to: sink) }
        #expect(refused?.kind == .badData)
        #expect(refused?.message.contains("the changes kept for town.osm cannot be read") == true, "\(refused?.message ?? "")")
        #expect(refused?.message.contains("import town.osm again") == true, "\(refused?.message ?? "")")
    }
}
