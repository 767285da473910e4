import Foundation
import HTTPTypes
import PlaceBytes
import PlaceCore
import PlaceHTTP

/// The requests of the ParkShark API (`api.parkshark.nl/psapi/api.jsp`): plain HTTP, keyless, GET.
///
/// One JSP answers everything; `action` picks the function, and no `action` is the cost
/// calculation. The live service is gone (it ran 2012–2014+), so what we know of it comes from
/// its server source and API page; see ../shared/api-formats.md §1.
enum ParkSharkAPI {
    static let host = "api.parkshark.nl"
    static let path = "/psapi/api.jsp"
    /// The meters are Amsterdam's, and so are the paid hours.
    static let timeZone = TimeZone(identifier: "Europe/Amsterdam") ?? TimeZone(secondsFromGMT: 3600) ?? .gmt
    static let defaultPaymentMethods = ["cash", "pin"]
    static let knownPaymentMethods = ["cash", "pin", "creditcard", "chipknip"]

    /// The cost of `stay` at every meter, nearest first: `day` counts **0 = Sunday** (JavaScript's
    /// `getDay()`), `duration` is in hours and may be fractional.
    static func costRequest(focus: Coordinate, stay: Stay, methods: [String]) -> HTTPRequest {
        let (day, hour, minute) = arrivalParts(stay.arrival)
        let parameters: [(String, String)] = [
            ("day", String(day)), ("hr", String(hour)), ("min", String(minute)),
            ("duration", NumberText.trimmed(stay.hours, 4)),
            ("lat", NumberText.fixed(focus.latitude, 6)), ("lon", NumberText.fixed(focus.longitude, 6)),
            ("methods", (methods.isEmpty ? defaultPaymentMethods : methods).joined(separator: ",")),
        ]
        return get(parameters)
    }

    /// Address, position and tariff of each numbered meter, one `items` entry per number.
    /// The numbers go in numeric order: the server does not care, and one set is one request.
    static func metersRequest(_ numbers: [String]) -> HTTPRequest {
        let ordered = Set(numbers).sorted { $0.count != $1.count ? $0.count < $1.count : $0 < $1 }
        return get([("action", "get_meters"), ("meternumbers", ordered.joined(separator: ","))])
    }

    /// Every meter in a box, as advice-shaped rows without cost or distance. The box is widened
    /// to a grid of 0.001° (about 100 m), so that points close together ask the same question.
    static func boxRequest(_ box: BoundingBox) -> HTTPRequest {
        func snap(_ value: Double, _ rule: FloatingPointRoundingRule) -> String {
            NumberText.fixed((value * 1000).rounded(rule) / 1000, 3)
        }
        return get([
            ("action", "get_meters_in_box"),
            ("north", snap(box.north, .up)), ("south", snap(box.south, .down)),
            ("east", snap(box.east, .up)), ("west", snap(box.west, .down)),
        ])
    }

    /// Weekday (0 = Sunday), hour and minute of the arrival on Amsterdam's clock.
    static func arrivalParts(_ arrival: Date) -> (day: Int, hour: Int, minute: Int) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.weekday, .hour, .minute], from: arrival)
        return ((parts.weekday ?? 1) - 1, parts.hour ?? 0, parts.minute ?? 0)
    }

    private static func get(_ parameters: [(String, String)]) -> HTTPRequest {
        var fields = HTTPFields()
        fields[.accept] = "application/json"
        return HTTPRequest(method: .get, scheme: "http", authority: host, path: path + "?" + QueryString.encode(parameters), headerFields: fields)
    }
}
