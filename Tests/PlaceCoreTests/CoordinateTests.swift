import Foundation
import PlaceCore
import Testing

struct CoordinateTests {
    @Test(arguments: [
        ("52.37,4.89", 52.37, 4.89),
        (" 52.37 , 4.89 ", 52.37, 4.89),
        ("-33.8688,151.2093", -33.8688, 151.2093),
        ("90,-180", 90, -180),
        ("+1.5,-0.25", 1.5, -0.25),
        ("0,0", 0, 0),
    ])
    func parsesWhatPeopleType(_ text: String, latitude: Double, longitude: Double) throws {
        let coordinate = try Coordinate(parsing: text)
        #expect(coordinate.latitude == latitude)
        #expect(coordinate.longitude == longitude)
    }

    @Test(arguments: [
        ("91,0", CoordinateError.Problem.latitudeOutOfRange(91)),
        ("-90.5,4", .latitudeOutOfRange(-90.5)),
        ("52,181", .longitudeOutOfRange(181)),
        ("abc", .wrongNumberOfParts(1)),
        ("52.37", .wrongNumberOfParts(1)),
        ("52.37,4.89,3", .wrongNumberOfParts(3)),
        ("", .wrongNumberOfParts(0)),
        ("52.37,", .notANumber("")),
        ("nan,4", .notANumber("nan")),
        ("inf,4", .notANumber("inf")),
        ("52.37;4.89", .wrongNumberOfParts(1)),
        ("0x10,4", .notANumber("0x10")),
    ])
    func rejectsWhatIsNotACoordinate(_ text: String, problem: CoordinateError.Problem) {
        #expect(throws: CoordinateError(input: text, problem: problem)) { try Coordinate(parsing: text) }
    }

    @Test func errorMessagesNameTheInputAndTheFix() {
        let outOfRange = CoordinateError(input: "91,0", problem: .latitudeOutOfRange(91))
        #expect(outOfRange.description.contains("'91,0'"))
        #expect(outOfRange.description.contains("-90…90"))
        #expect(outOfRange.description.contains("swap"))
        let oneNumber = CoordinateError(input: "52.37", problem: .wrongNumberOfParts(1))
        #expect(oneNumber.description.contains("LAT,LON"))
        // 200 cannot be a longitude mistaken for a latitude either: no swap hint.
        #expect(!CoordinateError(input: "200,0", problem: .latitudeOutOfRange(200)).description.contains("swap"))
    }

    @Test func validatingInitializerRejectsNonFiniteValues() {
        #expect(throws: CoordinateError.self) { try Coordinate(latitude: .nan, longitude: 0) }
        #expect(throws: CoordinateError.self) { try Coordinate(latitude: 0, longitude: .infinity) }
    }

    @Test func codableUsesLatAndLonAndValidates() throws {
        let data = try JSONEncoder().encode(Coordinate(52.37, 4.89))
        #expect(String(decoding: data, as: UTF8.self).contains("\"lat\""))
        #expect(try JSONDecoder().decode(Coordinate.self, from: data) == Coordinate(52.37, 4.89))
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Coordinate.self, from: Data(#"{"lat":95,"lon":0}"#.utf8)) }
    }

    @Test func descriptionIsShortAndParsesBack() throws {
        let coordinate = Coordinate(52.37, 4.89000001)
        #expect(coordinate.description == "52.37,4.89")
        #expect(try Coordinate(parsing: coordinate.description) == Coordinate(52.37, 4.89))
    }
}

struct PlaceIDTests {
    @Test(arguments: [
        ("foursquare:4b0587a5f964a52062a422e3", "foursquare", "4b0587a5f964a52062a422e3"),
        ("osm:node/2724001437", "osm", "node/2724001437"),
        ("feed:a:b", "feed", "a:b"),
    ])
    func parsesProviderAndNativeID(_ text: String, provider: String, native: String) throws {
        let id = try PlaceID(parsing: text)
        #expect(id.provider.rawValue == provider)
        #expect(id.nativeID == native)
        #expect(id.description == text)
    }

    @Test(arguments: ["nonsense", ":123", "osm:", "os m:node/1", "osm:node /1", ""])
    func rejectsMalformedIDs(_ text: String) {
        #expect(throws: PlaceIDError.self) { try PlaceID(parsing: text) }
    }
}

struct RatingAndPriceTests {
    @Test func ratingNormalisesToTenAndKeepsTheSource() throws {
        let stars = try #require(Rating(4.5, outOf: 5, count: 120))
        #expect(stars.value == 9)
        #expect(stars.sourceValue == 4.5)
        #expect(stars.sourceScale == 5)
        #expect(stars.count == 120)
        #expect(Rating(11, outOf: 10) == nil)
        #expect(Rating(-1, outOf: 10) == nil)
        #expect(Rating(5, outOf: 0) == nil)
        #expect(Rating(.nan, outOf: 10) == nil)
    }

    @Test func priceTiersAreOneToFour() {
        #expect(PriceLevel(tier: 0) == nil)
        #expect(PriceLevel(tier: 5) == nil)
        #expect(PriceLevel(tier: 2)?.symbol() == "€€")
        #expect(PriceLevel(tier: 3)?.symbol(currency: "$") == "$$$")
    }
}
