import Foundation
import PlaceBytes
package import OSMFormat
package import PlaceCore
package import WalkingGraph

/// Files read into what an import writes, writing nothing: OpenStreetMap extracts (with their
/// walking graph), name lists and GeoNames' cities. The embedded import writes the result into
/// the store, `places serve import` into a shared database.
public enum ImportReading {
    /// Reads OpenStreetMap files and name lists as an import does, writing nothing: the embedded
    /// import writes the result into the store, `places serve import` into a shared database.
    /// - Parameter spillDirectory: a folder where an extract's addresses and places wait until they
    ///   are written, read back through mappings (nil: in memory). The embedded import gives the
    ///   store's folder.
    public static func read(
        osm files: [String], nameLists: [String], options: NameListOptions, spillDirectory: String? = nil,
        progress: @escaping ImportProgress = { _, _, _, _ in }
    ) throws(ImportFileError) -> [ImportBatch] {
        var batches: [ImportBatch] = []
        for file in files + nameLists { try checkIsFile(file) }
        // A diff holds edits to an import, not places: it is applied to the import it belongs to.
        for file in files where OSMChangeReader.recognises(contentsOf: URL(fileURLWithPath: file)) {
            throw ImportFileError(
                .badData, "\(file) is an OpenStreetMap change file (osmChange), not an extract to import", remedy: Remedy(.applyChanges(file: file)))
        }
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

    package static func source(for file: String, format: String, licence: DataLicence?) -> ImportSource {
        let url = URL(fileURLWithPath: file)
        return ImportSource(
            key: url.standardizedFileURL.resolvingSymlinksInPath().path, label: url.lastPathComponent, format: format, licence: licence)
    }

    package static func checkReadable(_ file: String) throws(ImportFileError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory) else {
            throw ImportFileError(.notFound, "\(file): no such file")
        }
        guard !isDirectory.boolValue else { throw ImportFileError(.notFound, "\(file) is a folder; give a file") }
        guard FileManager.default.isReadableFile(atPath: file) else {
            throw ImportFileError(.notFound, "\(file) cannot be read (permissions)")
        }
    }

