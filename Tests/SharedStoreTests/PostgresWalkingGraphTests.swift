import Foundation
import PlaceCore
import PlaceStorePostgres
import Testing

/// The walking graph files PostgreSQL keeps beside the imports (`places import --database`), which
/// each instance copies beside its store: in parts, of one generation, gone with their import.
@Suite(
    .enabled(if: TestDatabase.isSet, "PLACES_TEST_DATABASE_URL is not set; start a server with Scripts/test-postgres.sh start"),
    .timeLimit(.minutes(10)))
struct PostgresWalkingGraphTests {
    /// `count` bytes, each stretch of 1000 its own value (cheap to make), so that parts put back in
    /// the wrong order, or cut at another place, would show.
    static func bytes(_ count: Int, seed: UInt8 = 0) -> Data {
        var data = Data()
        for start in stride(from: 0, to: count, by: 1000) {
            data.append(Data(repeating: seed &+ UInt8(truncatingIfNeeded: start / 1000), count: min(1000, count - start)))
        }
        return data
    }

    @Test func aGraphLargerThanAPartIsKeptInPartsAndReadBackWhole() async throws {
        try await withFreshStore(.postgres) { fixture in
            let store = try #require(try await fixture.instance() as? PostgresStore)
            let file = Self.bytes(2 * SharedWalkingGraph.partSize + 1000)
            _ = try await store.replaceImport(ImportContract.osm, with: [ImportContract.cafe], walkingGraph: (file, 1))
            let graphs = try await store.walkingGraphs()
            #expect(graphs.count == 1)
            let graph = try #require(graphs.first)
            #expect(graph.source == ImportContract.osm.key && graph.label == "amsterdam.osm")
            #expect(graph.parts == 3 && graph.size == file.count && graph.formatVersion == 1)
            #expect(graph.generation == (try await store.importGeneration()))
            var read = Data()
            for part in 0..<graph.parts {
                read += try #require(try await store.walkingGraphPart(graph.source, generation: graph.generation, part: part))
            }
            #expect(read == file)
            #expect(try await store.walkingGraphPart(graph.source, generation: graph.generation, part: 3) == nil)
        }
    }

    @Test func aGraphIsReplacedWithItsImportAndRemovedWithIt() async throws {
        try await withFreshStore(.postgres) { fixture in
            let store = try #require(try await fixture.instance() as? PostgresStore)
            _ = try await store.replaceImport(ImportContract.osm, with: [ImportContract.cafe], walkingGraph: (Self.bytes(1000), 1))
            let first = try #require(try await store.walkingGraphs().first)
            // Imported again: a copy being fetched from the old generation finds no part, and knows to start over.
            let second = Self.bytes(500, seed: 7)
            _ = try await store.replaceImport(ImportContract.osm, with: [ImportContract.cafe], walkingGraph: (second, 1))
            #expect(try await store.walkingGraphPart(first.source, generation: first.generation, part: 0) == nil)
            let now = try #require(try await store.walkingGraphs().first)
            #expect(now.generation > first.generation && now.size == 500)
            #expect(try await store.walkingGraphPart(now.source, generation: now.generation, part: 0) == second)

            // Another import's places do not take a graph-only import with them.
            let ways = ImportSource(key: "/data/ways.osm", label: "ways.osm", format: "osm-xml", licence: .openStreetMap)
            _ = try await store.replaceImport(ways, with: [], walkingGraph: (Self.bytes(10), 1))
            _ = try await store.replaceImport(ImportContract.names, with: [ImportContract.far])
            #expect(try await store.walkingGraphs().map(\.label) == ["amsterdam.osm", "ways.osm"])

            // An import without a graph (the file no longer has ways) leaves none behind; a removal takes it.
            _ = try await store.replaceImport(ways, with: [ImportContract.street])
            #expect(try await store.walkingGraphs().map(\.label) == ["amsterdam.osm"])
            #expect(try await store.removeImport(ImportContract.osm.key) == 1)
            #expect(try await store.walkingGraphs().isEmpty)
        }
    }
}
