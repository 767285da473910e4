import Foundation
import PlaceCore
import Testing

@testable import Autocomplete
import PlaceBytes

/// The bounded search against the definition of right: every name scored
/// (`completeExhaustively`), on a seeded list of 20,000 names, for 360 queries of
/// every shape — short and long prefixes, several words, typos, 4-letter typos that only the
/// fallback allows, focused near and far, kinds filtered, limits of 10 and 100.
struct SearchAgainstScanTests {
    /// SplitMix64: the same names on every machine.
    struct Seeded {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    }

    static let syllables = [
        "da", "dam", "mar", "ber", "lin", "mün", "chen", "zü", "rich", "san", "ta", "ko", "ham", "burg", "stra", "ße", "al", "an",
        "der", "kö", "nig", "wie", "sen", "el", "la", "bo", "ge", "ve", "pa", "ris", "ma", "kra", "ue", "oe", "rok", "in", "ka",
    ]
    static let kindWords = ["Café", "Straße", "Platz", "Museum", "Bakkerij", "Kerk", "Markt", "Brug", "Park", "Hotel"]

    static let records: [NameRecord] = {
        var random = Seeded(state: 20_000)
        var records: [NameRecord] = []
        for index in 0..<20_000 {
            func word() -> String {
                var text = ""
                for _ in 0..<(2 + random.below(3)) { text += syllables[random.below(syllables.count)] }
                return text.prefix(1).uppercased() + text.dropFirst()
            }
            let roll = random.unit()
            let kind: NameKind = roll < 0.1 ? .place : (roll < 0.4 ? .street : .poi)
            let name: String
            switch kind {
            case .place: name = random.unit() < 0.2 ? "\(word()) \(word())" : word()
            default:
                let label = kindWords[random.below(kindWords.count)]
                name = random.unit() < 0.6 ? "\(word()) \(label)" : "\(label) \(word())"
            }
            let u = random.unit()
            let importance = random.unit() < 0.2 ? [0.1, 0.3, 0.5][random.below(3)] : Float(u * u * u)
            let coordinate = random.unit() < 0.03 ? nil : Coordinate(50 + 3 * random.unit(), 4 + 4 * random.unit())
            let alternates = kind == .place && random.unit() < 0.5 ? (0..<(1 + random.below(3))).map { _ in word() } : []
            let id = index % 2 == 0 ? "osm:node/\(index)" : "names:list.csv#\(index)"
            records.append(NameRecord(id: id, name: name, kind: kind, importance: importance, coordinate: coordinate, alternateNames: alternates))
            if kind == .poi, index % 5 != 0 { records[records.count - 1].category = ["tourism=hotel", "amenity=cafe", "shop=bakery"][index % 3] }
            if let coordinate, index % 7 != 0 { records[records.count - 1].countryCode = coordinate.longitude < 6 ? "NL" : "DE" }
        }
        // The same place from two sources, close and far apart.
        for index in stride(from: 0, to: 600, by: 3) {
            var twin = records[index]
            twin.id = "names:other.csv#\(index)"
            if let coordinate = twin.coordinate, index % 2 == 0 {
                twin.coordinate = Coordinate(coordinate.latitude + 0.002, coordinate.longitude)
            }
            twin.importance = min(1, twin.importance + 0.05)
            records.append(twin)
        }
        return records
    }()

    static let index = AutocompleteIndex(records: records)

    static let queries: [AutocompleteQuery] = {
        var random = Seeded(state: 7)
        var queries: [AutocompleteQuery] = []
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        let foci: [Coordinate?] = [nil, Coordinate(51.5, 6.0), Coordinate(50.1, 4.1), Coordinate(48.0, 2.0), Coordinate(52.9, 7.9)]
        while queries.count < 360 {
            let record = records[random.below(records.count)]
            let words = TextFolding.words(record.name).map { Array($0) }
            guard let first = words.first else { continue }
            var text: String
            switch queries.count % 6 {
            case 0, 1:
                let word = words[random.below(words.count)]
                text = String(word.prefix(1 + random.below(8)))
            case 2:
                guard words.count >= 2 else { continue }
                text = String(first) + " " + String(words[1].prefix(1 + random.below(4)))
            case 3:
                // One edit in a prefix of 5–9 letters.
                var chars = Array(first.prefix(5 + random.below(5)))
                guard chars.count >= 4 else { continue }
                let position = 1 + random.below(chars.count - 2)
                switch random.below(3) {
                case 0: chars[position] = letters[random.below(26)]
                case 1: chars.remove(at: position)
                default: chars.swapAt(position, position + 1)
                }
                text = String(chars)
            case 4:
                // Four letters with one substitution: only the fallback finds these.
                var chars = Array(first.prefix(4))
                guard chars.count == 4 else { continue }
                chars[1 + random.below(3)] = letters[random.below(26)]
                text = String(chars)
            default:
                guard words.count >= 2 else { continue }
                text = String(words[1]) + " " + String(first.prefix(2 + random.below(4)))
            }
            let focus = foci[random.below(foci.count)] ?? (random.unit() < 0.3 ? record.coordinate : nil)
            let kinds: Set<NameKind>? = random.below(6) == 0 ? [[.place], [.street], [.poi], [.street, .poi]][random.below(4)] : nil
            let limit = random.below(8) == 0 ? 100 : 10
            queries.append(AutocompleteQuery(text, focus: focus, limit: limit, kinds: kinds, typoTolerance: random.below(5) != 0))
        }
        return queries
    }()

