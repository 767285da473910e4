/// Why a text or a pair of numbers is not a coordinate.
public struct CoordinateError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong with the input.
    public enum Problem: Equatable, Sendable {
        /// The text is not two comma-separated parts: how many it has (0 for blank text).
        case wrongNumberOfParts(Int)
        /// A part is not a plain decimal number: that part, trimmed.
        case notANumber(String)
        /// A value is infinite or not a number.
        case notFinite
        /// The latitude, in degrees, is outside −90…90.
        case latitudeOutOfRange(Double)
        /// The longitude, in degrees, is outside −180…180.
        case longitudeOutOfRange(Double)
    }

    /// The text the user gave.
    public let input: String
    /// What is wrong with `input`.
    public let problem: Problem

    /// Makes an error for the text `input` with its `problem`.
    public init(input: String, problem: Problem) {
        self.input = input
        self.problem = problem
    }

    /// A message for the user that quotes the input and says what is wrong with it and what was expected.
    public var description: String {
        switch problem {
        case .wrongNumberOfParts(let count):
            return "'\(input)' is not a coordinate: expected LAT,LON such as 52.37,4.89, \(Self.got(input, parts: count))"
        case .notANumber(let part):
            return "'\(input)' is not a coordinate: '\(part)' is not a number (expected LAT,LON such as 52.37,4.89)"
        case .notFinite:
            return "'\(input)' is not a coordinate: latitude and longitude must be finite numbers"
        case .latitudeOutOfRange(let value):
            let swapped = (-180...180).contains(value) ? "; did you swap latitude and longitude?" : ""
            return "'\(input)': latitude \(Coordinate.format(value)) is outside -90…90\(swapped)"
        case .longitudeOutOfRange(let value):
            return "'\(input)': longitude \(Coordinate.format(value)) is outside -180…180"
        }
    }

    /// What the text was instead: "got a name" for "Leidseplein", "put a comma between the two
    /// numbers" for "52.37 4.89", "got one number", "got 3 parts".
    static func got(_ input: String, parts: Int) -> String {
        let words = input.split(whereSeparator: \.isWhitespace)
        let isNumber = { (word: Substring) in
            !word.isEmpty && word.allSatisfy { $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-" || $0 == "+") } && Double(word) != nil
        }
        if parts == 0 { return "got nothing" }
        if parts == 1, words.count == 2, words.allSatisfy(isNumber) { return "put a comma between the two numbers" }
        if parts == 1, !input.contains(where: \.isNumber) { return "got a name (this takes a position only)" }
        return parts == 1 ? "got one number" : "got \(parts) parts"
    }
}
