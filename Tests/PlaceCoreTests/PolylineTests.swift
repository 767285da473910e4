import Foundation
import PlaceCore
import Testing

struct PolylineTests {
    static let googleExample = "_p~iF~ps|U_ulLnnqC_mqNvxq`@"
    static let googlePath = [Coordinate(38.5, -120.2), Coordinate(40.7, -120.95), Coordinate(43.252, -126.453)]

    @Test func decodesGooglesWorkedExample() throws {
        #expect(try Polyline.decode(Self.googleExample) == Self.googlePath)
    }

    @Test func encodesGooglesWorkedExample() {
        #expect(Polyline.encode(Self.googlePath) == Self.googleExample)
    }

    @Test func encodesGooglesSingleValue() {
        // The documented value: -179.9832104 → "`~oia@" (the latitude 0 adds "?" first).
        #expect(Polyline.encode([Coordinate(0, -179.9832104)]) == "?`~oia@")
        let decoded = try? Polyline.decode("?`~oia@")
        #expect(decoded == [Coordinate(0, -179.98321)])
    }

    @Test func emptyTextIsAnEmptyPath() throws {
        #expect(try Polyline.decode("").isEmpty)
        #expect(Polyline.encode([]) == "")
    }

    @Test(arguments: [5, 6])
    func roundTripsRoundedToThePrecision(_ precision: Int) throws {
        let path = [
            Coordinate(52.3731234, 4.8926789), Coordinate(52.3730001, 4.8930049), Coordinate(52.3676, 4.9041),
            Coordinate(-33.8688197, 151.2092955), Coordinate(89.9999999, -179.9999999), Coordinate(-90, 180),
            Coordinate(0, 0),
        ]
        let decoded = try Polyline.decode(Polyline.encode(path, precision: precision), precision: precision)
        #expect(decoded.count == path.count)
        let factor = precision == 5 ? 1e5 : 1e6
        for (original, back) in zip(path, decoded) {
            #expect(back.latitude == (original.latitude * factor).rounded() / factor)
            #expect(back.longitude == (original.longitude * factor).rounded() / factor)
        }
    }

    @Test func roundingErrorsDoNotAddUpAlongAPath() throws {
        // Many small steps: each point is rounded on its own, not its difference from the last.
        let path = (0..<1000).map { Coordinate(52.37 + Double($0) * 0.0000037, 4.89 + Double($0) * 0.0000041) }
        let decoded = try Polyline.decode(Polyline.encode(path, precision: 5), precision: 5)
        for (original, back) in zip(path, decoded) {
            #expect(abs(original.latitude - back.latitude) <= 0.000005 + 1e-12)
            #expect(abs(original.longitude - back.longitude) <= 0.000005 + 1e-12)
        }
    }

    @Test func precisionSixIsNotPrecisionFive() throws {
        let six = Polyline.encode(Self.googlePath, precision: 6)
        #expect(six != Self.googleExample)
        #expect(try Polyline.decode(six, precision: 6) == Self.googlePath)
        // Read at the wrong precision, the same text is ten times off (and here off the globe).
        #expect(throws: PolylineError.self) { try Polyline.decode(six, precision: 5) }
    }

    @Test(arguments: [
        ("_p~iF~ps|U_ulLnnqC_mqNvxq`", PolylineError(offset: 26, problem: .truncated)),  // cut inside the last value
        ("_p~iF", PolylineError(offset: 5, problem: .truncated)),  // a latitude without its longitude
        ("_p~iF~ps|U!", PolylineError(offset: 10, problem: .invalidCharacter(33))),
        ("_p~iF ~ps|U", PolylineError(offset: 5, problem: .invalidCharacter(32))),
        ("_p~iF~ps|Ué", PolylineError(offset: 10, problem: .invalidCharacter(0xC3))),
        (String(repeating: "~", count: 40) + "?", PolylineError(offset: 0, problem: .valueTooLong)),
        ("_mljP?", PolylineError(offset: 0, problem: .latitudeOutOfRange(91))),
        ("?_qvoa@", PolylineError(offset: 0, problem: .longitudeOutOfRange(181))),
    ])
    func hostileInputIsAnErrorNotATrap(_ text: String, expected: PolylineError) {
        #expect(throws: expected) { try Polyline.decode(text) }
    }

    @Test func absurdlyLongInputFailsQuickly() {
        let long = String(repeating: "~", count: 100_000)
        #expect(throws: PolylineError(offset: 0, problem: .valueTooLong)) { try Polyline.decode(long) }
        // Many valid but huge deltas: the running sum leaves the globe before it could overflow.
        let huge = String(repeating: "}~~~~~~~~~~?", count: 1000)
        #expect(throws: PolylineError.self) { try Polyline.decode(huge) }
    }

    @Test func unsupportedPrecisionIsAnError() {
        #expect(throws: PolylineError(offset: 0, problem: .unsupportedPrecision(12))) {
            try Polyline.decode("??", precision: 12)
        }
        #expect(throws: PolylineError(offset: 0, problem: .unsupportedPrecision(-1))) {
            try Polyline.decode("??", precision: -1)
        }
        // Encoding clamps instead: it cannot fail.
        #expect(Polyline.encode([Coordinate(1, 1)], precision: 40) == Polyline.encode([Coordinate(1, 1)], precision: 9))
    }

    @Test func errorsAreOneLineNamingTheOffset() {
        let errors: [PolylineError] = [
            PolylineError(offset: 10, problem: .invalidCharacter(33)), PolylineError(offset: 26, problem: .truncated),
            PolylineError(offset: 3, problem: .valueTooLong),
            PolylineError(offset: 7, problem: .latitudeOutOfRange(91.5)),
            PolylineError(offset: 7, problem: .longitudeOutOfRange(-181)),
            PolylineError(offset: 0, problem: .invalidCharacter(7)),
        ]
        for error in errors {
            #expect(error.description.contains("offset \(error.offset)"), "\(error)")
            #expect(!error.description.contains("\n"))
        }
        #expect(errors[0].description == "not an encoded polyline: '!' at offset 10 is outside '?'…'~' (63…126)")
        #expect(errors[3].description.contains("latitude 91.5"))
        #expect(errors[5].description.contains("byte 7"))
    }
}
