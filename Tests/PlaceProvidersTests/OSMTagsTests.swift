import Foundation
import PlaceCore
@testable import PlaceProviders
import Testing

/// The labels a country's import gives its POIs come from shortcuts that must say what the
/// plain forms say.
struct OSMTagsTests {
    /// Foundation's form, as humanize was before its byte path.
    private static func plainHumanize(_ value: String) -> String {
        let spaced = value.replacingOccurrences(of: "_", with: " ")
        return spaced.prefix(1).uppercased() + spaced.dropFirst()
    }

    @Test(arguments: [
        "", "_", "coffee_shop", "Coffee_Shop", "yes", "ice_cream_parlour", "9_bar", "e\u{301}picerie", "épicerie", "ßtraße", "çay_evi",
        "__x__", "zebra", "a", "ǆ_x", "東京_駅", "i", "🚲_parking",
    ])
    func humanizeSaysWhatFoundationSaid(_ value: String) {
        #expect(OSMTags.humanize(value) == Self.plainHumanize(value))
    }

    @Test(arguments: [
        [:], ["amenity": "cafe"], ["amenity": "bar", "cuisine": "pizza"], ["cuisine": "pizza; coffee_shop "], ["cuisine": "pizza; "],
        ["cuisine": ";;"], ["cuisine": "ice_cream"], ["shop": "deli", "amenity": "restaurant", "cuisine": "thai"],
        ["craft": "brewery", "shop": "alcohol"], ["amenity": "parking"], ["cuisine": "\u{A0}dutch\u{200B}"],
    ])
    func lastCategoryNameIsTheLastCategorysName(_ tags: [String: String]) {
        #expect(OSMTags.lastCategoryName(tags) == OSMTags.categories(tags).last?.name)
    }
}
