import Foundation
import OSMFormat
import PlaceBytes
import PlaceCore

/// Every address of an import: nodes, buildings and other elements with `addr:housenumber` and
/// `addr:street` (or `addr:place`, where a village has no street names), the numbers an
/// `addr:interpolation` way stands for, and the postcodes they carry. Each becomes a name of its
/// own ("Keizersgracht 148"), found only when a query has a number in it (``NameKind/address``).
///
/// House numbers are kept as written ("69E", "194-2", "6 bis"); "12;14" is two addresses.
struct Addresses {
    struct Address {
        var type: OSMElementType
        var id: Int64
        var point: OSMPoint
        var number: String
        /// The street, or for `addr:place` the place.
        var street: String
        var postcode: String?
        var city: String?
        var country: String?
        /// The element is kept as something else too (a café with its address), or stands for
        /// several numbers: its address records get ids of their own.
        var suffix: String?
        /// Filled by an interpolation: no element of its own carries the number.
        var interpolated = false
    }

    private struct Interpolation {
        var way: Int64
        var nodes: [Int64]
        var points: [OSMPoint]
        var scheme: String
    }

    private(set) var all: PackedAddresses
    private var interpolations: [Interpolation] = []

    /// At most this many numbers are made for one interpolation way (a typo of 10000 for 100 would
    /// make thousands of houses that do not exist).
    static let maximumInterpolated = 500

    var count: Int { all.count }

    /// - Parameter directory: where the addresses wait once there are many (``ByteChunks``).
    init(spillingTo directory: String? = nil) {
        all = PackedAddresses(spillingTo: directory)
    }

