import Foundation
import PlaceBytes
import PlaceCore

/// Reads ParkShark's answers: the rows of the cost calculation and the meter records.
enum ParkSharkReader {
    /// A `results` row (fmt 0): `[meterNumber, totalCost, distanceMeters, match, internalIndex]`.
    struct CostRow: Equatable {
        var meter: String
        /// Euros for the whole stay; negative when the server could not calculate it.
        var cost: Double
        var distance: Double
        var match: Int
    }

    /// An `advice` row: `[meterNumber ("" for a garage), totalCost, distanceMeters, address, lat, lon, order, internalIndex]`.
    /// `get_meters_in_box` answers rows of the same shape with cost and distance 0.
    struct AdviceRow: Equatable {
        var meter: String
        var cost: Double
        var distance: Double
        var address: String
        var latitude: Double
        var longitude: Double
        var index: Int
    }

    /// One `get_meters` item.
    struct Meter: Equatable {
        var number: String
        var latitude: Double
        var longitude: Double
        var address: String?
        var postcode: String?
        var town: String?
        var district: String?
        var paymentMethods: [String]
        var tariff: ParkingTariff?
    }

    static func cost(_ root: JSONCursor) throws(JSONShapeError) -> (results: [CostRow], advice: [AdviceRow]) {
        var results: [CostRow] = []
        for row in try root.member("results").array() {
            let cells = try row.array()
            guard cells.count >= 4 else { throw JSONShapeError(path: row.path, expected: "a row of at least 4 cells", found: "\(cells.count)") }
            results.append(
                CostRow(meter: try text(cells[0]), cost: try cells[1].double(), distance: try cells[2].double(), match: try cells[3].int()))
        }
        let advice = try root["advice"].map { cursor throws(JSONShapeError) in try rows(cursor) } ?? []
        return (results, advice)
    }

    static func rows(_ cursor: JSONCursor) throws(JSONShapeError) -> [AdviceRow] {
        var rows: [AdviceRow] = []
        for row in try cursor.array() {
            let cells = try row.array()
            guard cells.count >= 6 else { throw JSONShapeError(path: row.path, expected: "a row of at least 6 cells", found: "\(cells.count)") }
            rows.append(
                AdviceRow(
                    meter: try text(cells[0]), cost: try cells[1].double(), distance: try cells[2].double(), address: try cells[3].string(),
                    latitude: try cells[4].double(), longitude: try cells[5].double(),
                    index: cells.count > 7 ? (try? cells[7].int()) ?? rows.count : rows.count))
        }
        return rows
    }

    /// The meters of a `get_meters` answer; an unknown number comes back as null and is skipped.
    static func meters(_ root: JSONCursor) throws(JSONShapeError) -> [Meter] {
        var meters: [Meter] = []
        for item in try root.member("items").array() where item.value != .null {
            let number = try item["belnummer"].map { cursor throws(JSONShapeError) in try text(cursor) } ?? ""
            var methods: [String] = []
            if let bw = item["bw"] {
                // ParkShark's `chip` is the Chipknip; the cost call's `methods` spells it `chipknip`.
                for (key, name) in [("cash", "cash"), ("pin", "pin"), ("creditcard", "creditcard"), ("chip", "chipknip")]
                where try bw[key]?.bool() == true { methods.append(name) }
            }
            meters.append(
                Meter(
                    number: number, latitude: try item.member("lat").double(), longitude: try item.member("lon").double(),
                    address: try nonEmpty(item["adres"]), postcode: try nonEmpty(item["postcode"]), town: try nonEmpty(item["woonplaats"]),
                    district: try nonEmpty(item["stadsdeel"]), paymentMethods: methods, tariff: try item["costs"].flatMap(tariff)))
        }
        return meters
    }

    /// A tariff from `costs`; nil when the server had none (a negative `cost`, as for garages).
    static func tariff(_ costs: JSONCursor) throws(JSONShapeError) -> ParkingTariff? {
        let rate = try costs.member("cost").double()
        guard rate >= 0 else { return nil }
        var windows: [ParkingTariff.PaidWindow?] = []
        for day in try costs["days"]?.array() ?? [] {
            let start = try day.member("start").double()
            let end = try day.member("end").double()
            // `{start: 0, end: 0}` is a day without paid hours.
            windows.append(end > start ? ParkingTariff.PaidWindow(start: start, end: end) : nil)
        }
        guard windows.count == 7 else {
            throw JSONShapeError(path: costs.path + ".days", expected: "7 days (Sunday first)", found: "\(windows.count)")
        }
        var introductory: ParkingTariff.Introductory?
        if let first = costs["first"], try first["combination"]?.string().lowercased() == "y" {
            introductory = ParkingTariff.Introductory(hours: try first.member("hrs").double(), hourlyRate: try first.member("price").double())
        }
        let maximumHours = try costs["max"]?.double() ?? 0
        return ParkingTariff(
            hourlyRate: rate, paidHours: windows, introductory: introductory, maximumStay: maximumHours > 0 ? maximumHours * 3600 : nil,
            dailyCapHours: 9, timeZoneIdentifier: ParkSharkAPI.timeZone.identifier)
    }

    /// Meter numbers are strings in most answers and bare numbers in some (`find_nearest`).
    private static func text(_ cursor: JSONCursor) throws(JSONShapeError) -> String {
        if case .number(let literal) = cursor.value { return literal }
        return try cursor.string()
    }

    private static func nonEmpty(_ cursor: JSONCursor?) throws(JSONShapeError) -> String? {
        guard let text = try cursor?.string().trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        return text
    }
}
