import Foundation
import PlaceSearch
import PlaceProviders
import Testing

/// The cassettes in cassettes/ are what `places coffee` answers with offline: they must parse,
/// replay through the real providers, and hold no secret.
struct BundledCassetteTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("cassettes")

    static func client(_ provider: String) -> HTTPClient {
        let folder = root.appendingPathComponent(provider)
        let files = CassetteMiddleware.cassetteFiles(in: folder).map { ($0, "cassettes/\(provider)/\($0.lastPathComponent)") }
        return HTTPClient(transport: OfflineTransport(), middlewares: [CassetteMiddleware(mode: .replay, files: files)], mode: .replay)
    }

    static var allFiles: [URL] {
        ["foursquare", "osm", "google", "osrm"].flatMap { CassetteMiddleware.cassetteFiles(in: root.appendingPathComponent($0)) }
    }

    @Test func everyBundledCassetteParses() throws {
        #expect(Self.allFiles.count >= 6)
        for file in Self.allFiles {
            let cassette = try Cassette(contentsOf: file)
            #expect(!cassette.interactions.isEmpty, "\(file.lastPathComponent) is empty")
        }
    }

    @Test func noBundledCassetteHoldsASecret() throws {
        let redactor = Redactor()
        for file in Self.allFiles {
            for (index, interaction) in try Cassette(contentsOf: file).interactions.enumerated() {
                let place = "\(file.lastPathComponent) #\(index + 1)"
                for header in interaction.request.headers + interaction.response.headers where redactor.isSecretHeader(header.name) {
                    #expect(header.value == Redactor.placeholder, "\(place): \(header.name) is not redacted")
                }
                for (name, value) in QueryString.parameters(ofPath: interaction.request.url) where redactor.isSecretParameter(name) {
                    #expect(value == Redactor.placeholder, "\(place): query \(name) is not redacted")
                }
                if case .form(let fields)? = interaction.request.body {
                    for field in fields where redactor.isSecretParameter(field.name) {
                        #expect(field.value == Redactor.placeholder, "\(place): form field \(field.name) is not redacted")
                    }
                }
            }
        }
    }

    @Test func foursquareReplaysCoffeeAroundDamSquare() async throws {
        let provider = FoursquareProvider(client: Self.client("foursquare"), key: nil)
        let places = try await provider.search(SearchRequest(category: .coffee, focus: Coordinate(52.37, 4.89), radius: 1000))
        #expect(places.count >= 10)
        #expect(places.allSatisfy { $0.coordinate.distance(to: Coordinate(52.37, 4.89)) <= 1000 })
        #expect(places.contains { $0.concepts.contains(.bubbleTea) })
        #expect(places.contains { $0.concepts.contains(.cannabis) })
        // Every listed place can be shown offline.
        for place in places {
            let details = try await provider.details(for: place.id)
            #expect(details.id == place.id)
            #expect(!details.tips.isEmpty || details.rating == nil)
        }
    }

    @Test func openStreetMapReplaysCoffeeAndEveryPlaceCanBeShown() async throws {
        let provider = OverpassProvider(client: Self.client("osm"))
        let places = try await provider.search(SearchRequest(category: .coffee, focus: Coordinate(52.37, 4.89), radius: 1000))
        #expect(places.count >= 40)
        #expect(places.contains { $0.name == "Bluebird Coffeeshop" })
        for place in places.prefix(10) {
            #expect(try await provider.details(for: place.id).name == place.name)
        }
    }
}
