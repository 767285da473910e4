/// A name to find: what was typed, and where the person is (answers near it come first).
public struct GeocodeRequest: Sendable, Equatable {
    public var text: String
    public var focus: Coordinate?
    public var limit: Int

    public init(text: String, focus: Coordinate? = nil, limit: Int = 5) {
        self.text = text
        self.focus = focus
        self.limit = max(1, min(limit, 50))
    }
}

/// A place a geocoder found for a name or a position.
public struct GeocodedPlace: Sendable, Equatable {
    public var name: String
    public var coordinate: Coordinate
    /// What it is, in a word or two: "square", "street", "city", "museum".
    public var kind: String?
    /// Where it is: "Amsterdam, Netherlands".
    public var area: String?
    /// The source's own id, `osm:node/123` for Photon.
    public var id: String?
    /// How far from the asked position, for a reverse lookup.
    public var distance: Double?
    /// The whole record as the source gave it, for documents that mirror the source (Photon's properties).
    public var properties: [String: String]

    public init(
        name: String, coordinate: Coordinate, kind: String? = nil, area: String? = nil, id: String? = nil, distance: Double? = nil,
        properties: [String: String] = [:]
    ) {
        self.name = name
        self.coordinate = coordinate
        self.kind = kind
        self.area = area
        self.id = id
        self.distance = distance
        self.properties = properties
    }
}

/// A provider that turns names into positions and positions into names (Photon).
public protocol GeocodingProvider: Provider {
    /// Places whose names match `request.text`, best first.
    func geocode(_ request: GeocodeRequest) async throws -> [GeocodedPlace]
    /// What is at `coordinate`, nearest first.
    func reverse(_ coordinate: Coordinate, limit: Int) async throws -> [GeocodedPlace]
}
