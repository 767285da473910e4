import Foundation
import PlaceCore
import Testing

/// The built-in time-zone table: the zone at a position, anywhere, offline. The expected zones are
/// timezonefinder's answers (timezone-boundary-builder 2026c) for the same points.
struct TimeZoneMapTests {
    static func map() throws -> TimeZoneMap { try TimeZoneMap.bundled.get() }

    @Test(arguments: [
        ("Amsterdam", 52.3731, 4.8926, "Europe/Amsterdam"),
        ("Helsinki", 60.1699, 24.9384, "Europe/Helsinki"),
        ("Vaduz", 47.1410, 9.5209, "Europe/Vaduz"),
        ("La Piazza, Schaan", 47.1669152, 9.5100352, "Europe/Vaduz"),
        ("Lisbon", 38.7223, -9.1393, "Europe/Lisbon"),
        ("Auckland", -36.8485, 174.7633, "Pacific/Auckland"),
        ("London", 51.5072, -0.1276, "Europe/London"),
        ("Madrid", 40.4168, -3.7038, "Europe/Madrid"),
        ("Kouvola", 60.8679, 26.7042, "Europe/Helsinki"),
        ("New York", 40.7128, -74.0060, "America/New_York"),
        ("the Atlantic", 40.0, -30.0, "Etc/GMT+2"),
        ("the North Sea", 54.5, 3.0, "Etc/GMT"),
        ("the Pacific west of the date line", 0.0, -175.0, "Etc/GMT+12"),
        ("the Pacific east of the date line", 0.0, 175.0, "Etc/GMT-12"),
    ])
    func theZoneOfAPlace(_ name: String, _ latitude: Double, _ longitude: Double, _ expected: String) throws {
        let map = try Self.map()
        #expect(map.identifier(at: Coordinate(latitude, longitude)) == expected, "\(name)")
        #expect(TimeZoneMap.zone(at: Coordinate(latitude, longitude)).identifier == expected, "\(name)")
    }

    /// Towns facing each other across a border, most of them a river or a street apart; the first
    /// four pairs keep different time.
    @Test(arguments: [
        ("Tornio", 65.8464, 24.1470, "Europe/Helsinki", "Haparanda", 65.8356, 24.1213, "Europe/Stockholm"),
        ("Valença", 42.0271, -8.6442, "Europe/Lisbon", "Tui", 42.0470, -8.6440, "Europe/Madrid"),
        ("Elvas", 38.8810, -7.1632, "Europe/Lisbon", "Badajoz", 38.8794, -6.9707, "Europe/Madrid"),
        ("Vila Real de Santo António", 37.1946, -7.4165, "Europe/Lisbon", "Ayamonte", 37.2128, -7.4061, "Europe/Madrid"),
        ("Narva", 59.3797, 28.1791, "Europe/Tallinn", "Ivangorod", 59.3667, 28.2167, "Europe/Moscow"),
        ("Braniewo", 54.3797, 19.8222, "Europe/Warsaw", "Kaliningrad", 54.7104, 20.4522, "Europe/Kaliningrad"),
        ("Hoek van Holland", 51.9775, 4.1333, "Europe/Amsterdam", "Harwich", 51.9417, 1.2833, "Europe/London"),
        ("Calais", 50.9513, 1.8587, "Europe/Paris", "Dover", 51.1279, 1.3134, "Europe/London"),
        ("El Paso", 31.7619, -106.4850, "America/Denver", "Ciudad Juárez", 31.6904, -106.4245, "America/Ciudad_Juarez"),
    ])
    func bothSidesOfABorder(
        _ one: String, _ oneLatitude: Double, _ oneLongitude: Double, _ oneZone: String,
        _ other: String, _ otherLatitude: Double, _ otherLongitude: Double, _ otherZone: String
    ) throws {
        let map = try Self.map()
        #expect(map.identifier(at: Coordinate(oneLatitude, oneLongitude)) == oneZone, "\(one)")
        #expect(map.identifier(at: Coordinate(otherLatitude, otherLongitude)) == otherZone, "\(other)")
    }

    @Test func theEdgesOfTheWorldAnswerToo() throws {
        let map = try Self.map()
        for (latitude, longitude) in [(90.0, 180.0), (-90.0, -180.0), (90.0, -180.0), (-90.0, 180.0), (0.0, 0.0)] {
            #expect(map.identifier(at: Coordinate(latitude, longitude)) != nil, "\(latitude),\(longitude)")
        }
        #expect(map.identifier(at: Coordinate(-89.9, 0)) == "Antarctica/McMurdo")
    }

