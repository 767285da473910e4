import Foundation
import PlaceBytes
import PlaceCore
import PlacesKit
import Testing

/// The place document (`show`, the server's `/v1/places/{id}`) reads hours on the place's clock and
/// names its zone, in every format.
struct PlaceClockDocumentTests {
    /// La Piazza in Schaan, Liechtenstein, as OpenStreetMap gives it: hours without a zone.
    static let laPiazza = Place(
        id: PlaceID(provider: "osm", nativeID: "node/691565872"), name: "La Piazza", coordinate: Coordinate(47.1669152, 9.5100352),
        hours: OpeningHours(
            intervals: [.tuesday, .wednesday, .thursday, .friday, .saturday, .sunday].map { .init(weekday: $0, opens: 660, closes: 1440) }))

    /// Saturday 21 November 2026, 23:24 UTC: 00:24 on Sunday in Schaan.
    static let now = (try? Date("2026-11-21T23:24:00Z", strategy: .iso8601)) ?? Date()

    @Test func theJSONNamesTheZoneAndJudgesInIt() {
        let hours = PlaceDocument(place: Self.laPiazza, now: Self.now).json()["hours"]
        #expect(hours?["time_zone"]?.stringValue == "Europe/Vaduz")
        #expect(hours?["open_now"]?.boolValue == false)
        #expect(hours?["status"]?.stringValue == "closed, opens 11:00")
    }

    @Test func theTextNamesTheZoneBesideTheHours() {
        let text = PlaceDocument(place: Self.laPiazza, now: Self.now).render(.table)
        #expect(text.contains("Hours (Europe/Vaduz)  closed, opens 11:00\n"), "\(text)")
        #expect(text.contains("  Tue–Sun  11:00–24:00\n"), "\(text)")
    }

    @Test func aDamagedTimeZoneTableIsSaidWithWhatFollows() throws {
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        let text = PlacesService.clocksUnknownText(TimeZoneMapError(reason: "its checksum does not match its bytes"), machineZone: tokyo)
        #expect(text.hasPrefix("the time-zone table is damaged: its checksum does not match its bytes; "))
        #expect(text.contains("opening hours are read in this machine's zone (Asia/Tokyo)"))
    }
}
