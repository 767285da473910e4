import ArgumentParser
import Foundation
import PlacesKit

extension Places {
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Everything known about one place: hours, tips, a photo, contact.",
            discussion: """
                Takes an id as `places coffee` prints it (PROVIDER:ID) and asks that provider for the details.

                Examples:
                  places show osm:node/2724001437
                  places show foursquare:4a1a9b2ef964a520517a1fe3 --format json
                """)

        @Argument(help: ArgumentHelp("A place id such as osm:node/2724001437.", valueName: "id"))
        var id: String

        @Option(help: ArgumentHelp("\(PlaceFormat.choices) (table is text).", valueName: "format"))
        var format: PlaceFormat = .table

        @Flag(help: "From the OpenStreetMap data imported with 'places import' only (an osm: id that --offline printed): no network.")
        var offline = false

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            do { _ = try PlaceID(parsing: id) } catch { throw ValidationError(error.description) }
        }

        func run() async throws {
            let placeID = try PlaceID(parsing: id)
            let service = try await CLIService.service(global, command: "show")
            let place = try await service.details(for: placeID, as: id, offline: offline)
            await service.sayWhereAnswersCameFrom()
            let document = PlaceDocument(place: place, now: service.now)
            try StandardOutput.write(document.render(format, style: Terminal.style(global.color)))
        }
    }
}
