import ArgumentParser
import Foundation
import PlaceSearch
import PlaceStore

extension Places {
    struct Favorites: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Places you keep: add, list, remove. Stored in the local store, shown offline.",
            discussion: """
                A favourite keeps enough of the place (name, position, address, what it is, its tariff) to be listed \
                without asking the provider again. Adding one twice refreshes it; it never doubles.

                Examples:
                  places favorites add parkshark:10668 --note "cheap on Sundays"
                  places favorites add osm:node/2724001437 foursquare:6efaaffa19eaea2d3f37abea
                  places favorites list
                  places favorites list --format json
                  places favorites remove parkshark:10668
                """,
            subcommands: [Add.self, List.self, Remove.self],
            defaultSubcommand: List.self)
    }
}

extension Places.Favorites {
    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add places (ids as other commands print them), or refresh ones already kept.")

        @Argument(help: ArgumentHelp("Place ids such as parkshark:10668 or osm:node/2724001437.", valueName: "id"))
        var ids: [String]

        @Option(help: ArgumentHelp("Your own words about it (replaces an earlier note).", valueName: "text"))
        var note: String?

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            guard !ids.isEmpty else { throw ValidationError("give at least one place id, such as parkshark:10668") }
            for id in ids {
                do { _ = try PlaceID(parsing: id) } catch { throw ValidationError(error.description) }
            }
            if let note, note.count > 1000 { throw ValidationError("--note is \(note.count) characters; keep it under 1000") }
        }

        func run() async throws {
            let runtime = try Runtime(global: global, command: "favorites")
            let store = try StoreAccess(option: global.store).writing()
            let trimmedNote = note?.trimmingCharacters(in: .whitespacesAndNewlines)
            // One at a time, each in its own transaction and printed once committed: an interrupted
            // run has kept exactly what it printed.
            for text in ids {
                let id = try PlaceID(parsing: text)
                let place = try await runtime.details(for: id, as: text)
                let favorite = Favorite(place: place, note: trimmedNote?.isEmpty == true ? nil : trimmedNote, addedAt: runtime.now)
                let change = try StoreAccess.run { () throws(StoreError) in try store.addFavorite(favorite) }
                try StandardOutput.write("\(change.rawValue) \(place.id)  \(place.name)\n")
            }
            if let note = await runtime.replayNote() { StandardError.line("places: \(note)") }
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List your favourites, oldest first.")

        @Option(help: ArgumentHelp("table, json, ndjson or geojson.", valueName: "format"))
        var format: OutputFormat = .table

        @OptionGroup var storeOptions: StoreOptions

        @Option(help: ArgumentHelp("Colour: auto, always or never. NO_COLOR is always honoured.", valueName: "when"))
        var color: String = "auto"

        func validate() throws {
            if Terminal.ColorChoice(rawValue: color) == nil { throw ValidationError("--color '\(color)' must be auto, always or never") }
        }

        func run() throws {
            let access = try StoreAccess(option: storeOptions.store)
            let favorites = try access.reading().map { store in try StoreAccess.run { () throws(StoreError) in try store.favoriteSummaries() } } ?? []
            let terminal = Terminal.detect(environment: ProcessInfo.processInfo.environment, color: Terminal.ColorChoice(rawValue: color) ?? .auto)
            try StandardOutput.write(FavoritesOutput(favorites: favorites, terminal: terminal).render(format))
            if favorites.isEmpty, format == .table {
                StandardError.line("places: no favourites yet in \(access.location.path); add one with 'places favorites add ID'")
            }
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove favourites. An id that is not one is an error, and nothing changes.")

        @Argument(help: ArgumentHelp("Place ids as `places favorites list` prints them.", valueName: "id"))
        var ids: [String]

        @OptionGroup var storeOptions: StoreOptions

        func validate() throws {
            guard !ids.isEmpty else { throw ValidationError("give at least one place id to remove") }
            for id in ids {
                do { _ = try PlaceID(parsing: id) } catch { throw ValidationError(error.description) }
            }
        }

        func run() throws {
            let access = try StoreAccess(option: storeOptions.store)
            guard let store = try access.reading() else {
                throw CLIError("\(ids[0]) is not a favourite (there are none yet in \(access.location.path))", status: .noInput)
            }
            let placeIDs = try ids.map { try PlaceID(parsing: $0) }
            // Check them all first, so that a typo in the third id does not leave the first two removed.
            for id in placeIDs where try StoreAccess.run({ () throws(StoreError) in try store.favorite(id) }) == nil {
                throw CLIError("\(id) is not a favourite; see 'places favorites list'", status: .noInput)
            }
            let writer = try access.writing()
            for id in placeIDs {
                let removed = try StoreAccess.run { () throws(StoreError) in try writer.removeFavorite(id) }
                try StandardOutput.write(removed ? "removed \(id)\n" : "already gone \(id)\n")
            }
        }
    }
}
