public import Foundation
public import PlaceSearch
public import WalkingGraph

/// What one file's import did, for the summary.
public struct ImportReport: Sendable {
    public var file: String
    public var format: String
    public var rows: Int
    public var summary = ImportSummary(written: [:], removed: 0, replaced: 0)
    public var readSeconds = 0.0
    public var writeSeconds = 0.0
    public var notes: [String] = []
    /// The walking graph built from an OpenStreetMap file: its size, and what building it added.
    public var walkingGraph: (statistics: WalkingGraph.Statistics, seconds: Double)?
    /// Set when the import applied a change file to an extract: which, and what it did.
    public var change: AppliedChange?

    package init(file: String, format: String, rows: Int) {
        self.file = file
        self.format = format
        self.rows = rows
    }
    /// Elements a change being applied creates that the extract already has.
    package var createdButPresent: [String] = []
    /// Whether the import wrote or removed anything.
    package var changedStore: Bool { summary.total > 0 || summary.removed > 0 }
}

/// One file read for an import, before anything is written: where it came from, its places,
/// what reading it found, and the walking graph an OpenStreetMap file's ways make.
public struct ImportBatch: Sendable {
    public let source: ImportSource
    public let places: ImportedPlaceList
    public var report: ImportReport
    public let walkingGraph: WalkingGraph?

    package init(source: ImportSource, places: ImportedPlaceList, report: ImportReport, walkingGraph: WalkingGraph?) {
        self.source = source
        self.places = places
        self.report = report
        self.walkingGraph = walkingGraph
    }

    /// The walking graph as a database stores it (``SharedWalkingGraphs``): its file's bytes and
    /// their format version, or nil when the file has no walkable ways.
    public var storedWalkingGraph: (bytes: Data, formatVersion: Int)? {
        walkingGraph.map { ($0.fileContents, WalkingGraph.formatVersion) }
    }
}

/// What applying one change file did, beside what the import it remade wrote.
public struct AppliedChange: Sendable {
    /// The import it was applied to (its extract's name).
    public var importLabel: String
    public var created: Int
    public var modified: Int
    public var deleted: Int
    /// Its place among the import's changes (1 for the first).
    public var number: Int
    public var newestTimestamp: String?

    package init(importLabel: String, created: Int, modified: Int, deleted: Int, number: Int, newestTimestamp: String?) {
        self.importLabel = importLabel
        self.created = created
        self.modified = modified
        self.deleted = deleted
        self.number = number
        self.newestTimestamp = newestTimestamp
    }
}
