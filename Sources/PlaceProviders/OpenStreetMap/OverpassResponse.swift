import PlaceBytes
import PlaceCore

/// Reads an Overpass API answer in `[out:json]` with `out center tags` (or `out tags bb`, where a
/// way or relation carries its box, `bounds`, and its centre is the box's middle, as Overpass
/// works out `center`).
enum OverpassReader {
    /// The elements, and the server's remark: set when it stopped the query (timeout, memory),
    /// in which case the elements are incomplete.
    static func read(_ root: JSONCursor, provider: ProviderID) throws(JSONShapeError) -> (places: [Place], remark: String?) {
        let (elements, remark) = try readElements(root, provider: provider)
        return (elements.map(\.place), remark)
    }

    /// The same with each area's box: what ``CarParks`` needs to give a garage its entrances.
    static func readElements(_ root: JSONCursor, provider: ProviderID) throws(JSONShapeError) -> (elements: [CarParks.Element], remark: String?) {
        var elements: [CarParks.Element] = []
        for cursor in try root.member("elements").array() {
            if let read = try element(cursor, provider: provider) { elements.append(read) }
        }
        return (elements, try root["remark"]?.string())
    }

    /// Nil for elements without a name or a position.
    static func place(_ element: JSONCursor, provider: ProviderID) throws(JSONShapeError) -> Place? {
        try self.element(element, provider: provider)?.place
    }

    private static func element(_ element: JSONCursor, provider: ProviderID) throws(JSONShapeError) -> CarParks.Element? {
        let type = try element.member("type").string()
        let id = try element.member("id").int64()
        let tags = try element["tags"]?.stringDictionary() ?? [:]
        var area: BoundingBox?
        if let bounds = element["bounds"] {
            area = BoundingBox(
                south: try bounds.member("minlat").double(), west: try bounds.member("minlon").double(),
                north: try bounds.member("maxlat").double(), east: try bounds.member("maxlon").double())
        }
        // Nodes carry lat/lon; ways and relations a centre (with `out center`) or a box (`out bb`).
        var latitude = try element["lat"]?.double()
        var longitude = try element["lon"]?.double()
        if latitude == nil || longitude == nil, let center = element["center"] {
            latitude = try center.member("lat").double()
            longitude = try center.member("lon").double()
        }
        if latitude == nil || longitude == nil, let area {
            latitude = (area.south + area.north) / 2
            longitude = (area.west + area.east) / 2
        }
        // Nil for elements without a position: nobody can be sent there.
        guard let latitude, let longitude, let coordinate = try? Coordinate(latitude: latitude, longitude: longitude),
            let place = OSMPlaceMapping.place(type: type, id: id, coordinate: coordinate, tags: tags, provider: provider)
        else { return nil }
        return CarParks.Element(place: place, area: area)
    }
}
