import PlaceBytes
import PlaceCore
import Foundation

/// Reads gpsd's JSON reports, one per line, as `gpspipe -w` writes them; live from stdin, each fix
/// is yielded as soon as its line arrives.
///
/// Only `TPV` reports with a fix (`mode` 2 or 3) are used: `lat`, `lon`, `time`; the accuracy is `eph`
/// (metres, about 68 %), else the larger of `epx` and `epy`; the elevation is `altMSL`, else `alt`
/// (older gpsd), else `altHAE` (above the ellipsoid, tens of metres off sea level but better than
/// none); `speed` (m/s) and `track` (degrees). Every other class (`VERSION`, `DEVICES`, `WATCH`,
/// `SKY`, `ATT`, `PPS`, …) and a TPV without a fix (`mode` 0 or 1: normal while the receiver
/// starts) are passed over silently. A line that is not a JSON object with a `class` is skipped.
enum GPSDTraceReader {
    static func make(window: ByteWindow) -> JSONLinesTraceReader {
        JSONLinesTraceReader(window: window, interpret: item)
    }

    /// The item for one report, or nil when it is passed over.
    static func item(_ bytes: UnsafeBufferPointer<UInt8>, line: Int) -> TraceItem? {
        func skipped(_ problem: String) -> TraceItem {
            .skipped(TraceIssue(location: "line \(line)", problem: problem + "; skipped"))
        }
        let value: JSONValue
        do {
            value = try JSONValue.parse(line: bytes)
        } catch {
            return skipped("not JSON (\(error.message))")
        }
        guard case .object(let object) = value else { return skipped("\(value.typeName), not a gpsd report") }
        guard let reportClass = object["class"]?.stringValue else { return skipped("a report without a \"class\"") }
        guard reportClass == "TPV" else { return nil }
        if let mode = object["mode"]?.intValue, mode < 2 { return nil }
        let latitude = TraceFields.number(object["lat"])
        let longitude = TraceFields.number(object["lon"])
        guard let latitude, let longitude else {
            // A TPV without a mode and without a position is a receiver with nothing to say yet.
            if object["mode"] == nil { return nil }
            return skipped("a TPV with mode \(object["mode"]?.intValue ?? 0) but no lat/lon")
        }
        let coordinate: Coordinate
        do {
            coordinate = try Coordinate(latitude: latitude, longitude: longitude)
        } catch {
            return skipped(TraceFields.describe(error))
        }
        var time: Date?
        if let member = object["time"], member != .null {
            guard let parsed = TraceFields.time(member) else {
                return skipped(TraceFields.describeBadTime(key: "time", member))
            }
            time = parsed
        }
        var accuracy = TraceFields.number(object["eph"])
        if accuracy == nil {
            let epx = TraceFields.number(object["epx"])
            let epy = TraceFields.number(object["epy"])
            if let epx, let epy {
                accuracy = max(epx, epy)
            } else {
                accuracy = epx ?? epy
            }
        }
        let elevation =
            TraceFields.number(object["altMSL"]) ?? TraceFields.number(object["alt"])
            ?? TraceFields.number(object["altHAE"])
        return .fix(
            LocationFix(
                coordinate: coordinate, time: time, horizontalAccuracy: accuracy, elevation: elevation,
                speed: TraceFields.number(object["speed"]), course: TraceFields.number(object["track"])))
    }
}
