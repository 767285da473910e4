extension Coordinate {
    /// Parses `LAT,LON` as people type it: `52.37,4.89`, `52.37, 4.89`, `-33.86,151.21`.
    ///
    /// Exactly two comma-separated decimal numbers, latitude first (the order of Google Maps,
    /// Foursquare's `ll` and our `--near`). Whitespace around each number is ignored.
    /// - Throws: ``CoordinateError`` naming the input and what is wrong with it.
    public init(parsing text: String) throws(CoordinateError) {
        let trimmed = text.trimmingWhitespace()
        let parts = trimmed.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2 else {
            throw CoordinateError(input: text, problem: .wrongNumberOfParts(trimmed.isEmpty ? 0 : parts.count))
        }
        var values: [Double] = []
        for part in parts {
            let token = String(part).trimmingWhitespace()
            guard let value = Self.parseDecimal(token) else {
                throw CoordinateError(input: text, problem: .notANumber(token))
            }
            values.append(value)
        }
        do {
            try self.init(latitude: values[0], longitude: values[1])
        } catch {
            throw CoordinateError(input: text, problem: error.problem)
        }
    }

    /// Plain decimal notation only: `Double("nan")`, `"inf"` or hex floats are not coordinates.
    private static func parseDecimal(_ token: String) -> Double? {
        guard !token.isEmpty,
            token.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-" || $0 == "+") })
        else { return nil }
        return Double(token)
    }
}

extension String {
    func trimmingWhitespace() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
