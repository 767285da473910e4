import Foundation
import PlaceBytes
import PlaceCore

/// Reads the JSON shapes a recommendation feed comes in (listed on ``RecommendationFeedProvider``)
/// into places, naming every entry it has to leave out.
enum RecommendationFeedReader {
    /// The document is none of the feed shapes.
    struct ShapeError: Error, Sendable {
        let message: String
    }

    /// More would be no reward but a typo, and sums of such awards could overflow a ledger.
    static let maximumPoints = 1_000_000
    static let maximumRadius = 5000.0
    /// 9999-12-31T23:59:59Z: later "expiries" are typos (or milliseconds too many).
    static let latestTime = 253_402_300_799.0

    static func read(_ root: JSONValue, location: String) throws(ShapeError) -> RecommendationFeed {
        let document = try Document(root)
        let feedName = document.name ?? location
        var places: [Place] = []
        var skipped: [FeedIssue] = []
        var positions: [String: Int] = [:]
        var eventEnds: [String: Result<Date?, EntryError>] = [:]
        for entry in document.entries {
            var eventEnd: Result<Date?, EntryError> = .success(nil)
            if let group = entry.group {
                let known = eventEnds[group] ?? Self.eventEnd(group: group, events: document.events)
                eventEnds[group] = known
                eventEnd = known
            }
            switch Self.place(entry, feed: feedName, eventEnd: eventEnd) {
            case .failure(let error):
                skipped.append(FeedIssue(position: entry.position, id: error.id ?? entry.key, reason: error.reason))
            case .success(let place):
                let id = place.id.nativeID
                if let first = positions[id] {
                    skipped.append(FeedIssue(position: entry.position, id: id, reason: "duplicate id \(id) (entry \(first) has it)"))
                    continue
                }
                positions[id] = entry.position
                places.append(place)
            }
        }
        return RecommendationFeed(name: feedName, places: places, skipped: skipped)
    }

    // MARK: - Shapes

    struct Entry {
        /// 1-based, in document order across every group.
        let position: Int
        /// The object key that holds it (Firebase shapes), which is then its id.
        let key: String?
        /// The Firebase event group it sits in (`event-1`).
        let group: String?
        let value: JSONValue
    }

    struct Document {
        var name: String?
        var entries: [Entry] = []
        var events: JSONValue?

        static let expected =
            #"expected {"recommendations": [...]}, an array of recommendations, or an object keyed by recommendation id (a Firebase export)"#

        init(_ root: JSONValue) throws(ShapeError) {
            switch root {
            case .array(let values):
                append(values.map { (nil, nil, $0) })
            case .object(let object):
                name = object["name"]?.stringValue.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : $0 }
                events = object["events"]
                if let list = object["recommendations"] {
                    switch list {
                    case .array(let values):
                        append(values.map { (nil, nil, $0) })
                    case .object(let keyed):
                        for member in keyed.members {
                            if let group = Self.group(member.value) {
                                append(group.members.map { ($0.key, member.key, $0.value) })
                            } else {
                                append([(member.key, nil, member.value)])
                            }
                        }
                    default:
                        throw ShapeError(message: "\"recommendations\" must be an array or an object keyed by id, not \(list.typeName)")
                    }
                } else {
                    let members = object.members.filter { $0.key != "name" && $0.key != "events" }
                    guard members.contains(where: { $0.value.objectValue != nil }) else {
                        throw ShapeError(message: "\(Self.expected); found an object without any")
                    }
                    append(members.map { ($0.key, nil, $0.value) })
                }
            default:
                throw ShapeError(message: "\(Self.expected), not \(root.typeName)")
            }
        }

        /// Firebase writes `null` for a deleted child of a list: not an entry at all.
        private mutating func append(_ values: [(key: String?, group: String?, value: JSONValue)]) {
            for item in values where item.value != .null {
                entries.append(Entry(position: entries.count + 1, key: item.key, group: item.group, value: item.value))
            }
        }

