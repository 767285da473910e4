import Foundation
import PlaceBytes
import PlaceCore

/// Reads the Places API's answers. Every field but the id and the name is optional: which fields
/// come back depends on `fields`, on the account's tier and on what Foursquare knows.
enum FoursquareReader {
    /// `{"results": [place, …]}`; records without a usable position are skipped (nobody can walk there).
    static func places(_ root: JSONCursor, provider: ProviderID, answeredAt: Date?) throws(JSONShapeError) -> [Place] {
        var places: [Place] = []
        for record in try root.member("results").array() {
            if let place = try place(record, provider: provider, answeredAt: answeredAt) { places.append(place) }
        }
        return places
    }

    static func place(_ record: JSONCursor, provider: ProviderID, answeredAt: Date?) throws(JSONShapeError) -> Place? {
        let id = try record.member("fsq_place_id").string()
        let name = try record.member("name").string()
        guard let latitude = try record["latitude"]?.double(), let longitude = try record["longitude"]?.double(),
            let coordinate = try? Coordinate(latitude: latitude, longitude: longitude)
        else { return nil }

        var labels: [PlaceCore.Category] = []
        var concepts = Set<PlaceConcept>()
        for category in try record["categories"]?.array() ?? [] {
            let categoryID = try category["fsq_category_id"]?.string()
            let label = try category.member("name").string()
            labels.append(PlaceCore.Category(id: categoryID, name: label))
            if let categoryID, let concept = FoursquareAPI.concepts[categoryID] {
                concepts.insert(concept)
            } else if let concept = FoursquareAPI.conceptsByName[TextFolding.words(label).joined(separator: " ")] {
                concepts.insert(concept)
            } else if FoursquareAPI.isRetail(TextFolding.words(label)) {
                concepts.insert(.retail)
            }
        }
        var tags: [String: String] = [:]
        if let brand = try record["chains"]?.array().first?["name"]?.string() { tags["brand"] = brand }

        let ratingCount = try record["stats"]?["total_ratings"]?.int()
        var photos: [Photo] = []
        for photo in try record["photos"]?.array() ?? [] {
            photos.append(
                Photo(
                    url: try photo.member("prefix").string() + "original" + photo.member("suffix").string(),
                    width: try photo["width"]?.int(), height: try photo["height"]?.int(),
                    createdAt: (try photo["created_at"]?.string()).flatMap(Self.date)))
        }
        var tips: [Tip] = []
        for tip in try record["tips"]?.array() ?? [] {
            tips.append(Tip(text: try tip.member("text").string(), createdAt: (try tip["created_at"]?.string()).flatMap(Self.date)))
        }
        return Place(
            id: PlaceID(provider: provider, nativeID: id), name: name, coordinate: coordinate,
            categories: labels, concepts: concepts,
            rating: (try record["rating"]?.double()).flatMap { Rating($0, outOf: 10, count: ratingCount) },
            price: (try record["price"]?.int()).flatMap { PriceLevel(tier: $0) },
            hours: try openingHours(record, answeredAt: answeredAt),
            address: try address(record["location"]),
            phone: try nonEmpty(record["tel"]), website: try nonEmpty(record["website"]), summary: try nonEmpty(record["description"]),
            photos: photos, tips: tips, tags: tags)
    }

    private static func address(_ location: JSONCursor?) throws(JSONShapeError) -> Address? {
        guard let location else { return nil }
        let address = Address(
            street: try nonEmpty(location["address"]), postcode: try nonEmpty(location["postcode"]),
            locality: try nonEmpty(location["locality"]), region: try nonEmpty(location["region"]),
            countryCode: try nonEmpty(location["country"])?.uppercased(), formatted: try nonEmpty(location["formatted_address"]))
        return address.isEmpty ? nil : address
    }

    private static func openingHours(_ record: JSONCursor, answeredAt: Date?) throws(JSONShapeError) -> OpeningHours? {
        let timeZone = try record["timezone"]?.string()
        // The zone alone is worth keeping: it tells when other providers' hours for this place apply.
        guard let hours = record["hours"] else { return timeZone.map { OpeningHours(timeZoneIdentifier: $0) } }
        var intervals: [OpeningHours.Interval] = []
        for regular in try hours["regular"]?.array() ?? [] {
            // day: 1 = Monday … 7 = Sunday; open "0800"; close "1800", or "+0200" for two at night.
            let open = try regular.member("open").string()
            let close = try regular.member("close").string()
            guard let weekday = OpeningHours.Weekday(rawValue: try regular.member("day").int()), !open.hasPrefix("+"),
                let opens = minutes(open), var closes = minutes(close)
            else { continue }
            // "+0200" already carries the day after; "0200" after an "0800" opening means the same.
            if !close.hasPrefix("+") && closes <= opens { closes += 1440 }
            intervals.append(OpeningHours.Interval(weekday: weekday, opens: opens, closes: closes))
        }
        var snapshot: OpeningHours.Snapshot?
        if let openNow = try hours["open_now"]?.bool(), let answeredAt {
            snapshot = OpeningHours.Snapshot(isOpen: openNow, at: answeredAt)
        }
        let result = OpeningHours(
            intervals: intervals, timeZoneIdentifier: timeZone, text: try hours["display"]?.string(), snapshot: snapshot)
        return result.isKnown || result.text != nil || timeZone != nil ? result : nil
    }

    /// "0800" → 480; "+0200" → 1560 (the next day).
    static func minutes(_ text: String) -> Int? {
        let nextDay = text.hasPrefix("+")
        let digits = nextDay ? String(text.dropFirst()) : text
        guard digits.count == 4, let value = Int(digits) else { return nil }
        let (hours, minutes) = (value / 100, value % 100)
        guard (0..<24).contains(hours) || (hours == 24 && minutes == 0), (0..<60).contains(minutes) else { return nil }
        return hours * 60 + minutes + (nextDay ? 1440 : 0)
    }

    /// "2019-05-01T10:00:00.000Z"
    static func date(_ text: String) -> Date? {
        ISO8601Text.parse(text)
    }

    /// Nil for absent, null, empty or blank strings: APIs send "" where they mean "unknown".
    private static func nonEmpty(_ field: JSONCursor?) throws(JSONShapeError) -> String? {
        guard let text = try field?.string(), !text.allSatisfy(\.isWhitespace) else { return nil }
        return text
    }
}
