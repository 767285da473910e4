/// Times and distances as people type them, with one set of words for what is wrong: the CLI shows
/// them after its flag (`--max-walk 'x' is not a time …`), the server after the query parameter.
extension TimeAmount {
    /// - Parameters:
    ///   - bareUnit: seconds in a bare number (`15`).
    ///   - example: how to write one, for the message (`15, 10m or 1h`).
    /// - Throws: ``PlacesError`` (`usage`): "'x' is not a time; write it like 15, 10m or 1h".
    public static func parse(_ text: String, bareUnit: Double, example: String) throws(PlacesError) -> TimeAmount {
        guard let time = TimeAmount(parsing: text, bareUnit: bareUnit) else {
            throw PlacesError(.usage, "'\(text)' is not a time; write it like \(example)")
        }
        return time
    }
}

extension Distance {
    /// - Throws: ``PlacesError`` (`usage`): "'x' is not a distance; write it like 800m or 1.2km".
    public static func parse(_ text: String) throws(PlacesError) -> Distance {
        guard let distance = Distance(parsing: text) else {
            throw PlacesError(.usage, "'\(text)' is not a distance; write it like 800m or 1.2km")
        }
        return distance
    }
}
