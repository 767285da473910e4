import Foundation
import PlaceCore
import SeededRandom

/// The queries only ``PlaceLookup`` reads, drawn from a ``SyntheticPlaces`` list as people type
/// them: a street and a house number, a name and its town after a comma, a kind word and a name.
/// Addresses are drawn from the numbers the streets have at 2.5 per street when the list has
/// none, so that a run without addresses asks the same texts (and finds the streets only).
public struct LookupQuerySet: Sendable {
    /// A street and the start of one of its numbers: "Dammar Straße 1" (for 148 or 12A).
    public var addressBegun: [String] = []
    /// A street and a whole number of it: "Dammar Straße 148", "… 12A", "… 194-2".
    public var addressWhole: [String] = []
    /// That with the street's town after a comma: "Dammar Straße 148, Kölau".
    public var addressInTown: [String] = []
    /// A street's or a POI's whole name and its town after a comma: "Dammar Straße, Kölau".
    public var nameInTown: [String] = []
    /// A POI's kind word and the start or the whole of its other word: "hotel dammar", "bahnhof kö".
    public var kindWord: [String] = []

    /// Kind words of the synthetic names that the lookup reads as kinds (`KindWords`);
    /// "Bäckerei" and the street words are not among them.
    static let kindWords: Set<String> = [
        "Café", "Restaurant", "Apotheke", "Park", "Museum", "Hotel", "Bahnhof", "Kirche", "Schule", "Markt", "Bibliothek", "Bar",
        "Pizzeria", "Supermarkt", "Théâtre", "Église",
    ]

    public init(places: SyntheticPlaces, count: Int = 600, seed: UInt64 = 11) {
        var random = SplitMix64(seed: seed)
        let mean = places.addressesPerStreet > 0 ? places.addressesPerStreet : 2.5
        while addressBegun.count < count || nameInTown.count < count || kindWord.count < count {
            let index = Int(random.next() % UInt64(places.names))
            let record = places.record(index)
            guard let town = record.locality else { continue }
            if nameInTown.count < count { nameInTown.append("\(record.name), \(town)") }
            if record.kind == .street, addressBegun.count < count {
                let numbers = places.houseNumbers(ofName: index, mean: mean)
                guard !numbers.isEmpty else { continue }
                let number = numbers[Int(random.next() % UInt64(numbers.count))]
                let digits = number.prefix { $0.isNumber }
                addressBegun.append("\(record.name) \(digits.prefix(1 + Int(random.next() % UInt64(max(1, digits.count - 1)))))")
                addressWhole.append("\(record.name) \(number)")
                addressInTown.append("\(record.name) \(number), \(town)")
            }
            if record.kind == .poi, kindWord.count < count, let kind = record.detail, Self.kindWords.contains(kind) {
                guard let other = record.name.split(separator: " ").first(where: { $0 != kind }) else { continue }
                let whole = random.next() % 2 == 0 || other.count <= 3
                kindWord.append("\(kind.lowercased()) \(whole ? other : other.prefix(3 + Int(random.next() % UInt64(other.count - 3))))")
            }
        }
    }
}
