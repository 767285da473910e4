import Autocomplete
import Foundation
import OSMFormat
import PlaceProviders
public import PlaceSearch
import PlaceStore
public import WalkingGraph

/// What a name list's columns are (see ``NameListMapping``), and how it is delimited.
public struct NameListOptions: Sendable {
    public var name: String?
    public var latitude: String?
    public var longitude: String?
    public var importance: String?
    public var detail: [String]
    public var hasHeader: Bool?
    public var kind: NameKind
    /// The delimiter byte; nil for tab with `.tsv`/`.tab`, else comma.
    public var delimiter: UInt8?

    public init(
        name: String? = nil, latitude: String? = nil, longitude: String? = nil, importance: String? = nil, detail: [String] = [],
        hasHeader: Bool? = nil, kind: NameKind = .place, delimiter: UInt8? = nil
    ) {
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
        self.importance = importance
        self.detail = detail
        self.hasHeader = hasHeader
        self.kind = kind
        self.delimiter = delimiter
    }

    /// `comma`, `tab`, `semicolon` (or the character) as a byte.
    public static func delimiter(_ text: String) -> UInt8? {
        switch text.lowercased() {
        case "comma", ",": UInt8(ascii: ",")
        case "tab", "\\t", "\t": 0x09
        case "semicolon", ";": UInt8(ascii: ";")
        default: nil
        }
    }
}

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
    /// Elements a change being applied creates that the extract already has.
    var createdButPresent: [String] = []
    /// Whether the import wrote or removed anything.
    var changedStore: Bool { summary.total > 0 || summary.removed > 0 }
}

/// One file read for an import, before anything is written: where it came from, its places,
/// what reading it found, and the walking graph an OpenStreetMap file's ways make.
public struct ImportBatch: Sendable {
    public let source: ImportSource
    public let places: ImportedPlaceList
    public var report: ImportReport
    public let walkingGraph: WalkingGraph?
}

extension PlacesService {
    /// Reads OpenStreetMap files and name lists as an import does, writing nothing: the embedded
    /// import writes the result into the store, `places serve import` into a shared database.
    /// - Parameter spillDirectory: a folder where an extract's addresses and places wait until they
    ///   are written, read back through mappings (nil: in memory). The embedded import gives the
    ///   store's folder.
    public static func readImports(
        osm files: [String], nameLists: [String], options: NameListOptions, spillDirectory: String? = nil,
        progress: @escaping ImportProgress = { _, _, _, _ in }
    ) throws(PlacesError) -> [ImportBatch] {
        var batches: [ImportBatch] = []
        for file in files + nameLists { try checkIsFile(file) }
        for file in files {
            if isGeoNamesJSON(file) {
                let (source, places, report) = try readGeoNames(file)
                batches.append(ImportBatch(source: source, places: places, report: report, walkingGraph: nil))
            } else {
                let (source, places, report, graph) = try readOSM(file, spillDirectory: spillDirectory) { step, done, total in
                    progress(file, step, done, total)
                }
                batches.append(ImportBatch(source: source, places: places, report: report, walkingGraph: graph))
            }
        }
        for file in nameLists {
            let (source, places, report) = try readNameList(file, options: options)
            batches.append(ImportBatch(source: source, places: places, report: report, walkingGraph: nil))
        }
        return batches
    }

    /// Imports OpenStreetMap files and name lists into the store, then rebuilds the name index.
    /// Everything is read before the store is touched: a file that fails leaves it as it was.
    public func importFiles(
        osm files: [String], nameLists: [String], options: NameListOptions, progress: @escaping ImportProgress = { _, _, _, _ in }
    ) throws(PlacesError) -> (reports: [ImportReport], index: NameIndex.Built) {
        guard let trace = ImportPhaseTrace.fromEnvironment() else {
            return try importTracked(osm: files, nameLists: nameLists, options: options, reporting: progress)
        }
        defer { trace.finish() }
        return try importTracked(osm: files, nameLists: nameLists, options: options) { file, step, done, total in
            trace.note(step.rawValue)
            progress(file, step, done, total)
        }
    }

