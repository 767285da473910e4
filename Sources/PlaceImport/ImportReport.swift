public import Foundation
public import PlaceCore
public import WalkingGraph

/// What one file's import did, for the summary.
public struct ImportReport: Sendable {
    /// The file as the user named it.
    public var file: String
    /// What the file was read as (`osm-pbf`, `osm-xml`, `overpass-json`, `names-csv`, `names-tsv`, `geonames-json`).
    public var format: String
    /// The rows or elements read from it.
    public var rows: Int
    /// What the store write did: places written by kind, removed, replaced.
    public var summary = ImportSummary(written: [:], removed: 0, replaced: 0)
    /// Seconds spent reading the file.
    public var readSeconds = 0.0
    /// Seconds spent writing it (the store, its walking graph).
    public var writeSeconds = 0.0
    /// Things worth saying about the file that did not stop its import (lines skipped, a graph not written).
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
    /// Where the places came from: the file's key (its absolute path), name and format.
    public let source: ImportSource
    /// The places read, in the order the store will hold them.
    public let places: ImportedPlaceList
    /// What reading found, completed by the sink that writes the batch.
    public var report: ImportReport
    /// The walking graph of an OpenStreetMap file's ways; nil for a name list or a file without walkable ways.
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
    /// Elements the change created.
    public var created: Int
    /// Elements the change modified.
    public var modified: Int
    /// Elements the change deleted.
    public var deleted: Int
    /// Its place among the import's changes (1 for the first).
    public var number: Int
    /// The latest timestamp of the change's edits (ISO 8601, UTC), when the file carries them.
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
