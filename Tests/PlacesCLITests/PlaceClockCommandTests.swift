import Foundation
import PlaceBytes
import PlaceCore
import Testing

/// Opening hours on the place's own clock, whatever `TZ` the machine has: `show` and `coffee` for
/// places in Amsterdam, Helsinki, Vaduz and Lisbon, run with TZ=UTC and TZ=Pacific/Auckland.
@Suite(.timeLimit(.minutes(10))) struct PlaceClockCommandTests {
    static let zones = ["UTC", "Pacific/Auckland"]

    static func json(_ output: CLI.Output) throws -> JSONValue {
        #expect(output.status == 0, "\(output.stderr)")
        return try JSONValue.parse(Data(output.stdout.utf8))
    }

    /// The Starbucks on Rokin, Mo-Su 07:00-22:00, from the bundled OpenStreetMap recording: at 23:22
    /// UTC it is 00:22 on Sunday in Amsterdam, and it opens at 07:00 that same day.
    @Test(arguments: zones)
    func showReadsAnAmsterdamCafesHoursInAmsterdam(_ zone: String) async throws {
        let environment = ["TZ": zone, "PLACES_NOW": "2026-11-21T23:22:00Z"]
        let text = try await CLI.run(["show", "osm:node/2724001437"], environment: environment)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("Hours (Europe/Amsterdam)  closed, opens 07:00\n"), "\(text.stdout)")
        let document = try Self.json(try await CLI.run(["show", "osm:node/2724001437", "--format", "json"], environment: environment))
        #expect(document["hours"]?["time_zone"]?.stringValue == "Europe/Amsterdam")
        #expect(document["hours"]?["open_now"]?.boolValue == false)
        #expect(document["hours"]?["status"]?.stringValue == "closed, opens 07:00")
    }

    /// At 06:30 UTC on Saturday it is 07:30 in Amsterdam: the Starbucks is open, and so are the
    /// places that open at 07:00 or 07:30 local time, whatever the machine's zone.
    @Test(arguments: zones)
    func coffeeInAmsterdamIsJudgedOnAmsterdamsClock(_ zone: String) async throws {
        func flags(_ zone: String) async throws -> [String] {
            let output = try await CLI.run(
                ["coffee", "--near", "52.37,4.89", "--top", "50", "--format", "ndjson"],
                environment: ["TZ": zone, "PLACES_NOW": "2026-11-21T06:30:00Z"])
            #expect(output.status == 0, "\(output.stderr)")
            return try output.stdoutLines.map { line in
                let result = try JSONValue.parse(Data(line.utf8))
                #expect(result["time_zone"]?.stringValue == "Europe/Amsterdam", "\(line)")
                return "\(result["name"]?.stringValue ?? "") \(result["open_now"]?.boolValue.map { "\($0)" } ?? "unknown")"
            }
        }
        let here = try await flags("Europe/Amsterdam")
        #expect(here.contains("Starbucks true"), "\(here)")
        #expect(try await flags(zone) == here)
        let open = try await CLI.run(
            ["coffee", "--near", "52.37,4.89", "--top", "50", "--open-now", "--format", "json"],
            environment: ["TZ": zone, "PLACES_NOW": "2026-11-21T06:30:00Z"])
        let names = try Self.json(open)["results"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
        #expect(names.contains("Starbucks"), "\(names)")
    }

    // MARK: - Imported OpenStreetMap data

    static let liechtenstein = RealDataImportTests.file("liechtenstein_2015.osm.pbf")
    static let helsinki = RealDataImportTests.file("helsinki_centre.osm.pbf")

    static func imported(_ files: URL...) async throws -> TemporaryStore {
        let store = TemporaryStore()
        for file in files {
            let result = try await CLI.run(["import", file.path], environment: store.environment)
            #expect(result.status == 0, "\(result.stderr)")
        }
        return store
    }

    /// La Piazza in Schaan (Tu-Su 11:00-24:00): at 23:24 UTC on Saturday it is 00:24 on Sunday there.
    @Test(.enabled(if: RealDataImportTests.has("liechtenstein_2015.osm.pbf"), "needs ../shared/data/liechtenstein_2015.osm.pbf"))
    func laPiazzaInLiechtensteinIsClosedAfterMidnightThere() async throws {
        let store = try await Self.imported(Self.liechtenstein)
        for zone in Self.zones {
            let environment = store.environment.merging(["TZ": zone, "PLACES_NOW": "2026-11-21T23:24:00Z"]) { $1 }
            let table = try await CLI.run(["coffee", "--near", "47.1669,9.5100", "--offline"], environment: environment)
            #expect(table.status == 0, "\(table.stderr)")
            let row = table.stdoutLines.first { $0.contains("La Piazza") }
            #expect(row?.contains(" no ") == true, "\(zone): \(table.stdout)")
            let shown = try await CLI.run(["show", "osm:node/691565872", "--offline"], environment: environment)
            #expect(shown.stdout.contains("Hours (Europe/Vaduz)  closed, opens 11:00\n"), "\(zone): \(shown.stdout)")
        }
    }

    /// Robert's Coffee on Kaivokatu (Mo-Fr 07:00-19:00; Sa 10:00-18:00) and Fazer Café (Sa 09:00-19:00;
    /// Su 11:30-18:00): at 17:30 UTC on Saturday it is 19:30 in Helsinki, and both are closed.
    @Test(.enabled(if: RealDataImportTests.has("helsinki_centre.osm.pbf"), "needs ../shared/data/helsinki_centre.osm.pbf"))
    func helsinkiCafesAreJudgedOnHelsinkisClock() async throws {
        let store = try await Self.imported(Self.helsinki)
        for zone in Self.zones {
            let environment = store.environment.merging(["TZ": zone, "PLACES_NOW": "2026-11-21T17:30:00Z"]) { $1 }
            let coffee = try Self.json(
                try await CLI.run(["coffee", "--near", "60.1699,24.9384", "--offline", "--top", "50", "--format", "json"], environment: environment))
            let results = coffee["results"]?.arrayValue ?? []
            func open(_ id: String) -> Bool? { results.first { $0["id"]?.stringValue == id }?["open_now"]?.boolValue }
            #expect(open("osm:node/1381017836") == false, "\(zone): Robert's Coffee")
            #expect(open("osm:node/6139262619") == false, "\(zone): Fazer Café")
            #expect(results.allSatisfy { $0["time_zone"]?.stringValue == "Europe/Helsinki" })
            let fazer = try Self.json(try await CLI.run(["show", "osm:node/6139262619", "--offline", "--format", "json"], environment: environment))
            #expect(fazer["hours"]?["status"]?.stringValue == "closed, opens tomorrow 11:30", "\(zone)")
            let open = try Self.json(
                try await CLI.run(
                    ["coffee", "--near", "60.1699,24.9384", "--offline", "--open-now", "--format", "json"], environment: environment))
            let names = open["results"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
            #expect(!names.contains("Fazer Café") && !names.contains("Robert's Coffee"), "\(zone): \(names)")
        }
    }

    /// A café in Lisbon's Chiado (its hours illustrative, Mo-Su 08:00-23:00): at 22:30 UTC on a July
    /// Saturday it is 23:30 in Lisbon (UTC+1 in summer), so it is closed, though UTC says 22:30.
    @Test func aLisbonCafeIsJudgedOnLisbonsSummerClock() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("places-lisbon-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("lisbon.osm")
        try Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <osm version="0.6" generator="places tests">
              <node id="9000000001" lat="38.7107" lon="-9.1420" version="1">
                <tag k="amenity" v="cafe"/>
                <tag k="name" v="Café do Chiado"/>
                <tag k="cuisine" v="coffee_shop"/>
                <tag k="opening_hours" v="Mo-Su 08:00-23:00"/>
              </node>
            </osm>
            """.utf8
        ).write(to: file)
        let store = try await Self.imported(file)
        for zone in Self.zones {
            let environment = store.environment.merging(["TZ": zone, "PLACES_NOW": "2026-07-18T22:30:00Z"]) { $1 }
            let coffee = try Self.json(
                try await CLI.run(["coffee", "--near", "38.7107,-9.1420", "--offline", "--format", "json"], environment: environment))
            let cafe = coffee["results"]?.arrayValue?.first
            #expect(cafe?["name"]?.stringValue == "Café do Chiado")
            #expect(cafe?["open_now"]?.boolValue == false, "\(zone)")
            #expect(cafe?["time_zone"]?.stringValue == "Europe/Lisbon")
            let shown = try await CLI.run(["show", "osm:node/9000000001", "--offline"], environment: environment)
            #expect(shown.stdout.contains("Hours (Europe/Lisbon)  closed, opens tomorrow 08:00\n"), "\(zone): \(shown.stdout)")
        }
    }
}
