import Foundation
import PlaceSearchTesting
import PlacesKit
import Testing

/// A provider that can only replay, with nothing recorded, says so as a value: which service,
/// where the recordings were looked for, and which key would let it go live. Each edge words what
/// to do (the CLI names --cassette-dir; the neutral words name no flag).
struct ProviderStatusWordingTests {
    static func replaying(cassettes: String?) -> HTTPClient {
        HTTPClient(
            transport: ClosureTransport.unreachable(), mode: .replay, cassetteLocation: cassettes,
            hasRecordings: false)
    }

    @Test func aKeyedProviderWithNothingRecordedSaysWhereItLookedAndWhichKeyWouldDo() {
        let status = ProviderStatus.keyed(
            Self.replaying(cassettes: "cassettes/foursquare (0 files)"), key: nil, keyVariable: "FOURSQUARE_API_KEY",
            configSection: "foursquare", service: "places-api.foursquare.com")
        #expect(status.source == .notReady)
        #expect(
            status.reason
                == .noRecordings(
                    service: "places-api.foursquare.com", location: "cassettes/foursquare (0 files)", keyVariable: "FOURSQUARE_API_KEY"))
        let neutral = Wording.neutral.detail(status)
        #expect(
            neutral
                == "no recordings of places-api.foursquare.com to answer from (cassettes/foursquare (0 files)); give a folder of recordings; "
                + "or set FOURSQUARE_API_KEY to go live")
        #expect(!neutral.contains("--"))
    }

    @Test func aRetiredServiceWithNoFolderSaysThereIsNone() {
        let status = ProviderStatus.retired(Self.replaying(cassettes: nil), service: "api.parkshark.nl", why: "the service closed")
        #expect(status.reason == .noRecordings(service: "api.parkshark.nl", location: nil, keyVariable: nil))
        let worded = Wording(remedy: { $0 == Remedy(.giveRecordings) ? "give a folder with --cassette-dir" : $0.description }, parameter: { $0 })
        #expect(worded.detail(status) == "no recordings of api.parkshark.nl to answer from (no cassettes folder); give a folder with --cassette-dir")
    }
}

/// With no provider at all, the flow says none is ready and what to do as a value, not as a
/// command of the CLI's.
struct NoProviderReadyTests {
    @Test func coffeeWithNoProviderSaysToReviewThemAsAValue() async throws {
        let (service, folder) = try TestService.make(catalog: ProviderCatalog([]))
        defer { try? FileManager.default.removeItem(at: folder) }
        let error = await #expect(throws: PlacesError.self) {
            try await service.coffee(CoffeeQuery(near: .coordinate(Coordinate(52.37, 4.89))))
        }
        #expect(error?.kind == .configuration)
        #expect(error?.remedy == Remedy(.reviewProviders))
        #expect(error.map(Wording.neutral.line) == "no coffee provider is ready; see which providers are ready and what each needs")
    }
}
