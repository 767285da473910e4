package import Foundation

/// How a favourite's place is kept in `favorite.place_json`.
///
/// Sorted keys, so that two versions of a place line up when read or diffed; dates as seconds
/// since 1970, like the table's date columns, because numbers decode without a date parser and
/// keep sub-second precision.
package enum PlaceJSON {
    package static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .secondsSince1970
        return encoder
    }

    package static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return decoder
    }

    package static func encode(_ place: Place, with encoder: JSONEncoder = encoder()) throws -> String {
        String(decoding: try encoder.encode(place), as: UTF8.self)
    }

    package static func decode(_ text: String, with decoder: JSONDecoder = decoder()) throws -> Place {
        try decoder.decode(Place.self, from: Data(text.utf8))
    }
}
