import PlaceBytes
import PlaceCore

/// Whether two answers are one place, the way Pelias dedupes at query time: a city in two name
/// lists ("Köln" and "Koeln"), a castle mapped as a node and as its walls ("Schloss Vaduz"
/// twice), a café whose two records differ by the word for what it is ("Guflina" and "Café
/// Guflina", a metre apart).
enum SamePlace {
    static func isSame(_ a: Suggestion, _ b: Suggestion) -> Bool {
        let (first, second) = (a.record, b.record)
        guard first.kind == second.kind || (Set([first.kind, second.kind]) == [.poi, .place]) else { return false }
        guard let here = first.coordinate, let there = second.coordinate else { return false }
        let metres = Geodesy.distance(here, there)
        // One source names two villages 5 km apart twice because there are two; two sources name
        // one city a few kilometres apart because they put its point in different places.
        let sameSource = source(first.id) == source(second.id)
        guard metres <= (sameSource ? min(300, reach(first.kind, second.kind)) : reach(first.kind, second.kind)) else { return false }
        if forms(first.name).intersection(forms(second.name)).isEmpty == false { return true }
        // Besides the word for what they are, the same name, close by.
        guard metres <= 100, first.kind != .address else { return false }
        let plainFirst = withoutKindWords(first.name)
        return !plainFirst.isEmpty && plainFirst == withoutKindWords(second.name)
    }

    /// Metres within which two records of one name are one place.
    static func reach(_ a: NameKind, _ b: NameKind) -> Double {
        switch (a, b) {
        case (.place, .place): 10_000
        case (.street, .street): 1_000
        case (.address, .address): 50
        default: 250
        }
    }

    /// Where an id comes from: `osm`, `names:cities.csv` (a list's file), `country`.
    static func source(_ id: String) -> Substring {
        let scheme = id.prefix { $0 != ":" }
        guard scheme == "names" else { return scheme }
        let rest = id.dropFirst(scheme.count + 1)
        return id.prefix(scheme.count + 1 + rest.prefix { $0 != "#" && $0 != ":" }.count)
    }

    /// The folded forms a name is found by: "koln" and "koeln" for Köln.
    static func forms(_ name: String) -> Set<[UInt8]> {
        Set(NameForms.forms(of: name, secondary: false).map(\.folded))
    }

    static func withoutKindWords(_ name: String) -> [[UInt8]] {
        TextFolding.foldedWordBytes(name).split(separator: 0x20).map(Array.init).filter { KindWords.tags($0) == nil }
    }
}