    @Test func everyZoneItNamesIsOneThisMachineKnows() throws {
        let map = try Self.map()
        #expect(map.identifiers.count > 300)
        let unknown = map.identifiers.filter { NamedTimeZones.zone($0) == nil }
        #expect(unknown.isEmpty, "not in this machine's zone database: \(unknown)")
        for hours in -12...12 {
            let name = hours == 0 ? "Etc/GMT" : hours > 0 ? "Etc/GMT+\(hours)" : "Etc/GMT\(hours)"
            #expect(NamedTimeZones.zone(name)?.secondsFromGMT(for: Date(timeIntervalSince1970: 0)) == -hours * 3600, "\(name)")
        }
    }

    @Test func theTableSaysWhereItsZonesComeFrom() throws {
        #expect(try Self.map().source == "tbb 2026c")
    }

    /// Points the script's own reader answered when it wrote the table (GeoNames places and random
    /// points): this reader must answer every one alike, to the last bit of a border line.
    @Test func thisReaderAnswersAsTheScriptsReaderDid() throws {
        let url = try #require(Bundle.module.url(forResource: "time-zone-points", withExtension: "tsv", subdirectory: "Fixtures"))
        let rows = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(rows.count >= 1000)
        let map = try Self.map()
        var differ: [String] = []
        var likeTimezonefinder = 0
        for row in rows {
            let fields = row.split(separator: "\t").map(String.init)
            try #require(fields.count == 4, "\(row)")
            let latitude = try #require(Double(fields[0]))
            let longitude = try #require(Double(fields[1]))
            let answer = map.identifier(at: try Coordinate(latitude: latitude, longitude: longitude))
            if answer != fields[2] { differ.append("\(fields[0]),\(fields[1]): \(answer ?? "nil"), the script's reader \(fields[2])") }
            if answer == fields[3] { likeTimezonefinder += 1 }
        }
        #expect(differ.isEmpty, "\(differ.prefix(10))")
        // The script measures the rest; here, that the table is the one it measured.
        #expect(Double(likeTimezonefinder) >= 0.98 * Double(rows.count), "\(likeTimezonefinder) of \(rows.count) as timezonefinder")
    }
}

/// A damaged table is refused with a reason, never read.
struct TimeZoneMapIntegrityTests {
    static let bytes = TimeZoneMap.embeddedBytes

    @Test func theBuiltInBytesReadAsTheBuiltInTable() throws {
        let copy = try TimeZoneMap(bytes: Self.bytes)
        let amsterdam = Coordinate(52.3731, 4.8926)
        #expect(copy.identifier(at: amsterdam) == "Europe/Amsterdam")
        #expect(copy.identifiers == (try TimeZoneMap.bundled.get().identifiers))
    }

    @Test(arguments: [
        ("empty", 0, "fewer than its header"),
        ("header only", 48, "its sections add up to"),
        ("cut short", -1, "its sections add up to"),
    ])
    func aTruncatedTableIsRefused(_ label: String, _ length: Int, _ reason: String) {
        let cut = Array(Self.bytes.prefix(length >= 0 ? length : Self.bytes.count - 1))
        #expect(throws: TimeZoneMapError.self, "\(label)") { try TimeZoneMap(bytes: cut) }
        do {
            _ = try TimeZoneMap(bytes: cut)
        } catch {
            #expect(error.reason.contains(reason), "\(label): \(error)")
            #expect(error.description.hasPrefix("the time-zone table is damaged: "))
        }
    }

    @Test func aFlippedByteAnywhereIsCaught() {
        var offsets = [0, 4, 6, 12, 30, 40, 48, Self.bytes.count / 2, Self.bytes.count - 1]
        var generator = SystemRandomNumberGenerator()
        offsets += (0..<20).map { _ in Int.random(in: 0..<Self.bytes.count, using: &generator) }
        for offset in offsets {
            var damaged = Self.bytes
            damaged[offset] ^= 0x10
            #expect(throws: TimeZoneMapError.self, "a byte flipped at \(offset)") { try TimeZoneMap(bytes: damaged) }
        }
    }

    @Test func aDamagedTableFallsBackToTheMachinesZone() throws {
        let failure = Result<TimeZoneMap, TimeZoneMapError>.failure(TimeZoneMapError(reason: "test"))
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        #expect(TimeZoneMap.zone(at: Coordinate(52.3731, 4.8926), in: failure, fallback: tokyo) == tokyo)
        let working = Result<TimeZoneMap, TimeZoneMapError>.success(try TimeZoneMap(bytes: Self.bytes))
        #expect(TimeZoneMap.zone(at: Coordinate(52.3731, 4.8926), in: working, fallback: tokyo).identifier == "Europe/Amsterdam")
    }
}
