import AutocompleteSupport
import Foundation

/// One column of the table: how many names, and what they come with. A plain size is today's
/// names alone, so that earlier figures stay comparable; a suffix adds what an import of a
/// country gives the index (``SyntheticPlaces``):
/// - `1000000t`: the same names with their towns (as places), localities, countries (the
///   builder adds a record per country) and categories, no addresses;
/// - `1000000a`: that and 2.5 house numbers per street on average, each an address;
/// - `1000000a20`: 20 per street.
struct Column {
    var size: Int
    /// Nil for today's names alone.
    var addressesPerStreet: Double?
    var argument: String

    init?(_ argument: String) {
        let digits = argument.prefix { $0.isNumber }
        guard let size = Int(digits), size > 0 else { return nil }
        let rest = argument.dropFirst(digits.count)
        switch rest.first {
        case nil: addressesPerStreet = nil
        case "t" where rest.count == 1: addressesPerStreet = 0
        case "a": guard let mean = rest.count == 1 ? 2.5 : Double(rest.dropFirst()), mean > 0 else { return nil }
            addressesPerStreet = mean
        default: return nil
        }
        self.size = size
        self.argument = argument
    }

    var places: SyntheticPlaces? { addressesPerStreet.map { SyntheticPlaces(names: size, addressesPerStreet: $0) } }

    /// "1000k", "1000k + towns", "1000k + towns + addresses (2.5 per street)".
    var label: String {
        switch addressesPerStreet {
        case nil: "\(size / 1000)k"
        case 0: "\(size / 1000)k + towns"
        case let mean?: "\(size / 1000)k + towns + addresses (\(String(format: "%g", mean)) per street)"
        }
    }

    /// The heading of its part of the output: "== 1000000 names" as before for today's names.
    var heading: String {
        switch addressesPerStreet {
        case nil: "== \(size) names"
        case 0: "== \(size) names with towns, localities, countries and categories"
        case let mean?: "== \(size) names with towns, localities, countries, categories and \(String(format: "%g", mean)) addresses per street"
        }
    }
}
