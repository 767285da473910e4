import Foundation
import PlaceCore
import SeededRandom

/// The seeded synthetic names as an import of a country gives them to the index: each name is
/// ``SyntheticNames/record(_:seed:)`` (the same name, position and importance, so that a run with
/// addresses compares with one without) with the locality and country of its town
/// (``SyntheticTowns``) and the category its kind word says (`tourism=hotel` for "… Hotel"); the
/// towns are places of their own; and with `addressesPerStreet` above 0 each street has house
/// numbers, each an address of its own ("Dammar Straße 12A"), as `places import` makes them from
/// `addr:housenumber`: importance 0.1, within 300 m of the street's point, its town and country.
///
/// Per street the count of numbers is drawn from a geometric distribution of that mean (many
/// streets with one or two, a few long ones with twenty), the numbers from 1–300 (low ones more
/// often, as most streets are short), a few with a letter ("12A", 8 %) or a part ("194-2", 3 %).
/// Nothing is held: a street's numbers come from its own seed, so a list is streamed and any
/// street's addresses made again for a query.
public struct SyntheticPlaces: Sendable {
    public let names: Int
    public let addressesPerStreet: Double
    public let towns: SyntheticTowns
    let seed: UInt64

    /// What a list holds, counted as it is streamed.
    public struct Counts: Sendable {
        public var names = 0
        public var towns = 0
        public var streets = 0
        public var addresses = 0
        public var total: Int { names + towns + addresses }
    }

    public init(names: Int, addressesPerStreet: Double, seed: UInt64 = 42) {
        self.names = names
        self.addressesPerStreet = addressesPerStreet
        self.seed = seed
        towns = SyntheticTowns(names: names)
    }

    /// The OpenStreetMap tag each kind word stands for; streets by the road they usually are.
    static let categories: [String: String] = [
        "Café": "amenity=cafe", "Restaurant": "amenity=restaurant", "Bäckerei": "shop=bakery", "Apotheke": "amenity=pharmacy",
        "Park": "leisure=park", "Straße": "highway=residential", "Platz": "highway=pedestrian", "Museum": "tourism=museum",
        "Hotel": "tourism=hotel", "Bahnhof": "railway=station", "Kirche": "amenity=place_of_worship", "Schule": "amenity=school",
        "Markt": "amenity=marketplace", "Brücke": "highway=tertiary", "Bibliothek": "amenity=library", "Bar": "amenity=bar",
        "Pizzeria": "amenity=restaurant", "Supermarkt": "shop=supermarket", "Théâtre": "amenity=theatre",
        "Église": "amenity=place_of_worship",
    ]

    /// Name number `index`, with its town, country and category.
    public func record(_ index: Int) -> NameRecord {
        var record = SyntheticNames.record(index, seed: seed)
        if let coordinate = record.coordinate {
            let town = towns.town(containing: coordinate)
            record.locality = towns.name(town)
            record.countryCode = towns.country(town)
        }
        record.category = record.detail.flatMap { Self.categories[$0] }
        return record
    }

    /// The house numbers of name number `index`, a street, as written ("148", "12A", "194-2").
    /// - Parameter mean: numbers per street on average; this list's own by default.
    public func houseNumbers(ofName index: Int, mean: Double? = nil) -> [String] {
        let mean = mean ?? addressesPerStreet
        guard mean > 0 else { return [] }
        var random = SplitMix64(seed: (seed ^ 0xADD2_E55E5) &* 0x2545_F491_4F6C_DD1D ^ UInt64(index))
        _ = random.next()
        // ⌊an exponential⌋ is geometric; this scale gives it `mean`.
        let scale = 1 / log(1 + 1 / mean)
        let count = min(300, Int(-scale * log(1 - random.unit())))
        var numbers: [String] = []
        var seen: Set<String> = []
        var tries = 0
        while numbers.count < count, tries < 4 * count {
            tries += 1
            let u = random.unit()
            var number = String(1 + Int(299 * u * u))
            let suffix = random.unit()
            if suffix < 0.08 {
                number += String(Array("ABCD")[Int(random.next() % 4)])
            } else if suffix < 0.11 {
                number += "-\(2 + random.next() % 3)"
            }
            if seen.insert(number).inserted { numbers.append(number) }
        }
        return numbers
    }

    /// The addresses of name number `index` (a street), given the record made of it.
    public func addresses(ofName index: Int, street: NameRecord) -> [NameRecord] {
        let numbers = houseNumbers(ofName: index)
        guard !numbers.isEmpty, let point = street.coordinate else { return [] }
        var random = SplitMix64(seed: (seed ^ 0x9017_75) &* 0x2545_F491_4F6C_DD1D ^ UInt64(index))
        return numbers.map { number in
            NameRecord(
                id: "\(street.id)/\(number)", name: "\(street.name) \(number)", kind: .address, importance: 0.1,
                coordinate: Coordinate(
                    point.latitude + 0.005 * (random.unit() - 0.5), point.longitude + 0.008 * (random.unit() - 0.5)),
                detail: street.locality, locality: street.locality, countryCode: street.countryCode)
        }
    }

    /// Every record: the towns, then each name followed by its addresses.
    @discardableResult
    public func forEach(_ body: (NameRecord) throws -> Void) rethrows -> Counts {
        var counts = Counts()
        for town in 0..<towns.count {
            try body(towns.record(town))
            counts.towns += 1
        }
        for index in 0..<names {
            let record = record(index)
            try body(record)
            counts.names += 1
            guard record.kind == .street else { continue }
            counts.streets += 1
            for address in addresses(ofName: index, street: record) {
                try body(address)
                counts.addresses += 1
            }
        }
        return counts
    }

    /// What ``forEach(_:)`` would give, counted without making the records.
    public func counts() -> Counts {
        var counts = Counts(names: names, towns: towns.count)
        for index in 0..<names where SyntheticNames.record(index, seed: seed).kind == .street {
            counts.streets += 1
            counts.addresses += houseNumbers(ofName: index).count
        }
        return counts
    }
}
