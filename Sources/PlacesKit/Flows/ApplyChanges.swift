import Foundation
import OSMFormat
import PlaceImport
import PlaceCore
import PlaceStore

extension PlacesService {
    /// Whether `file` is an OpenStreetMap change file (osmChange: `.osc`, `.osc.gz`, `.osc.bz2`).
    public static func isChangeFile(_ file: String) -> Bool {
        OSMChangeReader.recognises(contentsOf: URL(fileURLWithPath: file))
    }

    /// Applies an osmChange file to the OpenStreetMap import of the store it belongs to, through
    /// the one flow a shared database's change takes too (``apply(_:to:progress:)``, with the
    /// store as ``EmbeddedChangeSink``): that import is made again from its extract with every
    /// change applied so far and this one, and replaces what it wrote (places, names, addresses,
    /// its name index file and walking graph); other imports are not touched. The change is kept
    /// beside the store for the next one. Everything is checked and read before the store is
    /// written: a change that is refused or fails changes nothing.
    /// - Returns: nil for a change that holds no edits (an hourly diff of a quiet hour): said as a
    ///   notice, and nothing is touched.
    public func applyChanges(_ file: String, progress: @escaping ImportProgress = { _, _, _, _ in }) async throws(PlacesError) -> (
        report: ImportReport, index: NameIndex.Built
    )? {
        sweepLeftovers()
        guard let change = try Self.readChangeFile(file, notices: notices) else { return nil }
        let folder = URL(fileURLWithPath: store.path).deletingLastPathComponent().path
        ImportLeftovers.note(folder: folder, kept: "nothing was changed; the store is as it was")
        let sink = EmbeddedChangeSink(
            storePath: store.path, read: { [store] () throws(PlacesError) in try store.reading() },
            open: { [store] () throws(PlacesError) in try store.writing() })
        let (report, index) = try await Self.apply(change, to: sink, progress: progress)
        return (report, index)
    }
}
