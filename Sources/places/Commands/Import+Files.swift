import ArgumentParser
import Foundation
import PlacesCommandLine
import PlacesKit

extension Places.Import {
    struct Files: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "files",
            abstract: "Import OpenStreetMap files and name lists (the default: 'places import FILE').",
            discussion: """
                OpenStreetMap files: OSM XML (.osm, also .osm.gz and .osm.bz2), PBF (.osm.pbf), Overpass JSON and \
                GeoJSON (as overpass-turbo exports it: points and polygons, with OSM tags as properties), recognised \
                by their content. A change file (osmChange: .osc, .osc.gz, .osc.bz2, the diffs extract services \
                publish or what 'osmium derive-changes' writes) is applied to the extract it belongs to, given alone. An import keeps named POIs with the tags that matter (amenity, shop, \
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
                after an import that changed something; 'places import list' shows what is imported, 'places import \
                remove FILE' takes one file's places away again.

                With --database, the places and the walking graph go into the PostgreSQL database 'places serve \
                --database' instances share (places-server, installed beside places, writes them); each instance then \
                builds its name index and copies the walking graphs with 'places serve index build --database URL'. \
                A change file applies there too: the database keeps it with the import it belongs to.

                Examples:
                  places import amsterdam.osm
                  places import liechtenstein.osm.pbf overpass.json
                  places import --names streets.csv --name-column 3 --kind street
                  places import --names rg_cities1000.csv             # header lat,lon,name,…: columns found by name
                  places import cities15000.json                      # GeoNames JSON, with alternate names
                  places import 000123.osc.gz                         # a diff, applied to its imported extract
                  places import amsterdam.osm --database postgres://places@db.internal/places
                  places import 000124.osc.gz --database postgres://places@db.internal/places
                """)

        @Argument(help: ArgumentHelp("OpenStreetMap files: .osm, .osm.pbf, Overpass JSON, GeoJSON (.gz/.bz2 too).", valueName: "file"))
        var files: [String] = []

        @OptionGroup var options: ImportArguments

        @OptionGroup var storeOptions: StoreOptions

        @OptionGroup var database: ImportDatabase

        func validate() throws {
            guard !files.isEmpty || !options.nameLists.isEmpty else {
                throw ValidationError("give an OpenStreetMap file to import, or --names FILE for a name list")
            }
        }

        /// The change file to apply (`places import changes.osc.gz`), when that is what is given:
        /// alone, since it is applied to an import already made, not imported beside others.
        func changeFile() throws -> String? {
            let changes = files.filter(PlacesService.isChangeFile)
            guard let change = changes.first else { return nil }
            guard files.count == 1, options.nameLists.isEmpty else {
                throw ValidationError(
                    "\(change) is an OpenStreetMap change file: apply it on its own (places import \(change)), not with other files")
            }
            return change
        }

        func run() async throws {
            // The database's client is the server's: places-server reads the files (a change alone,
            // checked first) and writes them there.
            if database.url != nil { _ = try changeFile() }
            try database.handOver(["files"], serverArguments)
            let service = try CLIService.service(store: storeOptions.store)
            let interruption = Interruption.onSignals { signal in
                // The store is a transaction: what is kept is what committed. What was staged goes.
                ImportLeftovers.cleanUp()
                StandardError.line("places: interrupted: \(ImportLeftovers.whatIsKept)")
                return signal == SIGINT ? 130 : 143
            }
            defer { interruption.cancel() }
            let bar = ProgressBar()
            defer { bar.finish() }
            if let change = try changeFile() {
                let applied = try await service.applyChanges(change) { file, step, done, total in
                    bar.update(file: file, step: step, done: done, total: total)
                }
                // A change without edits was said as a notice; there is nothing to report.
                guard let (report, index) = applied else { return }
                bar.finish()
                try StandardOutput.write(ImportRendering(reports: [report], index: index).render(options.format))
                return
            }
            let (reports, index) = try await service.importFiles(osm: files, nameLists: options.nameLists, options: options.nameListOptions) {
                file, step, done, total in bar.update(file: file, step: step, done: done, total: total)
            }
            bar.finish()
            try StandardOutput.write(ImportRendering(reports: reports, index: index).render(options.format))
        }
    }
}