    private func importTracked(
        osm files: [String], nameLists: [String], options: NameListOptions, reporting progress: @escaping ImportProgress
    ) throws(PlacesError) -> (reports: [ImportReport], index: NameIndex.Built) {
        sweepLeftovers()
        let folder = URL(fileURLWithPath: store.path).deletingLastPathComponent().path
        ImportLeftovers.note(folder: folder, kept: "nothing was imported; the store is as it was")
        let batches = try Self.readImports(osm: files, nameLists: nameLists, options: options, spillDirectory: folder, progress: progress)
        let opened = try store.writing()
        // One file, the usual import: its names are known before they are written, so the index
        // is built on the second core while the store is written (NameIndex.Staged).
        if batches.count == 1, let batch = batches.first, let stored = try storeAlone(batch, into: opened, progress: progress) {
            ChangeJournal(source: batch.source.key, storePath: store.path).remove()
            return ([stored.report], stored.index)
        }
        var reports: [ImportReport] = []
        for batch in batches {
            progress(batch.report.file, .store, 0, 0)
            reports.append(try write(batch, into: opened))
            // The extract imported again: the changes applied to the old one no longer apply.
            ChangeJournal(source: batch.source.key, storePath: store.path).remove()
            ImportLeftovers.note(folder: folder, kept: Self.keptWords(reports.map(\.file)))
        }
        // An import that changed nothing leaves the index as it is.
        if !reports.contains(where: \.changedStore), let unchanged = NameIndex.unchanged(storePath: store.path) { return (reports, unchanged) }
        progress(reports.last?.file ?? "", .nameIndex, 0, 0)
        return (reports, try NameIndex.update(store: opened, rebuilding: Set(batches.map(\.source.key))))
    }

    /// Writes one file's places and builds its segment of the name index beside the store write.
    /// - Returns: nil when the index cannot be staged (the caller writes it the plain way).
    func storeAlone(_ batch: ImportBatch, into opened: SQLitePlaceStore, progress: ImportProgress) throws(PlacesError) -> (
        report: ImportReport, index: NameIndex.Built
    )? {
        let folder = URL(fileURLWithPath: store.path).deletingLastPathComponent().path
        guard let staged = try NameIndex.Staged(store: opened, replacing: batch.source.key, with: batch.places) else { return nil }
        let written: ImportReport
        do throws(PlacesError) {
            progress(batch.report.file, .store, 0, 0)
            written = try write(batch, into: opened)
        } catch {
            staged.discard()
            throw error
        }
        ImportLeftovers.note(folder: folder, kept: Self.keptWords([batch.source.label]))
        if !written.changedStore, let unchanged = NameIndex.unchanged(storePath: store.path) {
            staged.discard()
            return (written, unchanged)
        }
        progress(batch.report.file, .nameIndex, 0, 0)
        if let built = try staged.commit(store: opened) { return (written, built) }
        return (written, try NameIndex.update(store: opened, rebuilding: [batch.source.key]))
    }

    /// What an interruption after these files were written keeps, in words.
    static func keptWords(_ files: [String]) -> String {
        "the import of \(files.joined(separator: ", ")) was kept in the store; its name index was not finished and is built again "
            + "at the next use"
    }

    /// Removes what interrupted imports left beside the store, and says so.
    func sweepLeftovers() {
        let (count, bytes) = ImportLeftovers.sweep(storePath: store.path)
        guard count > 0 else { return }
        notices.say("removed \(count) file\(count == 1 ? "" : "s") (\(bytes / 1_000_000) MB) that an interrupted import left beside \(store.path)")
    }

    /// Writes one file's places into the store, then its walking graph.
    func write(_ batch: ImportBatch, into opened: SQLitePlaceStore) throws(PlacesError) -> ImportReport {
        var report = batch.report
        let started = ContinuousClock.now
        report.summary = try StoreAccess.run { () throws(StoreError) in try opened.replaceImport(batch.source, with: batch.places) }
        let file = WalkingGraphs.file(forSource: batch.source.key, storePath: store.path)
        if batch.walkingGraph == nil {
            // A new version of the file with no ways to walk: the old version's streets go too.
            WalkingGraph.removeFile(at: file)
        }
        if let graph = batch.walkingGraph {
            // After the places: a graph without its import would be found by no one.
            do {
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try graph.write(to: file)
            } catch {
                report.notes.append("the walking graph \(file.path) cannot be written (\(error.localizedDescription)); walks are estimated")
            }
        }
        report.writeSeconds = (ContinuousClock.now - started).seconds
        return report
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
        WalkingGraph.removeFile(at: WalkingGraphs.file(forSource: record.source.key, storePath: store.path))
        ChangeJournal(source: record.source.key, storePath: store.path).remove()
        return (record.source, removed, try NameIndex.removed(store: opened))
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

    static func source(for file: String, format: String, licence: DataLicence?) -> ImportSource {
        let url = URL(fileURLWithPath: file)
        return ImportSource(
            key: url.standardizedFileURL.resolvingSymlinksInPath().path, label: url.lastPathComponent, format: format, licence: licence)
    }

    static func checkReadable(_ file: String) throws(PlacesError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory) else {
            throw PlacesError(.notFound, "\(file): no such file")
        }
        guard !isDirectory.boolValue else { throw PlacesError(.notFound, "\(file) is a folder; give a file") }
        guard FileManager.default.isReadableFile(atPath: file) else {
            throw PlacesError(.notFound, "\(file) cannot be read (permissions)")
        }
    }