    @Test func theSearchAnswersAsTheScanOverEveryNameDoes() {
        #expect(Self.index.count < Self.records.count, "some twins merged")
        var compared = 0
        for query in Self.queries {
            let searched = Self.index.complete(query)
            let scanned = Self.index.completeExhaustively(query)
            let label =
                "\(query.text.debugDescription) focus \(query.focus.map { "\($0.latitude),\($0.longitude)" } ?? "none") kinds \(query.kinds.map { "\($0)" } ?? "all") limit \(query.limit) typos \(query.typoTolerance)"
            #expect(searched.map(\.record.id) == scanned.map(\.record.id), "\(label)")
            #expect(searched.map(\.score) == scanned.map(\.score), "\(label)")
            if !scanned.isEmpty { compared += 1 }
        }
        #expect(compared > 250, "most queries find something: \(compared)")
    }

    /// At 20,000 names most ranges are small enough to be scanned word by word; the same
    /// queries again with every range read as a stream (prefix nodes, their children, the heap).
    @Test(arguments: [0, 64])
    func theStreamsAnswerAsTheScanOverEveryNameDoes(scanLimit: Int) {
        for query in Self.queries {
            let searched = Self.index.complete(query, scanLimit: scanLimit)
            let scanned = Self.index.completeExhaustively(query)
            let label = "\(query.text.debugDescription) focus \(query.focus.map { "\($0.latitude),\($0.longitude)" } ?? "none") limit \(query.limit)"
            #expect(searched.map(\.record.id) == scanned.map(\.record.id), "\(label)")
            #expect(searched.map(\.score) == scanned.map(\.score), "\(label)")
        }
    }

    @Test func focusedShortPrefixesAnswerAsTheScanDoes() {
        // Every one- and two-letter prefix, focused at a few places, where pruning is riskiest.
        var compared = 0
        for first in ["d", "k", "s", "b"] {
            for second in ["", "a", "r"] {
                for focus in [Coordinate(51.5, 6.0), Coordinate(50.0, 4.0), Coordinate(52.99, 7.99)] {
                    let query = AutocompleteQuery(first + second, focus: focus, limit: 10)
                    #expect(
                        Self.index.complete(query).map(\.record.id) == Self.index.completeExhaustively(query).map(\.record.id), "\(first + second)")
                    compared += 1
                }
            }
        }
        #expect(compared == 36)
    }

    /// A query within a radius of its focus (a town named with it) and of a kind or country (the
    /// lookup's readings) answers as the scan does: the rings that cover the radius end the search
    /// however few names pass, and nothing within it is missed.
    @Test(arguments: [0, 64, 8_192])
    func boundedAndFilteredQueriesAnswerAsTheScanDoes(scanLimit: Int) {
        var compared = 0
        for (number, query) in Self.queries.enumerated() where query.focus != nil {
            var bounded = query
            bounded.radius = [1_500, 8_000, 40_000][number % 3]
            if number % 4 == 1 { bounded.categories = ["tourism=hotel", "amenity"] }
            if number % 4 == 2 { bounded.area = AreaFilter(countryCode: "NL") }
            let searched = Self.index.complete(bounded, scanLimit: scanLimit)
            let scanned = Self.index.completeExhaustively(bounded)
            let label = "\(query.text.debugDescription) radius \(bounded.radius ?? 0) categories \(bounded.categories ?? []) limit \(query.limit)"
            #expect(searched.map(\.record.id) == scanned.map(\.record.id), "\(label)")
            #expect(searched.map(\.score) == scanned.map(\.score), "\(label)")
            if !scanned.isEmpty { compared += 1 }
        }
        #expect(compared > 30, "some bounded queries find something: \(compared)")
    }
}
