/// Times and distances as people type them, with one set of words for what is wrong: the CLI shows
/// them after its flag (`--max-walk 'x' is not a time …`), the server after the query parameter.
extension StatedDuration {
    /// - Parameters:
    ///   - bare: whether a bare number (minutes) is accepted.
    ///   - units: the units the messages suggest.
    /// - Throws: ``PlacesError`` (`usage`) with ``problem(_:bareAllowed:units:)``'s words.
    public static func parse(_ text: String, bare: Bool, units: [String] = ["s", "m"]) throws(PlacesError) -> StatedDuration {
        guard let time = StatedDuration(parsing: text, bareUnit: bare ? bareUnit : nil) else {
            throw PlacesError(.usage, problem(text, bareAllowed: bare, units: units))
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
