import Foundation
import PlaceImport
public import PlaceCore
import PlaceStore
import WalkingGraph

extension PlacesService {
    /// Reads OpenStreetMap files and name lists as an import does, writing nothing
    /// (``ImportReading/read(osm:nameLists:options:spillDirectory:progress:)``): the embedded
    /// import writes the result into the store, `places serve import` into a shared database.
    public static func readImports(
        osm files: [String], nameLists: [String], options: NameListOptions, spillDirectory: String? = nil,
        progress: @escaping ImportProgress = { _, _, _, _ in }
    ) throws(PlacesError) -> [ImportBatch] {
        try reading { () throws(ImportFileError) in
            try ImportReading.read(osm: files, nameLists: nameLists, options: options, spillDirectory: spillDirectory, progress: progress)
        }
    }

    /// `body`, with what an import keeps beside the store and cannot write said as the front door's error.
    package static func besideStore<Value>(_ body: () throws(ImportWriteError) -> Value) throws(PlacesError) -> Value {
        do {
            return try body()
        } catch {
            throw PlacesError(error)
        }
    }

    /// `body`, with a file that cannot be imported said as the front door's error.
    static func reading<Value>(_ body: () throws(ImportFileError) -> Value) throws(PlacesError) -> Value {
        do {
            return try body()
        } catch {
            throw PlacesError(error)
        }
    }

    /// Imports OpenStreetMap files and name lists into `sink`: the one import flow, for the
    /// embedded store (``importFiles(osm:nameLists:options:progress:)``) and for the database
    /// `places serve` instances share. Every file is read first, so a file that fails changes
    /// nothing; then the sink writes them.
    public static func importFiles<Sink: ImportSink>(
        osm files: [String], nameLists: [String], options: NameListOptions, into sink: Sink,
        progress: @escaping ImportProgress = { _, _, _, _ in }
    ) async throws(PlacesError) -> (reports: [ImportReport], outcome: Sink.Outcome) {
        let batches = try readImports(osm: files, nameLists: nameLists, options: options, spillDirectory: sink.spillDirectory, progress: progress)
        do {
            return try await sink.write(batches, progress: progress)
        } catch {
            throw sinkFailure(error)
        }
    }

    /// What a sink's failure is at the door: the door's own error as it is, the store's and the
    /// import's as they are said, anything else as a write that failed.
    static func sinkFailure(_ error: any Error) -> PlacesError {
        switch error {
        case let error as PlacesError: error
        case let error as StoreError: StoreAccess.error(error)
        case let error as ImportWriteError: PlacesError(error)
        default: PlacesError(.cannotWrite, "the import cannot be written: \(error)", underlyingError: error)
        }
    }

    /// Imports OpenStreetMap files and name lists into the store, then rebuilds the name index.
    /// Everything is read before the store is touched: a file that fails leaves it as it was.
    public func importFiles(
        osm files: [String], nameLists: [String], options: NameListOptions, progress: @escaping ImportProgress = { _, _, _, _ in }
    ) async throws(PlacesError) -> (reports: [ImportReport], index: NameIndex.Built) {
        guard let trace = ImportPhaseTrace.fromEnvironment() else {
            return try await importTracked(osm: files, nameLists: nameLists, options: options, reporting: progress)
        }
        defer { trace.finish() }
        return try await importTracked(osm: files, nameLists: nameLists, options: options) { file, step, done, total in
            trace.note(step.rawValue)
            progress(file, step, done, total)
        }
    }

    private func importTracked(
        osm files: [String], nameLists: [String], options: NameListOptions, reporting progress: @escaping ImportProgress
    ) async throws(PlacesError) -> (reports: [ImportReport], index: NameIndex.Built) {
        sweepLeftovers()
        let storePath = store.path
        let sink = EmbeddedStoreSink(storePath: storePath, open: { [store] () throws(PlacesError) in try store.writing() }) { key in
            // The extract imported again: the changes applied to the old one no longer apply.
            ChangeJournal(source: key, storePath: storePath).remove()
        }
        ImportLeftovers.note(folder: sink.folder, kept: "nothing was imported; the store is as it was")
        let (reports, index) = try await Self.importFiles(osm: files, nameLists: nameLists, options: options, into: sink, progress: progress)
        return (reports, index)
    }