    /// Notes the addresses of an element's tags, when it has any.
    /// - Parameters:
    ///   - kept: whether the element is kept as a place or POI too.
    ///   - country: the country its tags name (``CountryTags/code(_:)``), read once by the caller.
    mutating func note(_ type: OSMElementType, _ id: Int64, _ point: OSMPoint, _ tags: [String: String], kept: Bool, country: String?) {
        guard let numbers = tags["addr:housenumber"], let street = Self.clean(tags["addr:street"]) ?? Self.clean(tags["addr:place"]) else {
            return
        }
        // Nearly every element has one number: split (an array and a string per part) only a list.
        let parts =
            numbers.utf8.contains(where: { $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: ",") })
            ? numbers.split(whereSeparator: { $0 == ";" || $0 == "," }).compactMap { Self.clean(String($0)) }
            : Self.clean(numbers).map { [$0] } ?? []
        guard !parts.isEmpty else { return }
        let (postcode, city) = (Self.postcode(tags["addr:postcode"]), Self.clean(tags["addr:city"]))
        for (index, number) in parts.enumerated() where Self.isHouseNumber(number) {
            let suffix: String? = parts.count > 1 ? "address/\(index + 1)" : (kept ? "address" : nil)
            all.append(
                Address(
                    type: type, id: id, point: point, number: number, street: street, postcode: postcode, city: city, country: country,
                    suffix: suffix))
        }
    }

    /// Notes an `addr:interpolation` way: its numbers come from the addresses at its two ends.
    mutating func noteInterpolation(_ way: OSMWay, points: [OSMPoint]) {
        guard let scheme = way.tags["addr:interpolation"], way.nodeRefs.count >= 2, points.count == way.nodeRefs.count else { return }
        interpolations.append(Interpolation(way: way.id, nodes: way.nodeRefs, points: points, scheme: scheme))
    }

    /// The numbers between the two ends of each interpolation way (the ends are addresses of their
    /// own): every one for `all`, every other for `odd` and `even`, spread evenly along the way.
    mutating func interpolate() {
        guard !interpolations.isEmpty else { return }
        let ends = Set(interpolations.flatMap { [$0.nodes[0], $0.nodes[$0.nodes.count - 1]] })
        var byNode: [Int64: Address] = [:]
        for address in all where address.type == .node && ends.contains(address.id) && !address.interpolated {
            byNode[address.id] = byNode[address.id] ?? address
        }
        for line in interpolations {
            guard let first = byNode[line.nodes[0]], let last = byNode[line.nodes[line.nodes.count - 1]],
                first.street == last.street, let from = Int(first.number), let to = Int(last.number), from != to
            else { continue }
            let step: Int
            switch line.scheme {
            case "odd", "even": step = 2
            case "all": step = 1
            default:
                // A number: every n-th; "alphabetic" and the rest are not numbers to count.
                guard let every = Int(line.scheme), every > 0 else { continue }
                step = every
            }
            if line.scheme == "odd" && from % 2 == 0 || line.scheme == "even" && from % 2 != 0 { continue }
            let direction = to > from ? 1 : -1
            let span = abs(to - from)
            guard span / step <= Self.maximumInterpolated else { continue }
            let lengths = Self.cumulativeLengths(line.points)
            var number = from + direction * step
            while direction > 0 ? number < to : number > to {
                let fraction = Double(abs(number - from)) / Double(span)
                all.append(
                    Address(
                        type: .way, id: line.way, point: Self.point(along: line.points, lengths: lengths, fraction: fraction),
                        number: String(number), street: first.street, postcode: first.postcode ?? last.postcode,
                        city: first.city ?? last.city, country: first.country ?? last.country, suffix: "address/\(number)",
                        interpolated: true))
                number += direction * step
            }
        }
        interpolations = []
    }

    /// "1011 HB" as written, with its spaces collapsed; nil for nothing.
    static func postcode(_ text: String?) -> String? {
        guard let text = clean(text) else { return nil }
        // Most are written as they are kept: upper case ASCII with single spaces.
        var previous: UInt8 = 0
        if text.utf8.allSatisfy({ byte in
            defer { previous = byte }
            return byte < 0x80 && !(0x61...0x7A).contains(byte) && !(byte == 0x20 && previous == 0x20)
        }) {
            return text
        }
        return text.split(separator: " ").joined(separator: " ").uppercased()
    }

    /// The other ways a postcode is typed: "1011MA" also as "1011 MA", "1011 MA" also as "1011MA".
    static func postcodeForms(_ postcode: String) -> [String] {
        if postcode.contains(" ") { return [postcode.replacingOccurrences(of: " ", with: "")] }
        let characters = Array(postcode)
        guard let split = characters.indices.dropFirst().first(where: { characters[$0].isNumber != characters[$0 - 1].isNumber }) else {
            return []
        }
        return [String(characters[..<split]) + " " + String(characters[split...])]
    }

    /// A number people can type: it has a digit, at most 16 characters, no control characters.
    static func isHouseNumber(_ text: String) -> Bool {
        // Printable ASCII (nearly every number) has one character per byte and no control ones.
        if isPrintableASCII(text) { return text.utf8.count <= 16 && text.utf8.contains { (0x30...0x39).contains($0) } }
        return text.count <= 16 && text.contains(where: \.isNumber) && !text.containsControlCharacter
    }

    static func clean(_ text: String?) -> String? {
        // Trimming through Foundation was a third of reading a country's addresses; printable
        // ASCII that starts and ends with no space is already clean.
        if let text, isPrintableASCII(text), text.utf8.first != 0x20, text.utf8.last != 0x20 { return text }
        guard let text = text?.trimmedOfWhitespaceAndNewlines, !text.isEmpty, !text.containsControlCharacter else { return nil }
        return text
    }

    /// Not empty, and every byte a printable ASCII character (space to tilde): no control
    /// characters, and no whitespace but the space.
    private static func isPrintableASCII(_ text: String) -> Bool {
        !text.utf8.isEmpty && text.utf8.allSatisfy { (0x20...0x7E).contains($0) }
    }

    /// Countries where the number is written before the street ("10 Downing Street").
    static let numberFirst: Set<String> = ["US", "CA", "GB", "IE", "AU", "NZ", "FR", "LU", "MC", "IN", "PH", "SG", "MY", "ZA", "IL", "TH"]

    /// "Keizersgracht 148", or "10 Downing Street" where numbers come first.
    static func name(street: String, number: String, country: String?) -> String {
        country.map(numberFirst.contains) == true ? "\(number) \(street)" : "\(street) \(number)"
    }

    private static func cumulativeLengths(_ points: [OSMPoint]) -> [Double] {
        var lengths = [0.0]
        for index in points.indices.dropFirst() {
            lengths.append(lengths[lengths.count - 1] + PointBox.roughDistance(points[index - 1], points[index]))
        }
        return lengths
    }

    private static func point(along points: [OSMPoint], lengths: [Double], fraction: Double) -> OSMPoint {
        let total = lengths[lengths.count - 1]
        guard total > 0 else { return points[0] }
        let target = total * fraction
        var index = 1
        while index < lengths.count - 1, lengths[index] < target { index += 1 }
        let piece = lengths[index] - lengths[index - 1]
        let share = piece > 0 ? (target - lengths[index - 1]) / piece : 0
        let a = points[index - 1]
        let b = points[index]
        return OSMPoint(latitude: a.latitude + (b.latitude - a.latitude) * share, longitude: a.longitude + (b.longitude - a.longitude) * share)
    }
}

/// One postcode's addresses, summed for the place at their middle.
struct PostcodeSums {
    var latitude = 0.0
    var longitude = 0.0
    var count = 0
    /// The town and country of the first address that carried it.
    var locality: String?
    var country: String?
    /// How many addresses write it each way ("1012JS", "1012 JS").
    private var spellings: [String: Int] = [:]

    init(locality: String?, country: String?) {
        self.locality = locality
        self.country = country
    }

    mutating func add(_ spelling: String, at point: OSMPoint) {
        latitude += point.latitude
        longitude += point.longitude
        count += 1
        spellings[spelling, default: 0] += 1
    }

    /// The spelling most of its addresses use; of two as common, the first in byte order.
    var name: String? {
        spellings.min { a, b in
            a.value != b.value ? a.value > b.value : a.key.utf8.lexicographicallyPrecedes(b.key.utf8)
        }?.key
    }
}
