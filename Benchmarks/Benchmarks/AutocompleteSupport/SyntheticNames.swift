import Foundation
import PlaceCore
import SeededRandom

/// The seeded synthetic names of shared/PEERS.md's appendix, ported: two to four syllables made
/// into a word, with a kind word before (30 %) or after (70 %) it, a position in 47–55 N, 5.5–15 E
/// and an importance of u³. It uses SplitMix64, so the names differ from Python's but have the
/// same shape. The kind of record: street for Straße, Platz and Brücke, else POI. Each record is
/// drawn from its own seed (the list's seed and its number), so record `i` of a 10-million list
/// can be made without the nine million before it, and a list is streamed, never held. Never
/// written to disk by the benchmarks, except as the CSV that `places import --names` reads.
public enum SyntheticNames {
    static let syllables = [
        "da", "dam", "mar", "kt", "ber", "lin", "mün", "chen", "zü", "rich", "san", "ta", "ca", "fé", "ré", "sé", "ko", "ło", "dź", "ham",
        "burg", "stra", "ße", "al", "ex", "an", "der", "pla", "tz", "kö", "nig", "wie", "sen", "el", "la", "bo", "ña", "ge", "nè", "ve", "pa",
        "ris", "lyo", "ns", "gö", "te", "borg", "ma", "lmö", "kra", "ków", "brno", "sko", "pje",
    ]
    static let kinds = [
        "Café", "Restaurant", "Bäckerei", "Apotheke", "Park", "Straße", "Platz", "Museum", "Hotel", "Bahnhof", "Kirche", "Schule",
        "Markt", "Brücke", "Bibliothek", "Bar", "Pizzeria", "Supermarkt", "Théâtre", "Église",
    ]
    static let streetKinds: Set<String> = ["Straße", "Platz", "Brücke"]

    /// Record number `index` (0-based) of the list drawn with `seed`.
    public static func record(_ index: Int, seed: UInt64 = 42) -> NameRecord {
        var random = SplitMix64(seed: seed &* 0x2545_F491_4F6C_DD1D ^ UInt64(index))
        _ = random.next()
        let syllableCount = 2 + Int(random.next() % 3)
        var word = ""
        for _ in 0..<syllableCount { word += syllables[Int(random.next() % UInt64(syllables.count))] }
        word = word.prefix(1).uppercased() + word.dropFirst()
        let kind = kinds[Int(random.next() % UInt64(kinds.count))]
        let name = random.unit() < 0.7 ? "\(word) \(kind)" : "\(kind) \(word)"
        let latitude = 47.0 + 8.0 * random.unit()
        let longitude = 5.5 + 9.5 * random.unit()
        let u = random.unit()
        return NameRecord(
            id: "\(index + 1)", name: name, kind: streetKinds.contains(kind) ? .street : .poi,
            importance: Float(u * u * u), coordinate: Coordinate(latitude, longitude), detail: kind)
    }

    public static func make(count: Int, seed: UInt64 = 42) -> [NameRecord] {
        (0..<count).map { record($0, seed: seed) }
    }

    /// The list as a CSV with a header (`name,lat,lon,importance`), for `places import --names`
    /// and sqlite3's `.import`.
    public static func writeCSV(count: Int, to path: String, seed: UInt64 = 42) throws {
        guard let file = FileHandle(forWritingAtPath: path) ?? {
            _ = FileManager.default.createFile(atPath: path, contents: nil)
            return FileHandle(forWritingAtPath: path)
        }() else { throw CocoaError(.fileWriteUnknown) }
        defer { try? file.close() }
        try file.truncate(atOffset: 0)
        var chunk = "name,lat,lon,importance\n"
        for index in 0..<count {
            let record = record(index, seed: seed)
            let coordinate = record.coordinate ?? Coordinate(0, 0)
            chunk += "\(record.name),\(String(format: "%.6f", coordinate.latitude)),\(String(format: "%.6f", coordinate.longitude)),\(String(format: "%.6f", record.importance))\n"
            if chunk.utf8.count > 1 << 20 {
                try file.write(contentsOf: Data(chunk.utf8))
                chunk = ""
            }
        }
        try file.write(contentsOf: Data(chunk.utf8))
    }
}


/// A fixed query set drawn from the generated names.
public struct QuerySet: Sendable {
    /// One word's prefix of 2–8 characters, or a whole first word and a prefix of the second.
    public var prefix: [String] = []
    /// A prefix of 5–8 characters of a real word with one substitution, deletion or transposition.
    public var typo: [String] = []

    public init(records: [NameRecord], count: Int = 600, seed: UInt64 = 7) {
        self.init(size: records.count, count: count, seed: seed) { records[$0] }
    }

    /// Drawn from a list of `size` records given by number.
    public init(size: Int, count: Int = 600, seed: UInt64 = 7, record: (Int) -> NameRecord) {
        var random = SplitMix64(seed: seed)
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        while prefix.count < count || typo.count < count {
            let record = record(Int(random.next() % UInt64(size)))
            let words = QueryWords.of(record.name).map { Array($0) }
            guard words.count >= 2 else { continue }
            if prefix.count < count {
                if prefix.count % 4 == 3 {
                    let second = words[1]
                    let length = min(second.count, 1 + Int(random.next() % 4))
                    prefix.append(String(words[0]) + " " + String(second.prefix(length)))
                } else {
                    let word = words[Int(random.next() % 2)]
                    let length = min(word.count, 2 + Int(random.next() % 7))
                    prefix.append(String(word.prefix(length)))
                }
            }
            if typo.count < count {
                let word = words[0].count >= words[1].count ? words[0] : words[1]
                guard word.count >= 6 else { continue }
                var chars = Array(word.prefix(min(word.count, 5 + Int(random.next() % 4))))
                let position = 1 + Int(random.next() % UInt64(chars.count - 2))
                switch random.next() % 3 {
                case 0: chars[position] = letters[Int(random.next() % 26)]
                case 1: chars.remove(at: position)
                default: chars.swapAt(position, position + 1)
                }
                typo.append(String(chars))
            }
        }
    }
}