        /// An event's recommendations (`{"-Nabc": {...}, "-Nabd": {...}}`): a non-empty object whose
        /// members are all objects. A recommendation always has plain fields, so it is never one.
        private static func group(_ value: JSONValue) -> JSONObject? {
            guard case .object(let object) = value, !object.members.isEmpty,
                object.members.allSatisfy({ $0.value.objectValue != nil })
            else { return nil }
            return object
        }
    }

    // MARK: - Entries

    struct EntryError: Error {
        var id: String?
        var reason: String
    }

    static func place(_ entry: Entry, feed: String, eventEnd: Result<Date?, EntryError>) -> Result<Place, EntryError> {
        Result { () throws(EntryError) -> Place in try readPlace(entry, feed: feed, eventEnd: eventEnd) }
    }

    private static func readPlace(_ entry: Entry, feed: String, eventEnd: Result<Date?, EntryError>) throws(EntryError) -> Place {
        guard case .object(let object) = entry.value else {
            throw EntryError(reason: "expected an object, found \(entry.value.typeName)")
        }
        let id = try identifier(entry, object)
        func fail(_ reason: String) -> EntryError { EntryError(id: id, reason: reason) }
        func field(_ names: String...) -> (name: String, value: JSONValue)? {
            for name in names {
                if let value = object[name], value != .null { return (name, value) }
            }
            return nil
        }

        guard let nameValue = field("name")?.value else { throw fail("no name") }
        guard let name = nameValue.stringValue?.trimmingCharacters(in: .whitespacesAndNewlines) else {
            throw fail("name: expected a string, found \(nameValue.typeName)")
        }
        guard !name.isEmpty else { throw fail("the name is empty") }

        guard let descriptionField = field("description", "desc") else { throw fail("no description") }
        let descriptionValue = descriptionField.value
        guard let description = descriptionValue.stringValue?.trimmingCharacters(in: .whitespacesAndNewlines) else {
            throw fail("\(descriptionField.name): expected a string, found \(descriptionValue.typeName)")
        }

        let latitude = try coordinate(field("latitude", "lat"), what: "latitude", limit: 90, fail: fail)
        let longitude = try coordinate(field("longitude", "lon", "lng"), what: "longitude", limit: 180, fail: fail)
        let position: Coordinate
        do {
            position = try Coordinate(latitude: latitude, longitude: longitude)
        } catch {
            throw fail(error.description)
        }

        guard let pointsValue = field("points")?.value else { throw fail("no points") }
        guard let number = Self.number(pointsValue) else { throw fail("points: expected a whole number, found \(pointsValue.typeName)") }
        guard number >= 0 else { throw fail("negative points (\(literal(pointsValue)))") }
        guard number.rounded() == number else { throw fail("points: expected a whole number, found \(literal(pointsValue))") }
        guard number <= Double(maximumPoints) else { throw fail("points \(literal(pointsValue)) is more than \(maximumPoints)") }
        let points = Int(number)

        var radius: Double?
        if let radiusValue = field("radius")?.value {
            guard let meters = Self.number(radiusValue) else { throw fail("radius: expected metres, found \(radiusValue.typeName)") }
            guard meters > 0, meters <= maximumRadius else {
                throw fail("radius \(literal(radiusValue)) m is out of range (above 0, at most \(Int(maximumRadius)) m)")
            }
            radius = meters
        }

        var expires: Date?
        if let expiry = field("expires", "end") {
            let (expiresField, expiresValue) = expiry
            guard let moment = time(expiresValue) else {
                throw fail("\(expiresField) \(literal(expiresValue)) is neither an ISO 8601 time nor Unix seconds")
            }
            expires = moment
        } else {
            switch eventEnd {
            case .success(let end): expires = end
            case .failure(let error): throw fail(error.reason)
            }
        }

        return Place(
            id: PlaceID(provider: RecommendationFeedProvider.providerID, nativeID: id), name: name, coordinate: position,
            summary: description.isEmpty ? nil : description,
            recommendation: RecommendationOffer(points: points, radius: radius, expires: expires, feed: feed),
            tags: entry.group.map { ["event": $0] } ?? [:])
    }

    /// The object key in the Firebase shapes, else the `id` field (a string or a whole number).
    private static func identifier(_ entry: Entry, _ object: JSONObject) throws(EntryError) -> String {
        let id: String
        if let key = entry.key {
            id = key
        } else {
            switch object["id"] {
            case nil, .null?:
                throw EntryError(reason: "no id")
            case .string(let text)?:
                id = text.trimmingCharacters(in: .whitespacesAndNewlines)
            case .number(let literal)?:
                guard let whole = Int64(literal) ?? Double(literal).flatMap({ Int64(exactly: $0) }) else {
                    throw EntryError(reason: "id: expected a string or a whole number, found \(literal)")
                }
                id = String(whole)
            case let other?:
                throw EntryError(reason: "id: expected a string or a whole number, found \(other.typeName)")
            }
        }
        guard !id.isEmpty else { throw EntryError(reason: "the id is empty") }
        guard (try? PlaceID(parsing: "\(RecommendationFeedProvider.providerID):\(id)")) != nil else {
            throw EntryError(id: id, reason: "the id has spaces; ids are used as feed:ID")
        }
        return id
    }

    private static func coordinate(
        _ field: (name: String, value: JSONValue)?, what: String, limit: Double, fail: (String) -> EntryError
    ) throws(EntryError) -> Double {
        guard let field else { throw fail("no \(what)") }
        guard let value = number(field.value) else { throw fail("\(field.name): expected a number, found \(field.value.typeName)") }
        guard abs(value) <= limit else {
            throw fail("\(what) \(literal(field.value)) is out of range (-\(Int(limit))…\(Int(limit)))")
        }
        return value
    }

    // MARK: - Events and values

    /// The `end` of the event a group belongs to: `recommendations/event-1/…` ends with
    /// `events/1` (or `events/event-1`, or the event whose `id` is 1; an exported list is indexed by id).
    static func eventEnd(group: String, events: JSONValue?) -> Result<Date?, EntryError> {
        guard let events else { return .success(nil) }
        let eventID = group.hasPrefix("event-") ? String(group.dropFirst("event-".count)) : group
        func hasID(_ event: JSONValue) -> Bool {
            switch event["id"] {
            case .string(let text)?: text == eventID
            case .number(let literal)?: literal == eventID
            default: false
            }
        }
        var event: JSONValue?
        switch events {
        case .object(let object):
            event = object[eventID] ?? object[group] ?? object.members.first { hasID($0.value) }?.value
        case .array(let list):
            if let index = Int(eventID), list.indices.contains(index), list[index].objectValue != nil {
                event = list[index]
            } else {
                event = list.first(where: hasID)
            }
        default:
            break
        }
        guard let end = event?["end"], end != .null else { return .success(nil) }
        guard let moment = time(end) else {
            return .failure(EntryError(reason: "its event \(group) ends at \(literal(end)), which is neither an ISO 8601 time nor Unix seconds"))
        }
        return .success(moment)
    }

    /// A number, or a string holding one (some exports quote them).
    static func number(_ value: JSONValue) -> Double? { value.decimalValue }

    /// ISO 8601 text, or Unix seconds (a number, or a string of digits); above 10¹¹ milliseconds,
    /// as Firebase server timestamps are.
    static func time(_ value: JSONValue) -> Date? {
        if case .string(let text) = value, let date = ISO8601Text.parse(text.trimmingCharacters(in: .whitespaces)) {
            return date.timeIntervalSince1970 <= latestTime ? date : nil
        }
        // Feeds are of this era: nothing before 1970 or after 9999.
        guard let moment = number(value).flatMap(JSONValue.unixMoment), moment.timeIntervalSince1970 >= 0,
            moment.timeIntervalSince1970 <= latestTime
        else { return nil }
        return moment
    }

    /// A value as written, for messages: `95`, `'tomorrow'`, `an object`.
    static func literal(_ value: JSONValue) -> String {
        switch value {
        case .number(let literal): literal
        case .string(let text): "'\(text.count > 40 ? String(text.prefix(40)) + "…" : text)'"
        default: value.typeName
        }
    }
}