    /// Removes what interrupted imports left beside the store, and says so.
    func sweepLeftovers() {
        let (count, bytes) = ImportLeftovers.sweep(storePath: store.path)
        guard count > 0 else { return }
        notices.say("removed \(count) file\(count == 1 ? "" : "s") (\(bytes / 1_000_000) MB) that an interrupted import left beside \(store.path)")
    }

    /// Every import the store remembers: the file, when, how many places, and whose data it is.
    public func importedSources() throws(PlacesError) -> [ImportRecord] {
        guard let opened = try store.reading() else { return [] }
        return try StoreAccess.run { () throws(StoreError) in try opened.imports() }
    }

    /// Forgets one import, named by its file (the path as given, its absolute path, or its name):
    /// exactly its places and names, and its walking graph; then rebuilds the name index.
    /// - Returns: what was removed, how many places, and the index after.
    public func removeImport(_ name: String) throws(PlacesError) -> (source: ImportSource, removed: Int, index: NameIndex.Built) {
        let record = try Self.importNamed(name, among: try importedSources(), in: store.path)
        let opened = try store.writing()
        let removed = try StoreAccess.run { () throws(StoreError) in try opened.removeImport(record.source.key) } ?? 0
        WalkingGraph.removeFile(at: WalkingGraphFiles.file(forSource: record.source.key, storePath: store.path))
        ChangeJournal(source: record.source.key, storePath: store.path).remove()
        return (record.source, removed, try Self.besideStore { () throws(ImportWriteError) in try NameIndex.removed(store: opened) })
    }

    /// The one import of `sources` that `name` names: the path as given, its absolute path, or its file name.
    /// - Parameter location: where they are imported (a store's path, a database's URL), for messages.
    /// - Throws: `.notFound` naming what is imported, `.usage` when the name fits several.
    public static func importNamed(_ name: String, among sources: [ImportRecord], in location: String) throws(PlacesError) -> ImportRecord {
        let absolute = URL(fileURLWithPath: name).standardizedFileURL.resolvingSymlinksInPath().path
        let matches = sources.filter { $0.source.key == absolute || $0.source.key == name || $0.source.label == name }
        guard matches.count == 1, let record = matches.first else {
            let known = sources.map(\.source.label).joined(separator: ", ")
            if matches.count > 1 {
                throw PlacesError(
                    .usage, "'\(name)' names \(matches.count) imports; give the file's path: \(matches.map(\.source.key).joined(separator: ", "))")
            }
            throw PlacesError(
                .notFound, "no import of '\(name)' in \(location)" + (known.isEmpty ? " (nothing is imported)" : "; imported: \(known)"))
        }
        return record
    }
}

extension PlacesError {
    /// A file that cannot be imported: not found, or not what an import reads.
    init(_ error: ImportFileError) {
        switch error.kind {
        case .notFound: self.init(.notFound, error.message, parameter: error.parameter, remedy: error.remedy, underlyingError: error)
        case .badData: self.init(.badData, error.message, parameter: error.parameter, remedy: error.remedy, underlyingError: error)
        }
    }
}

extension PlacesError {
    /// What an import keeps beside the store and could not write: the store's failure as the
    /// store's are said, the others by their kind.
    public init(_ error: ImportWriteError) {
        let outcome = error.outcome.map { "; \($0)" } ?? ""
        if let store = error.store {
            let said = StoreAccess.error(store)
            self.init(said.kind, said.message + outcome, parameter: said.parameter, remedy: said.remedy, underlyingError: said.underlyingError)
            return
        }
        let kind: Kind =
            switch error.kind {
            case .cannotWrite, .store: .cannotWrite
            case .busy: .busy
            case .badData: .badData
            case .bug: .bug
            }
        self.init(kind, error.message + outcome, remedy: error.remedy, underlyingError: error)
    }
}
