public import Foundation

/// What someone is looking for: `coffee`, `parking`. Providers say which they can answer.
public struct SearchCategory: RawRepresentable, Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The category's name: `coffee`.
    public let rawValue: String

    /// Makes a category from its name; any text is taken, not only the constants below.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The name: `coffee`.
    public var description: String { rawValue }

    /// Orders categories by name.
    public static func < (lhs: SearchCategory, rhs: SearchCategory) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Places for a coffee, as `places coffee` searches them.
    public static let coffee = SearchCategory(rawValue: "coffee")
    /// Places to park a car, as `places parking` searches them.
    public static let parking = SearchCategory(rawValue: "parking")
    /// Places a recommendation feed offers points for reaching, as `places recommendations` searches them.
    public static let recommendations = SearchCategory(rawValue: "recommendations")
}

/// A search as the user asked it, before any provider turns it into its own request.
public struct SearchRequest: Sendable, Equatable {
    /// What is being looked for.
    public var category: SearchCategory
    /// Where the person is (or will be): distances and walks start here.
    public var focus: Coordinate
    /// Metres around ``focus`` worth asking about.
    public var radius: Double
    /// At most this many candidates per provider; ranking picks the best of them.
    public var limit: Int
    /// The moment "open" is judged at; nil for "do not care".
    public var openAt: Date?
    /// What a parking search asks besides: the stay to price and how the driver pays. Nil for
    /// other categories, and for a parking search that only asks what is there.
    public var parking: ParkingSearch?

    /// A radius that is not a finite positive number becomes 1 m; a limit below 1 becomes 1.
    public init(
        category: SearchCategory, focus: Coordinate, radius: Double, limit: Int = 50, openAt: Date? = nil, parking: ParkingSearch? = nil
    ) {
        self.category = category
        self.focus = focus
        self.radius = radius.isFinite && radius > 1 ? radius : 1
        self.limit = max(1, limit)
        self.openAt = openAt
        self.parking = parking
    }
}
