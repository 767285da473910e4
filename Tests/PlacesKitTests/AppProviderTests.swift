import Foundation
import PlaceProviders
import PlaceCore
import PlacesKit
import Testing

/// A provider an app writes itself, outside Sources/PlaceProviders: registered with the front
/// door, it takes part in search, merging, ranking and the provider listing like a built-in one.
struct CompanyCafes: PlaceProvider {
    let id: ProviderID = "company"
    let capabilities = ProviderCapabilities(categories: [.coffee])
    var status: ProviderStatus { .local("the company's list of cafés") }

    func search(_ request: SearchRequest) async throws -> [Place] {
        [
            Place(
                id: PlaceID(provider: id, nativeID: "espresso-1"), name: "Company Espresso", coordinate: Coordinate(52.3705, 4.8905),
                concepts: [.coffeeShop], rating: Rating(9.5, outOf: 10, count: 40)),
            // The same café Foursquare's recording knows (within a few metres, same name): merged, not doubled.
            Place(id: PlaceID(provider: id, nativeID: "groene-paleis"), name: "Het Groene Paleis", coordinate: Coordinate(52.37093, 4.89317)),
        ].filter { $0.coordinate.distance(to: request.focus) <= request.radius }
    }
}

enum TestService {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A service replaying the bundled recordings, with a store in a fresh folder, its clock pinned
    /// at `now` (Saturday 21 November 2026, 11:30 in Amsterdam, when the recordings were made).
    static func make(
        catalog: ProviderCatalog = ProviderCatalog(), notices: NoticeSink = .ignore, now: String? = nil
    ) throws -> (PlacesService, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("places-kit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let settings = try PlacesSettings(
            SettingsOptions(httpMode: "replay", cassetteDirectories: repository.appendingPathComponent("cassettes").path),
            environment: [
                "HOME": folder.path, "PLACES_NOW": now ?? "2026-11-21T10:30:00Z", "PLACES_STORE": folder.appendingPathComponent("places.sqlite").path,
            ])
        return (try PlacesService(settings: settings, catalog: catalog, notices: notices), folder)
    }
}

struct AppProviderTests {
    @Test func anAppsOwnProviderSearchesMergesAndRanksWithTheBuiltInOnes() async throws {
        var catalog = ProviderCatalog()
        catalog.register(ProviderFactory(id: "company", categories: [.coffee], access: .local) { _ in CompanyCafes() })
        let (service, folder) = try TestService.make(catalog: catalog)
        defer { try? FileManager.default.removeItem(at: folder) }

        #expect(service.registry.ids.contains("company"))
        #expect(service.registry.provider("company")?.status.isReady == true)
        let result = try await service.coffee(CoffeeQuery(near: .coordinate(Coordinate(52.37, 4.89)), top: 50))
        #expect(result.outcome.reports.map(\.provider) == ["foursquare", "osm", "company"])
        #expect(result.outcome.failures.isEmpty)
        let ranked = result.ranking.ranked
        #expect(ranked.contains { $0.place.id == PlaceID(provider: "company", nativeID: "espresso-1") })
        // Merged: one Groene Paleis, with the company's record among its sources.
        let paleis = ranked.filter { $0.place.name.hasPrefix("Het Groene Paleis") }
        #expect(paleis.count == 1)
        #expect(paleis.first?.place.sources.contains(PlaceID(provider: "company", nativeID: "groene-paleis")) == true)
        // Asked alone, it is the only one asked.
        let alone = try await service.coffee(CoffeeQuery(near: .coordinate(Coordinate(52.37, 4.89)), providers: ["company"]))
        #expect(alone.outcome.reports.map(\.provider) == ["company"])
    }

    @Test func errorsCarryRemediesNotFlags() async throws {
        let (service, folder) = try TestService.make()
        defer { try? FileManager.default.removeItem(at: folder) }
        let error = await #expect(throws: PlacesError.self) {
            _ = try await service.coffee(CoffeeQuery(near: .coordinate(Coordinate(40.71, -74.0))))
        }
        #expect(error?.kind == .unavailable)
        let words = Wording.neutral.line(try #require(error))
        #expect(!words.contains("--"), "\(words)")
        let invalid = await #expect(throws: PlacesError.self) { _ = try await service.coffee(CoffeeQuery(top: 0)) }
        #expect(invalid?.kind == .usage)
        #expect(invalid?.parameter == "top")
    }

    @Test func noticesReachTheApp() async throws {
        let heard = NoticeCollector()
        let (service, folder) = try TestService.make(notices: NoticeSink { heard.add($0) })
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try await service.coffee(CoffeeQuery(near: .coordinate(Coordinate(52.37, 4.89))))
        #expect(heard.all.contains { $0.text.hasPrefix("replayed from") })
    }
}

final class NoticeCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var notices: [Notice] = []
    func add(_ notice: Notice) { lock.withLock { notices.append(notice) } }
    var all: [Notice] { lock.withLock { notices } }
}
