import OSMFormat
import PlaceImport
import PlaceCore
import Testing

/// Addresses, postcodes, localities and countries of an import, on hand-made elements.
struct OSMAddressTests {
    static func node(_ id: Int64, _ lat: Double, _ lon: Double, _ tags: [String: String] = [:]) -> OSMElement {
        OSMExtractorTests.node(id, lat, lon, tags)
    }

    static func way(_ id: Int64, _ refs: [Int64], _ tags: [String: String]) -> OSMElement { OSMExtractorTests.way(id, refs, tags) }

    static func extract(_ elements: [OSMElement]) -> [ImportedPlace] {
        var extractor = OSMExtractor()
        for element in elements { extractor.consume(element) }
        return Array(extractor.finish())
    }

    static func address(_ street: String, _ number: String, _ extra: [String: String] = [:]) -> [String: String] {
        ["addr:street": street, "addr:housenumber": number].merging(extra) { $1 }
    }

    /// A town, a café with an address, address nodes with suffixes, a building with an address,
    /// "12;14", a village address by place, and an odd-numbered interpolation between 1 and 9.
    static let elements: [OSMElement] = [
        node(1, 52.3740, 4.8897, ["place": "city", "name": "Amsterdam", "population": "900000"]),
        node(2, 52.3752, 4.8840, address("Keizersgracht", "148", ["addr:postcode": "1015CX", "addr:country": "NL", "addr:city": "Amsterdam"])),
        node(3, 52.3753, 4.8841, address("Keizersgracht", "69E", ["addr:postcode": "1015CX"])),
        node(4, 52.3754, 4.8842, address("Keizersgracht", "194-2")),
        node(5, 52.3755, 4.8843, address("Keizersgracht", "6 bis")),
        node(6, 52.3756, 4.8844, address("Keizersgracht", "12;14")),
        node(7, 52.3720, 4.8930, ["amenity": "cafe", "name": "Café Rokin", "addr:street": "Rokin", "addr:housenumber": "18"]),
        node(8, 52.3800, 4.8800, ["addr:place": "Westelijke Eilanden", "addr:housenumber": "3"]),
        node(10, 52.3700, 4.8900), node(11, 52.3701, 4.8901), node(12, 52.3702, 4.8900), node(13, 52.3701, 4.8899),
        way(100, [10, 11, 12, 13, 10], ["building": "yes", "addr:street": "Nes", "addr:housenumber": "41", "addr:postcode": "1012 KD"]),
        node(20, 52.3600, 4.9000, ["addr:street": "Plantage", "addr:housenumber": "1"]),
        node(21, 52.3600, 4.9010),
        node(22, 52.3600, 4.9020, ["addr:street": "Plantage", "addr:housenumber": "9"]),
        way(101, [20, 21, 22], ["addr:interpolation": "odd"]),
        node(30, 52.3710, 4.8920, ["railway": "station", "name": "Amsterdam Centraal", "public_transport": "station"]),
        node(31, 52.3711, 4.8921, ["building": "yes", "name": "Beurs van Berlage"]),
    ]

    static let places = extract(elements)

    static func addresses() -> [String: ImportedPlace] {
        Dictionary(places.filter { $0.record.kind == .address }.map { ($0.record.name, $0) }, uniquingKeysWith: { a, _ in a })
    }

    @Test func everyAddressBecomesANameWithItsNumberAsWritten() {
        let found = Self.addresses()
        for name in ["Keizersgracht 148", "Keizersgracht 69E", "Keizersgracht 194-2", "Keizersgracht 6 bis", "Nes 41", "Westelijke Eilanden 3"] {
            #expect(found[name] != nil, "\(name) in \(found.keys.sorted())")
        }
        #expect(found["Keizersgracht 12"] != nil && found["Keizersgracht 14"] != nil, "12;14 is two addresses")
        #expect(found["Keizersgracht 148"]?.record.id == "osm:node/2")
        #expect(found["Nes 41"]?.record.id == "osm:way/100", "a building's address is at its middle")
    }

    @Test func aPlaceWithAnAddressKeepsItsIdAndItsAddressGetsItsOwn() {
        let found = Self.addresses()
        #expect(found["Rokin 18"]?.record.id == "osm:node/7/address")
        #expect(Self.places.contains { $0.record.id == "osm:node/7" && $0.record.kind == .poi })
    }

