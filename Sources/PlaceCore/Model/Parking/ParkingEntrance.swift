/// Where a car drives into (or out of) a car park: an OpenStreetMap `amenity=parking_entrance`
/// that belongs to the car park around or beside it.
public struct ParkingEntrance: Sendable, Equatable, Codable {
    /// The entrance's own id, when the provider gives one (`osm:node/6757261126`).
    public var id: PlaceID?
    /// Its name, when it has one ("Rokin Garage (Ingang)").
    public var name: String?
    /// Where the entrance is.
    public var coordinate: Coordinate

    /// Makes an entrance at `coordinate`, with its id and name when they are known.
    public init(id: PlaceID? = nil, name: String? = nil, coordinate: Coordinate) {
        self.id = id
        self.name = name
        self.coordinate = coordinate
    }
}
