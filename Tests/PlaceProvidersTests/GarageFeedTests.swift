import Foundation
import HTTPTypes
import PlaceBytes
import PlaceCore
import PlaceHTTP
import PlaceSearchTesting
import PlaceProviders
import Testing

struct GarageFeedTests {
    /// Every quirk of the real feed, in one answer written for this test.
    static let feed = #"""
        {"type": "FeatureCollection", "features": [
          {"type": "Feature", "Id": "A", "geometry": {"type": "Point", "coordinates": [4.89508, 52.37382]},
           "properties": {"PubDate": "2023-02-23T13:44:48Z", "Name": "CE-P09 Bijenkorf", "Type": "parkinglocation", "State": "ok", "Status": "GETAL",
                          "FreeSpaceShort": "214", "ShortCapacity": "465", "FreeSpaceLong": "13", "LongCapacity": "40"}},
          {"type": "Feature", "Id": "B", "geometry": {"type": "Point", "coordinates": [4.90909, 52.37601]},
           "properties": {"Name": "CE-P15 Oosterdok", "State": "error", "Status": "STORING_DEFAULT", "FreeSpaceShort": "0", "ShortCapacity": "0", "FreeSpaceLong": "", "LongCapacity": ""}},
          {"type": "Feature", "Id": "C", "geometry": {"type": "Point", "coordinates": [4.898584, 52.366058]},
           "properties": {"Name": "CE-P26 The Bank", "State": "ok", "Status": "GETAL", "FreeSpaceShort": "20", "ShortCapacity": "110", "FreeSpaceLong": "-13", "LongCapacity": "0"}},
          {"type": "Feature", "Id": "D", "geometry": {"type": "Point", "coordinates": [4.8536, 52.3444]},
           "properties": {"Name": "CE-PR02 P+R Olympisch Stadion", "State": "ok", "Status": "VOL", "FreeSpaceShort": "0", "ShortCapacity": "200", "FreeSpaceLong": "0", "LongCapacity": "0"}},
          {"type": "Feature", "Id": "E", "geometry": {"type": "Point", "coordinates": [4.4912651001281745, 52.41701848611019]},
           "properties": {"Name": "Dummy Melkweg", "State": "error", "FreeSpaceShort": "0", "ShortCapacity": "0"}},
          {"type": "Feature", "Id": "F", "geometry": {"type": "Point", "coordinates": [4.89041, 52.33751]},
           "properties": {"Name": "PR-FP-02 Prorail Amsterdam RAI", "State": "ok", "FreeSpaceShort": "0", "ShortCapacity": "0"}},
          {"type": "Feature", "Id": "G", "geometry": {"type": "Point", "coordinates": [4.882659, 52.358753]},
           "properties": {"Name": "CE-PT07 Museumplein Touringcars", "State": "ok", "FreeSpaceShort": "24", "ShortCapacity": "24"}},
          {"type": "Feature", "Id": "H", "geometry": {"type": "Point", "coordinates": [4.893, 52.37]},
           "properties": {"Name": "CE-P36 Rokin", "State": "ok", "Status": "GETAL", "FreeSpaceShort": "0", "ShortCapacity": "66", "FreeSpaceLong": "", "LongCapacity": ""}},
          {"type": "Feature", "Id": "I", "geometry": null, "properties": {"Name": "CE-P99 Nowhere", "State": "ok"}},
          {"type": "Feature", "Id": "J", "geometry": {"type": "Point", "coordinates": [4.9, 52.37]},
           "properties": {"Name": "Garage zonder code", "State": "ok", "FreeSpaceShort": 7, "ShortCapacity": 50}}
        ]}
        """#

    static func places(_ text: String = feed) async throws -> [Place] {
        let provider = AmsterdamGaragesProvider(client: HTTPClient(transport: ClosureTransport { _, _ in HTTPResponse.json(text) }))
        return try await provider.search(SearchRequest(category: .parking, focus: Coordinate(52.37, 4.89), radius: 50_000, limit: 100))
    }

    static func availability(_ places: [Place], _ id: String) -> ParkingAvailability? {
        places.first { $0.id.nativeID == id }?.parking?.availability
    }

    @Test func readsEveryQuirkOfTheFeedTheWayTheCityMeantIt() async throws {
        let places = try await Self.places()
        // Kept: A, B, C, D, H, J. Left out: the Dummy, bicycle parking (FP), coach parking (PT), one without a position.
        #expect(Set(places.map(\.id.nativeID)) == ["A", "B", "C", "D", "H", "J"])
        let bijenkorf = try #require(places.first { $0.id.nativeID == "A" })
        #expect(bijenkorf.name == "Bijenkorf")
        #expect(bijenkorf.parking?.reference == "CE-P09")
        #expect(
            bijenkorf.parking?.availability
                == ParkingAvailability(
                    state: .available, free: 214, capacity: 465, longStayFree: 13, longStayCapacity: 40,
                    observedAt: ISO8601Text.parse("2023-02-23T13:44:48Z")))
        // A sensor error is unknown, never full.
        #expect(Self.availability(places, "B")?.state == .unknown)
        // A negative long-stay count with no long-stay capacity is dropped, the short-stay count kept.
        #expect(Self.availability(places, "C")?.free == 20)
        #expect(Self.availability(places, "C")?.longStayFree == nil)
        // "VOL" is full, and so is 0 of 66 free.
        #expect(Self.availability(places, "D")?.state == .full)
        #expect(places.first { $0.id.nativeID == "D" }?.parking?.kind == .parkAndRide)
        #expect(Self.availability(places, "H")?.state == .full)
        // Counts written as numbers are read too.
        #expect(Self.availability(places, "J")?.free == 7)
        #expect(places.first { $0.id.nativeID == "J" }?.name == "Garage zonder code")
    }

    @Test func aCountThatIsNotANumberIsNamed() async {
        let broken =
            #"{"features": [{"Id": "X", "geometry": {"type": "Point", "coordinates": [4.9, 52.37]}, "properties": {"Name": "CE-P1 X", "State": "ok", "FreeSpaceShort": "many", "ShortCapacity": "10"}}]}"#
        do {
            _ = try await Self.places(broken)
            Issue.record("a count of 'many' must fail")
        } catch let error as ProviderError {
            #expect(error.message.contains("features[0].properties.FreeSpaceShort: expected a count, found \"many\""))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    static let snapshot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/data/amsterdam_garages_2023-02-23.json")

    /// The real snapshot of the feed (66 garages, 2023-02-23), when ../shared is beside the checkout;
    /// skipped visibly when it is not.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: snapshot.path), "needs ../shared/data/amsterdam_garages_2023-02-23.json"))
    func decodesTheRealSnapshot() async throws {
        let data = try Data(contentsOf: Self.snapshot)
        let places = try await Self.places(String(decoding: data, as: UTF8.self))
        // 66 entries: the Dummy, 12 bicycle garages (FP) and 2 coach parks (PT) are not for a car.
        #expect(places.count == 51)
        #expect(!places.contains { $0.name.contains("Dummy") })
        let states = Dictionary(grouping: places, by: { $0.parking?.availability?.state })
        // Every State=error row (19 once the Dummy and a coach park are left out) is unknown, not full.
        #expect(states[.unknown]?.count ?? 0 >= 19)
        #expect(places.first { $0.parking?.reference == "CE-P09" }?.parking?.availability?.free == 214)
        #expect(places.first { $0.parking?.reference == "CE-PR02" }?.parking?.availability?.state == .full)
    }
}