    /// - Parameters:
    ///   - overlay: change files applied to the file's elements as they are read.
    ///   - spillDirectory: where the addresses and places wait until written (nil: in memory).
    static func readOSM(
        _ file: String, overlay: OSMChangeOverlay? = nil, spillDirectory: String? = nil,
        progress: @escaping @Sendable (ImportStep, Int, Int) -> Void
    ) throws(PlacesError) -> (ImportSource, ImportedPlaceList, ImportReport, WalkingGraph?) {
        try checkReadable(file)
        let started = ContinuousClock.now
        let result: OSMImport.Result
        // Every node's position, held once for the places and the walking graph.
        let nodes = LocationIndex(spillingTo: spillDirectory)
        var walking = WalkingGraphBuilder(sharing: nodes)
        var graphSeconds = 0.0
        var graph: WalkingGraph?
        var graphError: WalkingGraphError?
        do {
            // One pass over the file feeds both the places and the walking graph.
            result = try OSMImport.read(
                contentsOf: URL(fileURLWithPath: file), progress: { done, total in progress(.reading, done, total) },
                finishing: { done, total in progress(.places, done, total) }, overlay: overlay, spillDirectory: spillDirectory,
                nodes: nodes,
                afterReading: {
                    // The graph is finished before the places are made, and its builder (every
                    // walkable way) let go: the two are never held together. The node positions
                    // stay, in `nodes`: the places need them too.
                    let finishing = ContinuousClock.now
                    progress(.walkingGraph, 0, 0)
                    do throws(WalkingGraphError) {
                        let built = try walking.finish(spillingTo: spillDirectory)
                        if built.statistics.edges > 0 { graph = built }
                    } catch {
                        graphError = error
                    }
                    walking = WalkingGraphBuilder(sharing: nodes)
                    graphSeconds += (ContinuousClock.now - finishing).seconds
                }
            ) { element in
                let before = ContinuousClock.now
                walking.consume(element)
                graphSeconds += (ContinuousClock.now - before).seconds
            }
        } catch let error as OSMFormatError {
            throw PlacesError(.badData, "\(file): \(error.description)")
        } catch {
            throw PlacesError(.badData, "\(file): \(error)")
        }
        let formatName =
            switch result.format {
            case .xml: "osm-xml"
            case .pbf: "osm-pbf"
            case .overpassJSON: "overpass-json"
            default: result.format.rawValue
            }
        var report = ImportReport(file: file, format: formatName, rows: result.elements)
        report.createdButPresent = result.createdButPresent
        report.notes += result.notes
        if result.unplaced > 0 {
            report.notes.append("\(result.unplaced) element\(result.unplaced == 1 ? "" : "s") had no position inside the extract and were left out")
        }
        if let graphError { report.notes.append("no walking graph: \(graphError.description)") }
        if let graph { report.walkingGraph = (graph.statistics, graphSeconds) }
        report.readSeconds = (ContinuousClock.now - started).seconds
        return (Self.source(for: file, format: formatName, licence: result.licence), result.places, report, graph)
    }

