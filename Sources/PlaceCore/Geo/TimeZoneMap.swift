import CTimeZoneMap
public import Foundation

/// The time zone of any point on Earth, offline: an IANA zone such as `Europe/Amsterdam` on land
/// and in territorial waters, and `Etc/GMT±N` by longitude over the open sea.
///
/// A place's opening hours are read on its own clock, wherever the machine that asks is. The
/// table is made by `Scripts/make-time-zone-map.py` from timezone-boundary-builder's zones
/// (© OpenStreetMap contributors, ODbL) and embedded in the binary: a quadtree of the world
/// whose cells near a border between zones that keep different time go down to about 1 km, and whose
/// smallest cells on such a border hold the border itself as a straight line. Zones that keep the same
/// time (Amsterdam and Berlin) are told apart more coarsely; the sea beyond the coast more coarsely still.
///
/// ```swift
/// TimeZoneMap.zone(at: Coordinate(52.3731, 4.8926)).identifier  // "Europe/Amsterdam"
/// ```
public struct TimeZoneMap: Sendable {
    let table: Table

    /// Reads a table in the format `Scripts/make-time-zone-map.py` writes, checking its header,
    /// its sections' sizes and its checksum.
    /// - Throws: ``TimeZoneMapError`` when the bytes are not a whole, undamaged table.
    public init(bytes: [UInt8]) throws(TimeZoneMapError) {
        table = try Table(storage: .copy(bytes))
    }

    private init(table: Table) { self.table = table }

    /// The table built into this binary, read on first use, or why it cannot be read.
    public static let bundled: Result<TimeZoneMap, TimeZoneMapError> = {
        do throws(TimeZoneMapError) {
            let count = places_time_zone_map_count()
            guard let start = places_time_zone_map_bytes(), count > 0 else {
                throw TimeZoneMapError(reason: "the built-in table could not be inflated")
            }
            let bytes = UnsafeRawBufferPointer(start: start, count: count)
            return .success(TimeZoneMap(table: try Table(storage: .embedded(bytes))))
        } catch {
            return .failure(error)
        }
    }()

    /// The zone at `coordinate`: from the built-in table, or, should it be damaged, this machine's
    /// own zone (``bundled`` says why, for a notice).
    public static func zone(at coordinate: Coordinate) -> TimeZone {
        zone(at: coordinate, in: bundled, fallback: .current)
    }

    /// The zone at `coordinate` in `table`, else `fallback`; also where the table names a zone this
    /// machine's zone database does not know.
    package static func zone(at coordinate: Coordinate, in table: Result<TimeZoneMap, TimeZoneMapError>, fallback: TimeZone) -> TimeZone {
        guard case .success(let map) = table, let identifier = map.identifier(at: coordinate) else { return fallback }
        return NamedTimeZones.zone(identifier) ?? NamedTimeZones.zone(seaIdentifier(longitude: coordinate.longitude)) ?? fallback
    }

    /// The built-in table's bytes, copied (for tests that damage them).
    package static var embeddedBytes: [UInt8] {
        Array(UnsafeRawBufferPointer(start: places_time_zone_map_bytes(), count: places_time_zone_map_count()))
    }

    /// The IANA name of the zone at `coordinate`, or nil when the table cannot answer there (a
    /// table that passed its checks always can).
    public func identifier(at coordinate: Coordinate) -> String? {
        guard let zone = table.zoneNumber(latitude: coordinate.latitude, longitude: coordinate.longitude) else { return nil }
        return zone == 0 ? Self.seaIdentifier(longitude: coordinate.longitude) : table.names[zone - 1]
    }

    /// Every zone the table names, in its order (the open sea's `Etc/GMT±N` are not among them).
    public var identifiers: [String] { table.names }

    /// The source of the zones, as the table records it: "tbb 2026c" is timezone-boundary-builder 2026c.
    public var source: String { table.source }

    /// Nautical time: the hour of the 15° band the longitude falls in, as timezone-boundary-builder
    /// gives the high seas. POSIX signs are reversed: `Etc/GMT+5` is five hours behind UTC.
    static func seaIdentifier(longitude: Double) -> String {
        let hours = Int((-longitude / 15).rounded())
        let clamped = max(-12, min(12, hours))
        return clamped == 0 ? "Etc/GMT" : clamped > 0 ? "Etc/GMT+\(clamped)" : "Etc/GMT\(clamped)"
    }
}

/// Why the time-zone table cannot be read.
public struct TimeZoneMapError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong with the bytes, in words.
    public let reason: String

    /// Makes an error saying in words what is wrong with the bytes.
    public init(reason: String) { self.reason = reason }

    /// "the time-zone table is damaged: " followed by ``reason``.
    public var description: String { "the time-zone table is damaged: \(reason)" }
}
