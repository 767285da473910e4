import ArgumentParser
import Foundation
import OSMFormat
import PlaceSearch
import PlaceStore
import PlaceProviders
import Autocomplete

extension Places {
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Import OpenStreetMap data and name lists into the local store, for offline search and completion.",
            discussion: """
                OpenStreetMap files: OSM XML (.osm, also .osm.gz and .osm.bz2), PBF (.osm.pbf) and Overpass JSON, \
                recognised by their content. An import keeps named POIs with the tags that matter (amenity, shop, \
                tourism, leisure, cuisine, opening_hours, addr:*, website …), car parks, one entry per street name \
                and area (not one per way segment) and places (city, suburb, neighbourhood) with an importance; ways \
                and relations get a centre.

                Name lists (--names FILE): CSV or TSV, one name per row. Columns count from 1 or are named by the \
                header row; a header is recognised by itself (--header/--no-header to say). With latitude and \
                longitude columns each row is one entry; without, each distinct name is one. GeoNames' cities as \
                JSON (an object keyed by geonameid, as cities15000.json) are recognised by their content, with or \
                without --names: population becomes importance, alternatenames find the city ("München" → Munich).

                Importing the same file again replaces what it wrote before; a place two files share is kept once. \
                An import that fails changes nothing. The autocomplete index (beside the store, .names) is rebuilt \
                after every import.

                Examples:
                  places import ../shared/data/amsterdam_centrum.osm
                  places import liechtenstein.osm.pbf overpass.json
                  places import --names streets.csv --name-column 3 --kind street
                  places import --names rg_cities1000.csv             # header lat,lon,name,…: columns found by name
                  places import cities15000.json                      # GeoNames JSON, with alternate names
                """)

        @Argument(help: ArgumentHelp("OpenStreetMap files: .osm, .osm.pbf, Overpass JSON (.gz/.bz2 too).", valueName: "file"))
        var files: [String] = []

        @Option(name: .customLong("names"), help: ArgumentHelp("A name list (CSV or TSV) to import (repeatable).", valueName: "file"))
        var nameLists: [String] = []

        @Option(help: ArgumentHelp("The column with the name: a number from 1 or a header name. Default: a header column called name.", valueName: "column"))
        var nameColumn: String?

        @Option(help: ArgumentHelp("The column with the latitude (number or header name).", valueName: "column"))
        var latColumn: String?

        @Option(help: ArgumentHelp("The column with the longitude (number or header name).", valueName: "column"))
        var lonColumn: String?

        @Option(help: ArgumentHelp("A column with an importance (0–1) or a population.", valueName: "column"))
        var importanceColumn: String?

        @Option(help: ArgumentHelp("Columns shown beside the name, e.g. admin1 (repeatable).", valueName: "column"))
        var detailColumn: [String] = []

        @Option(help: ArgumentHelp("What a name list's names are: street, poi or place (default place).", valueName: "kind"))
        var kind: String = "place"

        @Flag(inversion: .prefixedNo, help: "Whether the name list's first row is a header (default: recognised).")
        var header: Bool?

        @Option(help: ArgumentHelp("Name-list delimiter: comma, tab or semicolon (default: tab for .tsv, else comma).", valueName: "delimiter"))
        var delimiter: String?

        @Option(help: ArgumentHelp("table or json.", valueName: "format"))
        var format: OutputFormat = .table

        @OptionGroup var storeOptions: StoreOptions

        func validate() throws {
            guard !files.isEmpty || !nameLists.isEmpty else {
                throw ValidationError("give an OpenStreetMap file to import, or --names FILE for a name list")
            }
            guard NameKind(kind) != nil else { throw ValidationError("--kind '\(kind)' must be street, poi or place") }
            if let delimiter, Self.delimiterByte(delimiter) == nil {
                throw ValidationError("--delimiter '\(delimiter)' must be comma, tab or semicolon")
            }
            guard format == .table || format == .json else { throw ValidationError("--format must be table or json for import") }
            let nameOptions = [nameColumn, latColumn, lonColumn, importanceColumn].compactMap { $0 } + detailColumn
            if nameLists.isEmpty, !nameOptions.isEmpty {
                throw ValidationError("column options describe a name list: give it with --names FILE")
            }
        }

        static func delimiterByte(_ text: String) -> UInt8? {
            switch text.lowercased() {
            case "comma", ",": UInt8(ascii: ",")
            case "tab", "\\t", "\t": 0x09
            case "semicolon", ";": UInt8(ascii: ";")
            default: nil
            }
        }

        func run() throws {
            let access = try StoreAccess(option: storeOptions.store)
            // Read everything before the store is touched: a file that fails leaves it as it was.
            var reports: [ImportReport] = []
            var batches: [(ImportSource, [ImportedPlace], ImportReport)] = []
            for file in files {
                let (source, places, report) = try Self.isGeoNamesJSON(file) ? readGeoNames(file) : readOSM(file)
                batches.append((source, places, report))
            }
            for file in nameLists {
                let (source, places, report) = try readNameList(file)
                batches.append((source, places, report))
            }
            let store = try access.writing()
            for (source, places, report) in batches {
                var report = report
                let started = ContinuousClock.now
                report.summary = try StoreAccess.run { () throws(StoreError) in try store.replaceImport(source, with: places) }
                report.writeSeconds = (ContinuousClock.now - started).seconds
                reports.append(report)
            }
            let index = try NameIndexFile.rebuild(store: store)
            try StandardOutput.write(ImportOutput(reports: reports, index: index).render(format))
        }

        private func source(for file: String, format: String) -> ImportSource {
            let url = URL(fileURLWithPath: file)
            return ImportSource(key: url.standardizedFileURL.resolvingSymlinksInPath().path, label: url.lastPathComponent, format: format)
        }

        private func checkReadable(_ file: String) throws {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory) else {
                throw CLIError("\(file): no such file", status: .noInput)
            }
            guard !isDirectory.boolValue else { throw CLIError("\(file) is a folder; give a file", status: .noInput) }
            guard FileManager.default.isReadableFile(atPath: file) else {
                throw CLIError("\(file) cannot be read (permissions)", status: .noInput)
            }
        }

        private func readOSM(_ file: String) throws -> (ImportSource, [ImportedPlace], ImportReport) {
            try checkReadable(file)
            let bar = ProgressBar(label: "Reading \(URL(fileURLWithPath: file).lastPathComponent)")
            let started = ContinuousClock.now
            let result: OSMImport.Result
            do {
                result = try OSMImport.read(contentsOf: URL(fileURLWithPath: file)) { done, total in bar.update(done: done, total: total) }
            } catch let error as OSMFormatError {
                bar.finish()
                throw CLIError("\(file): \(error.description)", status: .data)
            } catch {
                bar.finish()
                throw CLIError("\(file): \(error)", status: .data)
            }
            bar.finish()
            let formatName =
                switch result.format {
                case .xml: "osm-xml"
                case .pbf: "osm-pbf"
                case .overpassJSON: "overpass-json"
                }
            var report = ImportReport(file: file, format: formatName, rows: result.elements)
            report.readSeconds = (ContinuousClock.now - started).seconds
            if result.unplaced > 0 {
                report.notes.append("\(result.unplaced) element\(result.unplaced == 1 ? "" : "s") had no position inside the extract and were left out")
            }
            return (source(for: file, format: formatName), result.places, report)
        }

        /// Whether the file's first 4 KB look like GeoNames' cities JSON.
        private static func isGeoNamesJSON(_ file: String) -> Bool {
            guard let handle = FileHandle(forReadingAtPath: file) else { return false }
            defer { try? handle.close() }
            return GeoNamesJSONReader.recognises(Array(handle.readData(ofLength: 4_096)))
        }

        private func readBytes(_ file: String) throws -> [UInt8] {
            do {
                return [UInt8](try Data(contentsOf: URL(fileURLWithPath: file), options: .alwaysMapped))
            } catch {
                throw CLIError("\(file) cannot be read: \(error.localizedDescription)", status: .noInput)
            }
        }

        private func readGeoNames(_ file: String) throws -> (ImportSource, [ImportedPlace], ImportReport) {
            try checkReadable(file)
            let started = ContinuousClock.now
            let bytes = try readBytes(file)
            let result: GeoNamesJSONReader.Result
            do {
                result = try GeoNamesJSONReader.read(bytes: bytes, label: URL(fileURLWithPath: file).lastPathComponent)
            } catch {
                throw CLIError("\(file): \(error.description)", status: .data)
            }
            var report = ImportReport(file: file, format: "geonames-json", rows: result.places.count + result.skipped.count)
            report.readSeconds = (ContinuousClock.now - started).seconds
            if !result.skipped.isEmpty {
                let shown = result.skipped.prefix(5).joined(separator: ", ")
                report.notes.append(
                    "skipped \(result.skipped.count) cit\(result.skipped.count == 1 ? "y" : "ies") without a name or a position on the globe (geonameid \(shown)\(result.skipped.count > 5 ? ", …" : ""))")
            }
            return (source(for: file, format: "geonames-json"), result.places, report)
        }

        private func readNameList(_ file: String) throws -> (ImportSource, [ImportedPlace], ImportReport) {
            try checkReadable(file)
            if Self.isGeoNamesJSON(file) { return try readGeoNames(file) }
            let started = ContinuousClock.now
            let bytes = try readBytes(file)
            let isTSV = file.lowercased().hasSuffix(".tsv") || file.lowercased().hasSuffix(".tab")
            let separator = delimiter.flatMap(Self.delimiterByte) ?? (isTSV ? 0x09 : UInt8(ascii: ","))
            let mapping = NameListMapping(
                name: nameColumn, latitude: latColumn, longitude: lonColumn, importance: importanceColumn, detail: detailColumn,
                hasHeader: header, kind: NameKind(kind) ?? .place)
            let label = URL(fileURLWithPath: file).lastPathComponent
            let result: NameListReader.Result
            do {
                result = try NameListReader.read(bytes: bytes, label: label, delimiter: separator, mapping: mapping)
            } catch {
                throw CLIError("\(file): \(error.description)", status: .data)
            }
            let formatName = separator == 0x09 ? "names-tsv" : "names-csv"
            var report = ImportReport(file: file, format: formatName, rows: result.places.count + result.skippedLines.count)
            report.readSeconds = (ContinuousClock.now - started).seconds
            if !result.skippedLines.isEmpty {
                let shown = result.skippedLines.prefix(5).map(String.init).joined(separator: ", ")
                report.notes.append(
                    "skipped \(result.skippedLines.count) row\(result.skippedLines.count == 1 ? "" : "s") with an empty name or a position off the globe (line \(shown)\(result.skippedLines.count > 5 ? ", …" : ""))")
            }
            return (source(for: file, format: formatName), result.places, report)
        }
    }
}

/// What one file's import did, for the summary.
struct ImportReport {
    var file: String
    var format: String
    var rows: Int
    var summary = ImportSummary(written: [:], removed: 0, replaced: 0)
    var readSeconds = 0.0
    var writeSeconds = 0.0
    var notes: [String] = []
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
