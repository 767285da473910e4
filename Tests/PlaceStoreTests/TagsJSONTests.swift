import Foundation
import PlaceCore
import Testing

@testable import PlaceStore

/// The store writes an import's tags straight from the list's bytes: the JSON must be the one
/// made from the tags' dictionary, byte for byte, escapes and key order included.
struct TagsJSONTests {
    @Test(arguments: [
        [:],
        ["amenity": "cafe"],
        ["name": "De \"Drie\" Fleschjes", "note": "back\\slash", "description": "two\nlines\r\tand a tab", "fixme": "bell\u{7}"],
        ["name:ja": "東京駅", "emoji": "🙂", "e\u{301}": "decomposed", "": "empty key", "Z": "upper", "a": ""],
        ["nul": "a\u{0}b", "addr:street": "Keizersgracht", "addr:housenumber": "148", "opening_hours": "Mo-Fr 08:00-18:00; Sa 10:00-17:00"],
    ])
    func fromTheBytesIsTheSameAsFromTheDictionary(tags: [String: String]) {
        let place = ImportedPlace(record: NameRecord(id: "osm:node/1", name: "x", kind: .poi, importance: 0, coordinate: nil), tags: tags)
        let list: ImportedPlaceList = [place]
        #expect(TagsJSON.encode(tagsOf: 0, in: list) == Self.reference(tags))
        #expect(TagsJSON.decode(TagsJSON.encode(tagsOf: 0, in: list)) == tags)
    }

    /// The JSON the store wrote from a tag dictionary before it wrote from bytes: sorted keys,
    /// quotes, backslashes and control characters escaped.
    static func reference(_ tags: [String: String]) -> String {
        func quoted(_ text: String) -> String {
            var result = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": result += "\\\""
                case "\\": result += "\\\\"
                case "\n": result += "\\n"
                case "\r": result += "\\r"
                case "\t": result += "\\t"
                case let control where control.value < 0x20: result += String(format: "\\u%04x", control.value)
                default: result.unicodeScalars.append(scalar)
                }
            }
            return result + "\""
        }
        return "{" + tags.keys.sorted().map { quoted($0) + ":" + quoted(tags[$0] ?? "") }.joined(separator: ",") + "}"
    }
}
