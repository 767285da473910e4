import ArgumentParser
import Foundation
import PlaceSearch

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

        enum Format: String, CaseIterable, ExpressibleByArgument { case table, json, geojson }

        @Argument(help: ArgumentHelp("A place id such as osm:node/2724001437.", valueName: "id"))
        var id: String

        @Option(help: ArgumentHelp("table (text), json or geojson.", valueName: "format"))
        var format: Format = .table

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            do { _ = try PlaceID(parsing: id) } catch { throw ValidationError(error.description) }
        }

        func run() async throws {
            let placeID = try PlaceID(parsing: id)
            let runtime = try Runtime(global: global, command: "show")
            guard let provider = runtime.registry.provider(placeID.provider) else {
                throw CLIError(
                    "unknown provider '\(placeID.provider)' in '\(id)'; known providers are \(runtime.registry.ids.map(\.rawValue).joined(separator: ", "))",
                    status: .usage)
            }
            guard let details = provider as? any PlaceDetailsProvider else {
                throw CLIError("\(provider.id) cannot show details", status: .usage)
            }
            guard provider.status.isReady else {
                throw CLIError("\(provider.id) cannot answer: \(provider.status.detail)", status: .config)
            }
            let place: Place
            do {
                place = try await withDeadline(runtime.aggregator.deadline(for: provider.id)) { try await details.details(for: placeID) }
            } catch {
                if let note = await runtime.replayNote() { StandardError.line("places: \(note)") }
                let failure = ProviderError(provider: provider.id, wrapping: error)
                throw CLIError(failure.description, status: ExitStatus.forFailure(failure.kind))
            }
            if let note = await runtime.replayNote() { StandardError.line("places: \(note)") }
            let output = PlaceDetailsOutput(place: place, now: runtime.now, timeZone: runtime.timeZone, terminal: runtime.terminal)
            let text: String
            switch format {
            case .table: text = output.text()
            case .json: text = output.json().serialized(pretty: true) + "\n"
            case .geojson: text = output.geojson().serialized(pretty: true) + "\n"
            }
            try StandardOutput.write(text)
        }
    }
}
