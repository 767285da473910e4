import Foundation
import PlaceCore
import PlaceHTTP
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

    /// Every provider's folder under cassettes/, whatever its name: a folder added later is checked too.
    static var folders: [URL] {
        let manager = FileManager.default
        let entries = (try? manager.contentsOfDirectory(at: root, includingPropertiesForKeys: [.isDirectoryKey])) ?? []
        return entries.filter { (try? $0.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    static var allFiles: [URL] { folders.flatMap { CassetteMiddleware.cassetteFiles(in: $0) } }

    @Test func everyFolderHoldsCassettes() {
        let names = Self.folders.map(\.lastPathComponent)
        for provider in ["amsterdam-garages", "foursquare", "google", "osm", "osrm", "parkshark", "photon"] {
            #expect(names.contains(provider), "cassettes/\(provider) is not there")
        }
        for folder in Self.folders {
            let files = CassetteMiddleware.cassetteFiles(in: folder)
            #expect(!files.isEmpty, "cassettes/\(folder.lastPathComponent) holds no cassette")
        }
    }

    @Test func everyBundledCassetteParses() throws {
        #expect(Self.allFiles.count >= 10)
        for file in Self.allFiles {
            let cassette = try Cassette(contentsOf: file)
            #expect(!cassette.interactions.isEmpty, "\(file.lastPathComponent) is empty")
        }
    }

    /// Keys of the services we know, by their shape, anywhere in a file's text: a key recorded
    /// under a name the Redactor does not know would still be seen here.
    @Test func noBundledCassetteHoldsSomethingShapedLikeAKey() throws {
        let shapes = [
            try Regex(#"fsq3[A-Za-z0-9+/=_-]{20,}"#), try Regex(#"AIza[0-9A-Za-z_-]{30,}"#),
            try Regex(#"Bearer [A-Za-z0-9]"#),
        ]
        for file in Self.allFiles {
            let text = try String(contentsOf: file, encoding: .utf8)
            for shape in shapes {
                let found = text.firstMatch(of: shape).map { String(text[$0.range]) }
                #expect(found == nil, "\(file.lastPathComponent) holds '\(found ?? "")'")
            }
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
