import PlaceBytes
import PlaceCore

/// Words that say what kind of place is meant rather than what it is called: "hotel", "hotelli"
/// and "hotell" for `tourism=hotel`, "station", "asema" and "metro" for stations. A query with
/// one ("Hotel Palace", "Pasila asema", "Centraal Station") also looks for the rest of its words
/// in the names of places of that kind (``PlaceLookup``), as Nominatim's special phrases do.
enum KindWords {
    /// Folded word → the tags it stands for.
    static let byWord: [[UInt8]: [String]] = {
        var found: [[UInt8]: [String]] = [:]
        for entry in table {
            for word in entry.words {
                let folded = TextFolding.foldedWordBytes(word)
                // One word each: a folding that splits it ("juna-asema") is found by its parts already.
                guard !folded.isEmpty, !folded.contains(0x20) else { continue }
                for tag in entry.tags where !(found[folded]?.contains(tag) ?? false) { found[folded, default: []].append(tag) }
            }
        }
        return found
    }()

    /// The tags a folded word stands for, or nil when it names no kind.
    static func tags(_ folded: [UInt8]) -> [String]? { byWord[folded] }

    /// Whether a place of `category` (`railway=station`) is of a kind among `tags` (`railway=station`,
    /// or a bare key `aeroway` for any value).
    static func matches(_ category: String?, _ tags: [String]) -> Bool {
        guard let category, let equals = category.firstIndex(of: "=") else { return false }
        let key = category[..<equals]
        return tags.contains { tag in tag == category || (!tag.contains("=") && tag == key) }
    }
}
