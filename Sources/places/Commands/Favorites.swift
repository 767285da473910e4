import ArgumentParser
import Foundation
import PlacesKit

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

        @Flag(help: "Keep places from the OpenStreetMap data imported with 'places import' (ids that --offline printed): no network.")
        var offline = false

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            guard !ids.isEmpty else { throw ValidationError("give at least one place id, such as parkshark:10668") }
            for id in ids {
                do { _ = try PlaceID(parsing: id) } catch { throw ValidationError(error.description) }
            }
            if let note, note.count > 1000 { throw ValidationError("--note is \(note.count) characters; keep it under 1000") }
        }

        func run() async throws {
            let service = try await CLIService.service(global, command: "favorites")
            // One at a time, each in its own transaction and printed once committed: an interrupted
            // run has kept exactly what it printed.
            for text in ids {
                let (change, place) = try await service.addFavorite(try PlaceID(parsing: text), as: text, note: note, offline: offline)
                try StandardOutput.write("\(change.rawValue) \(place.id)  \(place.name)\n")
            }
            await service.sayWhereAnswersCameFrom()
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List your favourites, oldest first.")

        @Option(help: ArgumentHelp("\(OutputFormat.choices).", valueName: "format"))
        var format: OutputFormat = .table

        @OptionGroup var storeOptions: StoreOptions

        @Option(help: ArgumentHelp("Colour: auto, always or never. NO_COLOR is always honoured.", valueName: "when"))
        var color: Terminal.ColorChoice = .auto

        func run() async throws {
            let service = try CLIService.service(store: storeOptions.store)
            let favorites = try await service.favorites()
            try StandardOutput.write(FavoritesRendering(favorites: favorites, style: Terminal.style(color)).render(format))
            if favorites.isEmpty {
                StandardError.line("places: no match: no favourites yet in \(service.store.path); add one with 'places favorites add ID'")
            }
        }
    }

    struct Remove: AsyncParsableCommand {
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

        func run() async throws {
            let service = try CLIService.service(store: storeOptions.store)
            try await service.removeFavorites(try ids.map { try PlaceID(parsing: $0) }) { (id, removed) throws(PlacesError) in
                do { try StandardOutput.write(removed ? "removed \(id)\n" : "already gone \(id)\n") } catch {
                    throw PlacesError(.output, String(describing: error))
                }
            }
        }
    }
}
