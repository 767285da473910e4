public import Autocomplete
public import PlaceCore

/// `complete`: what was typed, and how to answer it. Checked here once, for the CLI, the server
/// and the MCP tools alike; each edge words the parameter its own way (`--limit`, `limit`).
public struct CompleteQuery: Sendable {
    /// The text as typed: a name or its beginning, an address, "name, town".
    public var text: String
    /// Rank names near here first; nil: the saved centre, else the middle of the imported data.
    public var focus: Coordinate?
    /// Suggestions at most, within ``limits``.
    public var limit: Int
    /// `street`, `poi`, `place`, `address`; empty: all.
    public var kinds: [String]
    /// Whether a word may be found with a typo when nothing matches as typed.
    public var typoTolerance: Bool

    /// How many suggestions may be asked for.
    public static let limits = 1...100

    /// - Parameters:
    ///   - text: what was typed.
    ///   - focus: rank names near here first.
    ///   - kinds: `street`, `poi`, `place`, `address`; empty: all.
    public init(_ text: String, focus: Coordinate? = nil, limit: Int = 10, kinds: [String] = [], typoTolerance: Bool = true) {
        self.text = text
        self.focus = focus
        self.limit = limit
        self.kinds = kinds
        self.typoTolerance = typoTolerance
    }

    /// Checks the limit and the kinds.
    /// - Throws: ``PlacesError`` of kind usage, naming the parameter (`limit`, `kind`).
    public func validate() throws(PlacesError) {
        try Check.top(limit, range: Self.limits, parameter: "limit")
        for name in kinds where NameKind(name) == nil {
            throw PlacesError(.usage, "'\(name)' must be \(NameKind.choices)", parameter: "kind")
        }
    }

    /// The lookup this asks for.
    public var lookup: LookupQuery {
        LookupQuery(text, focus: focus, limit: limit, kinds: kinds.isEmpty ? nil : Set(kinds.compactMap(NameKind.init)), typoTolerance: typoTolerance)
    }
}

/// `reverse`: what is at a point, within a radius.
public struct ReverseQuery: Sendable {
    /// The point asked about.
    public var at: Coordinate
    /// How far from ``at`` a place may be, above 0 and at most ``farthest``.
    public var radius: Distance
    /// Answers at most, within ``limits``.
    public var limit: Int
    /// The data imported into the store only: no geocoder is asked, live or from recordings.
    public var offline: Bool

    /// How many answers may be asked for.
    public static let limits = 1...20
    /// Metres: the farthest a reverse looks (Photon's `/reverse` keeps its own 5 km).
    public static let farthest = 10_000.0

    /// - Parameters:
    ///   - at: the point asked about.
    ///   - radius: how far from it (250 m unless told).
    ///   - offline: the imported data only.
    public init(_ at: Coordinate, radius: Distance = Distance(meters: 250, text: "250m"), limit: Int = 5, offline: Bool = false) {
        self.at = at
        self.radius = radius
        self.limit = limit
        self.offline = offline
    }

    /// Checks the radius and the limit.
    /// - Throws: ``PlacesError`` of kind usage, naming the parameter (`radius`, `limit`).
    public func validate() throws(PlacesError) {
        guard radius.meters > 0, radius.meters <= Self.farthest else {
            throw PlacesError(.usage, "'\(radius.text)' must be a distance above 0 and at most 10 km, such as 250m", parameter: "radius")
        }
        try Check.top(limit, range: Self.limits, parameter: "limit")
    }
}

extension PlacesService {
    /// Completes a name as it is typed, from the name index of the imports: the best suggestions for
    /// the text, ranked by match, importance and nearness to the focus.
    /// - Throws: ``PlacesError``: usage for a query out of bounds; the index's own failures.
    public func complete(_ query: CompleteQuery) throws(PlacesError) -> LookupAnswer {
        try query.validate()
        return try complete(query.lookup)
    }

    /// What is at a point: the imported places and addresses nearest to it and, unless offline, what
    /// the geocoders answer, nearest first.
    /// - Throws: ``PlacesError``: usage for a query out of bounds.
    public func reverse(_ query: ReverseQuery) async throws(PlacesError) -> [ReverseMatch] {
        try query.validate()
        return try await reverse(query.at, radius: query.radius.meters, limit: query.limit, geocoders: !query.offline)
    }
}