    /// Whether the file's first 4 KB look like GeoNames' cities JSON (imported with or without --names).
    private static func isGeoNamesJSON(_ file: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: file) else { return false }
        defer { try? handle.close() }
        // read(upToCount:) throws where readData(ofLength:) traps (a folder: EISDIR).
        guard let head = try? handle.read(upToCount: 4_096) else { return false }
        return GeoNamesJSONReader.recognises(Array(head))
    }

    /// A folder is no file to import: said at once, with the files in it that could be, rather
    /// than found out by a reader (Foundation's readData(ofLength:) traps on one).
    static func checkIsFile(_ file: String) throws(PlacesError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), isDirectory.boolValue else { return }
        let inside = ((try? FileManager.default.contentsOfDirectory(atPath: file)) ?? []).sorted().filter { name in
            [".osm", ".pbf", ".osm.gz", ".osm.bz2", ".geojson", ".json", ".csv", ".tsv"].contains { name.lowercased().hasSuffix($0) }
        }
        let examples = inside.prefix(3).map { (file as NSString).appendingPathComponent($0) }
        let hint = examples.isEmpty ? "" : " such as \(examples.joined(separator: ", "))"
        throw PlacesError(.notFound, "\(file) is a folder; give the files to import\(hint)")
    }

    private static func readBytes(_ file: String) throws(PlacesError) -> [UInt8] {
        do {
            return [UInt8](try Data(contentsOf: URL(fileURLWithPath: file), options: .alwaysMapped))
        } catch {
            throw PlacesError(.notFound, "\(file) cannot be read: \(error.localizedDescription)")
        }
    }

    private static func readGeoNames(_ file: String) throws(PlacesError) -> (ImportSource, ImportedPlaceList, ImportReport) {
        try checkReadable(file)
        let started = ContinuousClock.now
        let bytes = try readBytes(file)
        let result: GeoNamesJSONReader.Result
        do {
            result = try GeoNamesJSONReader.read(bytes: bytes, label: URL(fileURLWithPath: file).lastPathComponent)
        } catch {
            throw PlacesError(.badData, "\(file): \(error.description)")
        }
        var report = ImportReport(file: file, format: "geonames-json", rows: result.places.count + result.skipped.count)
        report.readSeconds = (ContinuousClock.now - started).seconds
        if !result.skipped.isEmpty {
            let shown = result.skipped.prefix(5).joined(separator: ", ") + (result.skipped.count > 5 ? ", …" : "")
            let cities = result.skipped.count == 1 ? "city" : "cities"
            let skipped = "skipped \(result.skipped.count) \(cities)"
            report.notes.append("\(skipped) without a name or a position on the globe (geonameid \(shown))")
        }
        return (Self.source(for: file, format: "geonames-json", licence: .geoNames), ImportedPlaceList(result.places), report)
    }

    private static func readNameList(_ file: String, options: NameListOptions) throws(PlacesError) -> (ImportSource, ImportedPlaceList, ImportReport)
    {
        try checkReadable(file)
        if Self.isGeoNamesJSON(file) { return try readGeoNames(file) }
        let started = ContinuousClock.now
        let bytes = try readBytes(file)
        // Say what a file that is no name list is, rather than that it has no name column.
        let fileKind = FileKind(sniffing: bytes)
        guard fileKind.isText || fileKind == .empty else {
            let advice =
                fileKind.isCompressed
                ? "; decompress it first" : fileKind.isOpenStreetMapImport ? "; import it without --names: places import \(file)" : ""
            throw PlacesError(.badData, "\(file) is \(fileKind), not a CSV or TSV name list\(advice)")
        }
        let isTSV = file.lowercased().hasSuffix(".tsv") || file.lowercased().hasSuffix(".tab")
        let separator = options.delimiter ?? (isTSV ? 0x09 : UInt8(ascii: ","))
        let mapping = NameListMapping(
            name: options.name, latitude: options.latitude, longitude: options.longitude, importance: options.importance,
            detail: options.detail, hasHeader: options.hasHeader, kind: options.kind)
        let label = URL(fileURLWithPath: file).lastPathComponent
        let result: NameListReader.Result
        do {
            result = try NameListReader.read(bytes: bytes, label: label, delimiter: separator, mapping: mapping)
        } catch {
            throw PlacesError(.badData, "\(file): \(error.description)")
        }
        let formatName = separator == 0x09 ? "names-tsv" : "names-csv"
        var report = ImportReport(file: file, format: formatName, rows: result.places.count + result.skippedLines.count)
        report.readSeconds = (ContinuousClock.now - started).seconds
        if !result.skippedLines.isEmpty {
            let shown = result.skippedLines.prefix(5).map(String.init).joined(separator: ", ")
            report.notes.append(
                "skipped \(result.skippedLines.count) row\(result.skippedLines.count == 1 ? "" : "s") with an empty name or a position off the globe (line \(shown)\(result.skippedLines.count > 5 ? ", …" : ""))"
            )
        }
        return (
            Self.source(for: file, format: formatName, licence: DataLicence.recognise(nameList: bytes, label: label)),
            ImportedPlaceList(result.places), report
        )
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    public var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
