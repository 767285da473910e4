import Foundation
import OSMFormat
import Testing

@testable import WalkingGraph

/// The import keeps every node's position once, in the extractor's index, and the graph's builder
/// reads it from there (`WalkingGraphBuilder(sharing:)`): the graph must be the same, byte for
/// byte, as one built by a builder that keeps its own, with only the nodes the ways use numbered.
struct SharedLocationsTests {
    @Test(arguments: ["square-town.osm", "canal-town.osm"]) func sharingTheIndexBuildsTheSameGraph(fixture: String) throws {
        let url = try TestGraphs.fixtureURL(fixture)
        var alone = WalkingGraphBuilder()
        let locations = LocationIndex()
        var sharing = WalkingGraphBuilder(sharing: locations)
        try OSMFileReader.read(contentsOf: url) { element in
            alone.consume(element)
            // As the import's extractor does, before the builder sees the node.
            if case .node(let node) = element { locations.append(node.id, OSMPoint(latitude: node.latitude, longitude: node.longitude)) }
            sharing.consume(element)
        }
        let compacted = sharing.compacted()
        #expect(compacted.nodes.count > 0)
        #expect(compacted.nodes.count < locations.count, "nodes no way uses are not numbered")
        #expect(try alone.finish().fileContents == sharing.finish().fileContents)
    }

    /// An import's graph waits in an unnamed file beside the store until it is written: the same
    /// bytes, answering the same, and nothing left in the folder.
    @Test func aGraphSpilledToAFolderIsTheSameAndLeavesNothing() throws {
        let folder = TestGraphs.temporaryURL()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var builder = WalkingGraphBuilder()
        try OSMFileReader.read(contentsOf: try TestGraphs.fixtureURL("canal-town.osm")) { builder.consume($0) }
        let spilled = try builder.finish(spillingTo: folder.path)
        #expect(try spilled.fileContents == builder.finish().fileContents)
        #expect(spilled.statistics.edges > 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
}