    @Test func anInterpolationFillsTheNumbersBetweenItsEnds() {
        let found = Self.addresses()
        let filled = (3...7).filter { $0 % 2 == 1 }.map { "Plantage \($0)" }
        for name in filled { #expect(found[name] != nil, "\(name)") }
        #expect(found["Plantage 4"] == nil, "odd numbers only")
        let three = try? #require(found["Plantage 3"]?.record.coordinate)
        #expect(three.map { $0.longitude > 4.9 && $0.longitude < 4.902 } == true, "a quarter of the way from 1 to 9")
    }

    @Test func addressesKnowTheirTownPostcodeAndCountry() {
        let found = Self.addresses()
        #expect(found["Keizersgracht 148"]?.record.locality == "Amsterdam")
        #expect(found["Keizersgracht 148"]?.record.detail == "1015CX Amsterdam")
        #expect(found["Keizersgracht 69E"]?.record.locality == "Amsterdam", "the city around it, from its place node")
        #expect(found["Keizersgracht 69E"]?.record.countryCode == "NL", "the country the elements around it name")
    }

    @Test func postcodesArePlacesAtTheMiddleOfTheirAddresses() {
        let postcode = Self.places.first { $0.category == "place=postcode" && $0.record.name == "1015CX" }
        #expect(postcode?.record.alternateNames == ["1015 CX"])
        #expect(postcode?.record.coordinate.map { abs($0.latitude - 52.37525) < 0.0001 } == true)
        let spaced = Self.places.first { $0.category == "place=postcode" && $0.record.name == "1012 KD" }
        #expect(spaced?.record.alternateNames == ["1012KD"])
    }

    /// One postcode written two ways is one place, named as most of its addresses write it, at
    /// the middle of all of them; whatever order the file gives them in, the same rows come out.
    @Test func aPostcodeWrittenTwoWaysIsOnePlaceEveryTime() {
        let elements = [
            Self.node(1, 52.3700, 4.8900, Self.address("Rokin", "1", ["addr:postcode": "1012 JS", "addr:country": "NL"])),
            Self.node(2, 52.3710, 4.8900, Self.address("Rokin", "3", ["addr:postcode": "1012JS", "addr:country": "NL"])),
            Self.node(3, 52.3720, 4.8900, Self.address("Rokin", "5", ["addr:postcode": "1012JS", "addr:country": "NL"])),
        ]
        for order in [elements, elements.reversed()] {
            let postcodes = Self.extract(Array(order)).filter { $0.category == "place=postcode" }
            #expect(postcodes.count == 1)
            #expect(postcodes.first?.record.id == "osm:postcode/NL/1012JS")
            #expect(postcodes.first?.record.name == "1012JS")
            #expect(postcodes.first?.record.coordinate.map { abs($0.latitude - 52.3710) < 0.00001 } == true)
        }
    }

    /// Postcodes are kept in upper case with single spaces however they are written; a country
    /// is read from any of its keys, trimmed and in upper case, and ignored when it is no code.
    @Test func postcodesAndCountriesAreKeptInOneSpelling() {
        let written: [(postcode: String, country: [String: String], kept: String, code: String?)] = [
            ("1012 js", ["addr:country": "nl"], "1012 JS", "NL"),
            ("1012  JS", ["country_code": " NL "], "1012 JS", "NL"),
            ("1012JS", ["is_in:country_code": "BE"], "1012JS", "BE"),
            ("SW1A 2AA", ["ISO3166-1": "GB"], "SW1A 2AA", "GB"),
            ("75001", ["ISO3166-1:alpha2": "FR"], "75001", "FR"),
            ("d-10115", ["addr:country": "Deutschland"], "D-10115", nil),
        ]
        for (index, form) in written.enumerated() {
            let tags = Self.address("Damrak", "\(index + 1)", ["addr:postcode": form.postcode].merging(form.country) { $1 })
            let address = Self.extract([Self.node(Int64(index + 1), 52.3760, 4.8960, tags)]).first { $0.record.kind == .address }
            #expect(address?.record.detail?.hasPrefix(form.kept) == true, "\(form.postcode): \(address?.record.detail ?? "none")")
            if let code = form.code {
                #expect(address?.record.countryCode == code, "\(form.country)")
            }
        }
    }

    @Test func stationsAndNamedBuildingsArePlacesToGoTo() {
        let station = Self.places.first { $0.record.name == "Amsterdam Centraal" }
        #expect(station?.record.kind == .poi)
        #expect(station?.category == "railway=station")
        #expect(station?.record.detail == "Station")
        #expect(Self.places.first { $0.record.name == "Beurs van Berlage" }?.category == "building=yes")
    }

    @Test func streetsAndPoisLieInTheirTown() {
        #expect(Self.places.first { $0.record.name == "Café Rokin" }?.record.locality == "Amsterdam")
        #expect(Self.places.first { $0.record.name == "Amsterdam" }?.record.locality == nil, "a town is its own locality")
    }

    @Test func numberFirstCountriesWriteTheNumberFirst() {
        let places = Self.extract([
            Self.node(1, 51.5034, -0.1276, ["addr:street": "Downing Street", "addr:housenumber": "10", "addr:country": "GB"])
        ])
        #expect(places.first { $0.record.kind == .address }?.record.name == "10 Downing Street")
    }

    @Test func aNumberNoOneCouldTypeIsNoAddress() {
        let places = Self.extract([
            Self.node(1, 52.0, 4.0, Self.address("Long", String(repeating: "9", count: 20))),
            Self.node(2, 52.0, 4.0, Self.address("Bare", "")),
            Self.node(3, 52.0, 4.0, Self.address("Control", "1\u{7}")),
        ])
        #expect(places.filter { $0.record.kind == .address }.isEmpty)
    }
}
