// What people type where a place is asked (`complete`, `--near`, `/api?q=`), through the one lookup:
// qualifiers after commas, trailing towns and countries, kind words, house numbers and postcodes.
// Any bytes must give an answer or none — never a trap, a hang or an answer beyond the limit.
//
// The first byte picks the focus, the limit, the kinds and typo tolerance; the rest is the text
// (invalid UTF-8 included: it is decoded with replacement characters, as a server reads a query).
import Autocomplete
import Foundation
import PlaceCore

func record(
    _ id: String, _ name: String, _ kind: NameKind, _ lat: Double, _ lon: Double, alternates: [String] = [], locality: String? = nil,
    country: String? = nil, category: String? = nil
) -> NameRecord {
    NameRecord(
        id: id, name: name, kind: kind, importance: kind == .place ? 0.8 : 0.2, coordinate: try? Coordinate(latitude: lat, longitude: lon),
        alternateNames: alternates, locality: locality, countryCode: country, category: category)
}

let index = AutocompleteIndex(records: [
    record("c:1", "Amsterdam", .place, 52.374, 4.89, alternates: ["Damsko", "Mokum"], country: "NL", category: "place=city"),
    record("c:2", "Helsinki", .place, 60.17, 24.94, alternates: ["Helsingfors"], country: "FI", category: "place=city"),
    record("c:3", "Vaduz", .place, 47.14, 9.52, country: "LI", category: "place=village"),
    record("s:1", "Senaatintori", .place, 60.169, 24.952, alternates: ["Senatstorget"], locality: "Helsinki", country: "FI", category: "place=square"),
    record("s:2", "Keizersgracht", .street, 52.374, 4.887, locality: "Amsterdam", country: "NL", category: "highway=residential"),
    record("a:1", "Keizersgracht 148", .address, 52.375, 4.886, locality: "Amsterdam", country: "NL"),
    record("a:2", "Keizersgracht 69E", .address, 52.376, 4.886, locality: "Amsterdam", country: "NL"),
    record("a:3", "Rokin 194-2", .address, 52.369, 4.893, locality: "Amsterdam", country: "NL"),
    record("p:1", "1016 ED", .place, 52.375, 4.886, alternates: ["1016ED"], locality: "Amsterdam", country: "NL", category: "place=postcode"),
    record("h:1", "Hotel Kämp", .poi, 60.168, 24.946, locality: "Helsinki", country: "FI", category: "tourism=hotel"),
    record("h:2", "Amsterdam Centraal", .poi, 52.379, 4.9, locality: "Amsterdam", country: "NL", category: "railway=station"),
    record("h:3", "Café Guflina", .poi, 47.14, 9.52, locality: "Vaduz", country: "LI", category: "amenity=cafe"),
])
let lookup = PlaceLookup(index)
let foci: [Coordinate?] = [nil, Coordinate(52.37, 4.89), Coordinate(60.17, 24.94), Coordinate(-33.9, 151.2)]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPlaceLookup(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let raw = UnsafeRawBufferPointer(start: start, count: count)
    guard let choice = raw.first else { return 0 }
    let text = String(decoding: raw.dropFirst(), as: UTF8.self)
    let limit = [1, 5, 10, 100][Int(choice >> 2) & 3]
    let kinds: Set<NameKind>? = choice & 0x10 == 0 ? nil : [.address, .place]
    let answer = lookup.lookup(LookupQuery(text, focus: foci[Int(choice) & 3], limit: limit, kinds: kinds, typoTolerance: choice & 0x20 == 0))
    if answer.suggestions.count > limit { fatalError("\(answer.suggestions.count) answers for a limit of \(limit)") }
    return 0
}
