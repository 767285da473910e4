public import Foundation

/// A walking graph file (what an OpenStreetMap import's ways make) as a shared database keeps it
/// beside the import's places, so that every instance on the database can copy it beside its own
/// store: the file's bytes in parts, so that no row holds more than ``partSize``.
public struct SharedWalkingGraph: Sendable, Equatable {
    /// The import's key (the file's absolute path) and its name, as `places import list` shows it.
    public let source: String
    /// The import's name, as `places import list` shows it.
    public let label: String
    /// The graph file format's version, so that an instance of another version does not fetch it.
    public let formatVersion: Int
    /// The import generation that wrote it: a copy of an older generation is stale.
    public let generation: Int
    /// The graph file's size in bytes.
    public let size: Int
    /// How many parts of at most ``partSize`` bytes the file is kept in.
    public let parts: Int

    /// Makes the description of a kept graph from its import, format version, generation, size in bytes and number of parts.
    public init(source: String, label: String, formatVersion: Int, generation: Int, size: Int, parts: Int) {
        self.source = source
        self.label = label
        self.formatVersion = formatVersion
        self.generation = generation
        self.size = size
        self.parts = parts
    }

    /// A country's graph is hundreds of megabytes (about the size of its PBF): kept in parts of
    /// this size, each one row, so that neither a row nor a message gets near PostgreSQL's limits.
    public static let partSize = 16 << 20
}

/// The walking graphs of the imports in a shared database.
public protocol SharedWalkingGraphStore: Sendable {
    /// Where the store is, for messages: a path, or a URL with its password redacted.
    var location: String { get }

    /// Replaces what `source` imported before with `places` and its walking graph (the graph
    /// file's bytes; nil when it has none, which removes an older one), in one transaction.
    func replaceImport(_ source: ImportSource, with places: ImportedPlaceList, walkingGraph: (bytes: Data, formatVersion: Int)?)
        async throws(StoreError) -> ImportSummary
    /// Every graph the database holds, without its bytes.
    func walkingGraphs() async throws(StoreError) -> [SharedWalkingGraph]
    /// Part `part` (from 0) of `source`'s graph as of `generation`; nil when it was replaced or
    /// removed since (fetch the list again).
    func walkingGraphPart(_ source: String, generation: Int, part: Int) async throws(StoreError) -> Data?
}
