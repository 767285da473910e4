import PlaceBytes
import PlaceProviders
import PlaceCore

/// What each brand in a file is, from all of its elements: a brand whose outlets are mostly
/// something other than cafés is not a café brand, even where one of its outlets is tagged as one.
///
/// Central Amsterdam has "Urban Outfitters" twice: once `shop=clothes`, once `amenity=cafe` +
/// `shop=clothes`. The café tag alone would send a coffee seeker to a clothes shop; the brand's
/// other outlet says what it is. Brands are told apart by `brand:wikidata` when there is one, else
/// by the folded `brand`. Memory: one small entry per brand.
struct BrandTrades {
    private struct Tally {
        var cafes = 0
        var others = 0
        /// The main tag of its first outlet that is not a café: `shop=clothes`.
        var otherTrade: String?
    }

    private var tallies: [String: Tally] = [:]

    private static func key(_ tags: [String: String]) -> String? {
        if let wikidata = tags["brand:wikidata"], !wikidata.isEmpty { return wikidata }
        return tags["brand"].map(TextFolding.fold).flatMap { $0.isEmpty ? nil : $0 }
    }

    private static func isCafe(_ tags: [String: String]) -> Bool {
        OSMTags.values(tags["amenity"]).contains("cafe") || tags["shop"] == "coffee"
    }

    /// Counts an element of the file, whatever it is.
    mutating func note(_ tags: [String: String]) {
        guard let key = Self.key(tags) else { return }
        var tally = tallies[key] ?? Tally()
        if Self.isCafe(tags) {
            tally.cafes += 1
        } else if let trade = OSMFeatures.mainTag(tags) {
            tally.others += 1
            if tally.otherTrade == nil { tally.otherTrade = trade }
        }
        tallies[key] = tally
    }

    /// The trade of a café's brand when its outlets in the file are at least as often something
    /// else (`shop=clothes`); nil for a café brand, an unknown one, or an element that is no café.
    func otherTrade(of tags: [String: String]) -> String? {
        guard Self.isCafe(tags), let key = Self.key(tags), let tally = tallies[key], tally.others >= tally.cafes else {
            return nil
        }
        return tally.otherTrade
    }
}