    /// - Parameters:
    ///   - overlay: change files applied to the file's elements as they are read.
    ///   - spillDirectory: where the addresses and places wait until written (nil: in memory).
    package static func readOSM(
        _ file: String, overlay: OSMChangeOverlay? = nil, spillDirectory: String? = nil,
        progress: @escaping @Sendable (ImportStep, Int, Int) -> Void
    ) throws(ImportFileError) -> (ImportSource, ImportedPlaceList, ImportReport, WalkingGraph?) {
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
                // A node costs the graph a look-up at most, less than the two clock reads that
                // timed it (0.8 % of a country's import): only ways and relations are timed.
                if case .node = element {
                    walking.consume(element)
                    return
                }
                let before = ContinuousClock.now
                walking.consume(element)
                graphSeconds += (ContinuousClock.now - before).seconds
            }
        } catch let error as OSMFormatError {
            let nameList: Remedy? = if case .delimitedText = error.looksLike { Remedy(.importAsNameList(file: file)) } else { nil }
            throw ImportFileError(.badData, "\(file): \(error.description)", remedy: nameList)
        } catch {
            throw ImportFileError(.badData, "\(file): \(error)")
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
            let elements = result.unplaced == 1 ? "1 element had" : "\(result.unplaced) elements had"
            report.notes.append("\(elements) no position inside the extract and \(result.unplaced == 1 ? "was" : "were") left out")
        }
        if result.cutWays > 0 {
            // What osmium calls missing node references: an extract cut by a box has them at its edge.
            let ways = result.cutWays == 1 ? "1 way has" : "\(result.cutWays) ways have"
            report.notes.append("\(ways) nodes outside the file (an extract's edge): placed by the nodes inside it")
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
    package static func checkIsFile(_ file: String) throws(ImportFileError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), isDirectory.boolValue else { return }
        let inside = ((try? FileManager.default.contentsOfDirectory(atPath: file)) ?? []).sorted().filter { name in
            [".osm", ".pbf", ".osm.gz", ".osm.bz2", ".geojson", ".json", ".csv", ".tsv"].contains { name.lowercased().hasSuffix($0) }
        }
        let examples = inside.prefix(3).map { (file as NSString).appendingPathComponent($0) }
        let hint = examples.isEmpty ? "" : " such as \(examples.joined(separator: ", "))"
        throw ImportFileError(.notFound, "\(file) is a folder; give the files to import\(hint)")
    }

    private static func readBytes(_ file: String) throws(ImportFileError) -> [UInt8] {
        do {
            return [UInt8](try Data(contentsOf: URL(fileURLWithPath: file), options: .alwaysMapped))
        } catch {
            throw ImportFileError(.notFound, "\(file) cannot be read: \(error.localizedDescription)")
        }
    }

    private static func readGeoNames(_ file: String) throws(ImportFileError) -> (ImportSource, ImportedPlaceList, ImportReport) {
        try checkReadable(file)
        let started = ContinuousClock.now
        let bytes = try readBytes(file)
        let result: GeoNamesJSONReader.Result
        do {
            result = try GeoNamesJSONReader.read(bytes: bytes, label: URL(fileURLWithPath: file).lastPathComponent)
        } catch {
            throw ImportFileError(.badData, "\(file): \(error.description)")
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

    private static func readNameList(_ file: String, options: NameListOptions) throws(ImportFileError) -> (
        ImportSource, ImportedPlaceList, ImportReport
    ) {
        try checkReadable(file)
        if Self.isGeoNamesJSON(file) { return try readGeoNames(file) }
        let started = ContinuousClock.now
        let bytes = try readBytes(file)
        // Say what a file that is no name list is, rather than that it has no name column.
        let fileKind = FileKind(sniffing: bytes)
        guard fileKind.isText || fileKind == .empty else {
            let remedy: Remedy? =
                fileKind.isCompressed
                ? .advice("decompress it first") : fileKind.isOpenStreetMapImport ? Remedy(.importAsExtract(file: file)) : nil
            throw ImportFileError(.badData, "\(file) is \(fileKind), not a CSV or TSV name list", remedy: remedy)
        }
        let isTSV = file.lowercased().hasSuffix(".tsv") || file.lowercased().hasSuffix(".tab")
        let separator = options.delimiter ?? (isTSV ? 0x09 : UInt8(ascii: ","))
        let mapping = options.mapping
        let label = URL(fileURLWithPath: file).lastPathComponent
        let result: NameListReader.Result
        do {
            result = try NameListReader.read(bytes: bytes, label: label, delimiter: separator, mapping: mapping)
        } catch {
            // About an option: the option first, as every edge puts it; the message names the file.
            guard let parameter = error.parameter else { throw ImportFileError(.badData, "\(file): \(error.description)") }
            throw ImportFileError(.badData, error.message, parameter: parameter)
        }
        let formatName = separator == 0x09 ? "names-tsv" : "names-csv"
        var report = ImportReport(file: file, format: formatName, rows: result.rows)
        report.readSeconds = (ContinuousClock.now - started).seconds
        if !result.skippedLines.isEmpty {
            let shown = result.skippedLines.prefix(5).map(String.init).joined(separator: ", ")
            report.notes.append(
                "skipped \(result.skippedLines.count) row\(result.skippedLines.count == 1 ? "" : "s") with an empty name or a position off the globe (line \(shown)\(result.skippedLines.count > 5 ? ", …" : ""))"
            )
        }
        // A name without a position is one place however many rows name it.
        let repeated = result.rows - result.places.count - result.skippedLines.count
        if repeated > 0 {
            report.notes.append(
                "\(NumberText.grouped(repeated)) row\(repeated == 1 ? "" : "s") repeated a name already read (a name without a position is one place)"
            )
        }
        return (
            Self.source(for: file, format: formatName, licence: DataLicence.recognise(nameList: bytes, label: label)),
            result.places, report
        )
    }
}
