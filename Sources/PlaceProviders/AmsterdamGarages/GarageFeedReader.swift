import Foundation
import PlaceBytes
import PlaceCore

/// Reads the City of Amsterdam's garage-occupancy feed (`ParkingLocation.json`): a GeoJSON
/// FeatureCollection whose properties are all strings.
///
/// The real feed is untidy, and every quirk below was seen in a real snapshot (2023-02-23):
/// - counts are strings, and empty strings where a garage has no long-stay section;
/// - `State: "error"` rows with every count 0: the sensor is out, which says nothing about room;
/// - `State: "ok"` rows with capacity 0 (a garage that does not count), and a negative free count;
/// - `Status: "VOL"` (full) beside `State: "ok"`;
/// - a test entry named "Dummy …" far outside the city;
/// - bicycle garages (codes with `FP`, such as "CE-FP08 Beursplein") and coach parks (`PT`, "Touringcars").
enum GarageFeedReader {
    struct Skipped: Equatable {
        var name: String
        var reason: String
    }

    static func read(_ root: JSONCursor, provider: ProviderID) throws(JSONShapeError) -> (places: [Place], skipped: [Skipped]) {
        var places: [Place] = []
        var skipped: [Skipped] = []
        for feature in try root.member("features").array() {
            let properties = try feature.member("properties")
            let name = try properties["Name"]?.string().trimmingCharacters(in: .whitespaces) ?? ""
            let id = try feature["Id"]?.string() ?? ""
            guard !id.isEmpty else {
                skipped.append(Skipped(name: name, reason: "no Id"))
                continue
            }
            if name.isEmpty || name.lowercased().hasPrefix("dummy") {
                skipped.append(Skipped(name: name, reason: "a test entry"))
                continue
            }
            let (reference, label) = split(name)
            // The code's second part says what the place is for: FP is a bicycle garage
            // (fietsparkeren), PT a coach park; neither takes a car.
            let codeParts = reference?.split(separator: "-").dropFirst() ?? []
            if codeParts.contains(where: { $0.hasPrefix("FP") }) {
                skipped.append(Skipped(name: name, reason: "bicycle parking"))
                continue
            }
            if codeParts.contains(where: { $0.hasPrefix("PT") }) || name.lowercased().contains("touringcar") {
                skipped.append(Skipped(name: name, reason: "coach parking"))
                continue
            }
            guard let coordinate = try position(feature) else {
                skipped.append(Skipped(name: name, reason: "no usable position"))
                continue
            }
            let kind: ParkingOffer.Kind = label.contains("P+R") || reference?.contains("PR") == true ? .parkAndRide : .garage
            let offer = ParkingOffer(kind: kind, reference: reference, availability: try availability(properties))
            places.append(
                Place(
                    id: PlaceID(provider: provider, nativeID: id), name: label, coordinate: coordinate,
                    categories: [Category(name: kind == .parkAndRide ? "Park and ride" : "Parking garage")], concepts: [.parking],
                    address: Address(locality: "Amsterdam", countryCode: "NL"), parking: offer,
                    tags: reference.map { ["reference": $0] } ?? [:]))
        }
        return (places, skipped)
    }

    /// What the counts say, read the way the city meant them.
    static func availability(_ properties: JSONCursor) throws(JSONShapeError) -> ParkingAvailability {
        let state = try properties["State"]?.string().lowercased()
        let status = try properties["Status"]?.string().uppercased()
        let observed = try properties["PubDate"]?.string()
        let observedAt = observed.flatMap { ISO8601Text.parse($0) }
        let free = try count(properties["FreeSpaceShort"])
        let capacity = try count(properties["ShortCapacity"])
        var longFree = try count(properties["FreeSpaceLong"])
        var longCapacity = try count(properties["LongCapacity"])
        if longCapacity == 0 || (longFree ?? 0) < 0 { (longFree, longCapacity) = (nil, nil) }
        func result(_ state: ParkingAvailability.State, free: Int? = nil, capacity: Int? = nil) -> ParkingAvailability {
            ParkingAvailability(
                state: state, free: free, capacity: capacity, longStayFree: longFree, longStayCapacity: longCapacity, observedAt: observedAt)
        }
        // A sensor error is not a full garage.
        guard state == "ok" else { return result(.unknown) }
        if status == "VOL" { return result(.full, free: 0, capacity: capacity) }
        guard let capacity, capacity > 0, let free, free >= 0 else { return result(.unknown) }
        return result(free == 0 ? .full : .available, free: min(free, capacity), capacity: capacity)
    }

    /// "CE-P09 Bijenkorf" → ("CE-P09", "Bijenkorf"); a name without a code stays whole.
    static func split(_ name: String) -> (reference: String?, label: String) {
        guard let space = name.firstIndex(of: " ") else { return (nil, name) }
        let code = name[..<space]
        let looksLikeCode = code.contains("-") && code.allSatisfy { $0.isUppercase || $0.isNumber || $0 == "-" }
        guard looksLikeCode else { return (nil, name) }
        let label = name[name.index(after: space)...].trimmingCharacters(in: .whitespaces)
        return (String(code), label.isEmpty ? name : label)
    }

    /// A count as the feed writes it: "19", "", or now and then a number.
    private static func count(_ cursor: JSONCursor?) throws(JSONShapeError) -> Int? {
        guard let cursor else { return nil }
        switch cursor.value {
        case .string(let text):
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { return nil }
            guard let value = Int(trimmed) else { throw JSONShapeError(path: cursor.path, expected: "a count", found: "\"\(text)\"") }
            return value
        case .number: return try cursor.int()
        default: throw JSONShapeError(path: cursor.path, expected: "a count", found: cursor.value.typeName)
        }
    }

    private static func position(_ feature: JSONCursor) throws(JSONShapeError) -> Coordinate? {
        guard let geometry = feature["geometry"], try geometry["type"]?.string() == "Point" else { return nil }
        let numbers = try geometry.member("coordinates").array()
        guard numbers.count >= 2 else { return nil }
        // GeoJSON order: longitude first.
        return try? Coordinate(latitude: try numbers[1].double(), longitude: try numbers[0].double())
    }
}
