package import Foundation

/// What is applied to one import: which change files, in what order, what the extract was when
/// the first was applied, and the newest edit and element versions they hold. The embedded store
/// keeps it as `journal.json` beside the files (``ChangeJournal``); a shared database keeps it in a
/// row beside its import, as bytes it does not read (``ChangeSink``).
package struct ChangeManifest: Codable, Equatable, Sendable {
    /// The import's key: its extract's absolute path.
    package var source: String
    /// The extract's size and modification time when the first change was applied: a different
    /// file at that path (a newer extract) makes the changes meaningless.
    package var sourceSize: Int
    package var sourceModified: Double
    /// The change files, oldest first.
    package var files: [String]
    /// The newest timestamp of any edit applied.
    package var newestTimestamp: String?
    /// The version of every element a change named (`n123`, `w45`, `r6`).
    package var versions: [String: Int]

    package init(source: String, sourceSize: Int, sourceModified: Double, files: [String], newestTimestamp: String?, versions: [String: Int]) {
        self.source = source
        self.sourceSize = sourceSize
        self.sourceModified = sourceModified
        self.files = files
        self.newestTimestamp = newestTimestamp
        self.versions = versions
    }

    /// As stored: JSON with sorted keys, so that the same manifest is the same bytes.
    package func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(self)
    }

    /// The name of a change file once kept: `000003.osc.gz`, keeping what compression it has.
    package static func fileName(number: Int, of change: URL) -> String {
        let lower = change.lastPathComponent.lowercased()
        let suffix = lower.hasSuffix(".gz") ? ".osc.gz" : lower.hasSuffix(".bz2") ? ".osc.bz2" : ".osc"
        let digits = String(number)
        return String(repeating: "0", count: max(0, 6 - digits.count)) + digits + suffix
    }
}
