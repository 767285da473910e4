public import Foundation
import PlaceBytes
public import PlaceCore

/// The JSON a plugin speaks, version 1 (documented in docs/live.md, "Provider plugins"):
///
/// - `EXE describe` prints `{"protocol": 1, "id": "NAME", "categories": ["coffee", …], "needs": []}`.
/// - `EXE search` reads `{"protocol": 1, "category": "coffee", "near": {"lat": …, "lon": …},
///   "radius_m": …, "limit": …}` on stdin and prints `{"places": [{"id", "name", "lat", "lon",
///   "categories"?, "rating"? {"value", "scale", "count"?}, "address"?, "opening_hours"?, "url"?}]}`.
///
/// Everything a plugin prints is checked here before it becomes a ``Place``: one field out of
/// bounds fails the whole answer, so nothing unvalidated reaches a ranking or the store.
public enum PluginProtocol {
    /// The protocol version `places` speaks; `describe` must give the same.
    public static let version = 1

    /// What `describe` says.
    public struct Description: Sendable, Equatable {
        /// The plugin's provider id: letters, digits, `-` and `_`, at most 40 characters.
        public let id: String
        /// The categories it answers, at least one.
        public let categories: [SearchCategory]
        /// The texts of its `needs` list (empty when it has none); `places` does not act on them yet.
        public let needs: [String]
    }

    /// Why a plugin's words cannot be used.
    public struct Problem: Error, Sendable, CustomStringConvertible {
        /// What is wrong, in words, mostly led by the command: `describe: no "categories" list`.
        public let description: String
    }

    /// Reads what `describe` printed.
    /// - Throws: ``Problem`` when it is not a JSON object, speaks another protocol version, or has an unusable id or categories.
    public static func description(_ data: Data) throws(Problem) -> Description {
        let root = try object(data)
        guard let version = root["protocol"]?.doubleValue, version == Double(Self.version) else {
            let given = root["protocol"].map { $0.doubleValue.map { NumberText.trimmed($0, 3) } ?? $0.serialized() } ?? "none"
            throw Problem(description: "describe: speaks protocol \(given), places speaks \(Self.version)")
        }
        guard let id = root["id"]?.stringValue, isID(id) else {
            throw Problem(description: "describe: \"id\" must be letters, digits and - (at most 40)")
        }
        guard case .array(let values)? = root["categories"] else { throw Problem(description: "describe: no \"categories\" list") }
        let categories = values.compactMap(\.stringValue).filter { isID($0) }.map(SearchCategory.init(rawValue:))
        guard categories.count == values.count, !categories.isEmpty else {
            throw Problem(description: "describe: \"categories\" must be names such as coffee or parking")
        }
        let needs: [String]
        if case .array(let list)? = root["needs"] { needs = list.compactMap(\.stringValue) } else { needs = [] }
        return Description(id: id, categories: categories, needs: needs)
    }

    /// The JSON that `search` reads on stdin for `request`: its category, focus, radius in whole metres and limit.
    public static func request(_ request: SearchRequest) -> Data {
        let value: JSONValue = [
            "protocol": JSONValue(Self.version),
            "category": .string(request.category.rawValue),
            "near": ["lat": .number(NumberText.trimmed(request.focus.latitude, 7)), "lon": .number(NumberText.trimmed(request.focus.longitude, 7))],
            "radius_m": JSONValue(Int(request.radius.rounded())),
            "limit": JSONValue(request.limit),
        ]
        return Data(value.serialized().utf8)
    }

    /// The places of a `search` answer, checked one by one.
    public static func places(_ data: Data, provider: ProviderID, category: SearchCategory) throws(Problem) -> [Place] {
        let root = try object(data)
        guard case .array(let entries)? = root["places"] else { throw Problem(description: "search: no \"places\" list in the answer") }
        var places: [Place] = []
        var seen: Set<String> = []
        for (index, entry) in entries.enumerated() {
            let place = try place(entry, number: index + 1, provider: provider, category: category)
            guard seen.insert(place.id.nativeID).inserted else {
                throw Problem(description: "search: place \(index + 1) repeats the id '\(place.id.nativeID)'")
            }
            places.append(place)
        }
        return places
    }

