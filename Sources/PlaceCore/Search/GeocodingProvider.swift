/// A name to find: what was typed, and where the person is (answers near it come first).
public struct GeocodeRequest: Sendable, Equatable {
    /// The name to find, as it was typed.
    public var text: String
    /// Where the person is, so that answers near it come first; nil for no preference.
    public var focus: Coordinate?
    /// The most answers wanted, 1…50.
    public var limit: Int

    /// Makes a request for `text` near `focus`, with `limit` brought within 1…50.
    public init(text: String, focus: Coordinate? = nil, limit: Int = 5) {
        self.text = text
        self.focus = focus
        self.limit = max(1, min(limit, 50))
    }
}

/// A place a geocoder found for a name or a position.
public struct GeocodedPlace: Sendable, Equatable {
    /// The place's name as the geocoder gives it.
    public var name: String
    /// Where the place is.
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

    /// Makes a found place from its name and position and whatever else the geocoder gave.
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