    private static func place(_ entry: JSONValue, number: Int, provider: ProviderID, category: SearchCategory) throws(Problem) -> Place {
        func fail(_ why: String) -> Problem { Problem(description: "search: place \(number): \(why)") }
        guard case .object = entry else { throw fail("is not an object") }
        guard let id = entry["id"]?.stringValue ?? entry["id"]?.doubleValue.map({ String(Int64($0)) }), !id.isEmpty, id.count <= 200,
            isPlainText(id)
        else { throw fail("\"id\" must be a text of at most 200 characters") }
        guard let name = entry["name"]?.stringValue?.trimmingCharacters(in: .whitespaces), !name.isEmpty, name.count <= 300, isPlainText(name)
        else { throw fail("\"name\" must be a text of at most 300 characters") }
        guard let latitude = entry["lat"]?.doubleValue, let longitude = entry["lon"]?.doubleValue,
            let coordinate = try? Coordinate(latitude: latitude, longitude: longitude)
        else { throw fail("\"lat\" and \"lon\" must be a position on the globe") }
        var categories: [PlaceCore.Category] = []
        if case .array(let names)? = entry["categories"] {
            for value in names.prefix(20) {
                guard let text = value.stringValue, !text.isEmpty, text.count <= 100, isPlainText(text) else {
                    throw fail("a category is not a short text")
                }
                categories.append(PlaceCore.Category(name: text))
            }
        }
        var rating: Rating?
        if let given = entry["rating"], given != .null {
            guard let value = given["value"]?.doubleValue, let scale = given["scale"]?.doubleValue, scale > 0, scale <= 100,
                (0...scale).contains(value)
            else { throw fail("\"rating\" needs a value between 0 and its scale (at most 100)") }
            let count = given["count"]?.doubleValue.flatMap { $0 >= 0 && $0 < 1e9 ? Int($0) : nil }
            rating = Rating(value, outOf: scale, count: count)
        }
        let address = try optionalText(entry["address"], "address", limit: 500, fail: fail)
        let url = try optionalText(entry["url"], "url", limit: 2000, fail: fail)
        if let url, !(url.hasPrefix("https://") || url.hasPrefix("http://")) { throw fail("\"url\" must be an http(s) URL") }
        let hoursText = try optionalText(entry["opening_hours"], "opening_hours", limit: 500, fail: fail)
        var tags: [String: String] = [:]
        if let hoursText { tags["opening_hours"] = hoursText }
        return Place(
            id: PlaceID(provider: provider, nativeID: id), name: name, coordinate: coordinate, categories: categories,
            concepts: concepts(categories, category: category), rating: rating,
            hours: hoursText.flatMap { OSMTags.hours(["opening_hours": $0]) },
            address: address.map { Address(formatted: $0) }, website: url,
            parking: category == .parking ? ParkingOffer(kind: .lot) : nil, tags: tags)
    }

    /// What the plugin's categories mean to the ranking: `coffee` is coffee's trade, `cafe` a café.
    static func concepts(_ categories: [PlaceCore.Category], category: SearchCategory) -> Set<PlaceConcept> {
        var concepts: Set<PlaceConcept> = []
        for name in categories.map({ $0.name.lowercased() }) {
            switch name {
            case "coffee", "coffee shop", "coffee_shop", "espresso bar": concepts.insert(.coffeeShop)
            case "cafe", "café": concepts.insert(.cafe)
            case "tea", "bubble tea", "bubble_tea", "cannabis", "bakery", "restaurant", "bar":
                concepts.insert(PlaceConcept(rawValue: name.replacingOccurrences(of: " ", with: "_")))
            default: break
            }
        }
        if concepts.isEmpty, category == .coffee { concepts.insert(.cafe) }
        return concepts
    }

    private static func optionalText(_ value: JSONValue?, _ field: String, limit: Int, fail: (String) -> Problem) throws(Problem) -> String? {
        guard let value, value != .null else { return nil }
        guard let text = value.stringValue, text.count <= limit, isPlainText(text) else {
            throw fail("\"\(field)\" must be a text of at most \(limit) characters")
        }
        return text.isEmpty ? nil : text
    }

    private static func object(_ data: Data) throws(Problem) -> JSONValue {
        let value: JSONValue
        do { value = try JSONValue.parse(data) } catch { throw Problem(description: "printed no JSON (\(error))") }
        guard case .object = value else { throw Problem(description: "printed JSON that is not an object") }
        return value
    }

    static func isID(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 40 && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }

    static func isPlainText(_ text: String) -> Bool { !text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } }
}
