import PlaceSearch

/// Reads an Overpass API answer in `[out:json]` with `out center tags`.
enum OverpassReader {
    /// The elements, and the server's remark: set when it stopped the query (timeout, memory),
    /// in which case the elements are incomplete.
    static func read(_ root: JSONCursor, provider: ProviderID) throws(JSONShapeError) -> (places: [Place], remark: String?) {
        var places: [Place] = []
        for element in try root.member("elements").array() {
            if let place = try place(element, provider: provider) { places.append(place) }
        }
        return (places, try root["remark"]?.string())
    }

    /// Nil for elements without a name or a position.
    static func place(_ element: JSONCursor, provider: ProviderID) throws(JSONShapeError) -> Place? {
        let type = try element.member("type").string()
        let id = try element.member("id").int64()
        let tags = try element["tags"]?.stringDictionary() ?? [:]
        // Nodes carry lat/lon; ways and relations a centre (with `out center`).
        var latitude = try element["lat"]?.double()
        var longitude = try element["lon"]?.double()
        if latitude == nil || longitude == nil, let center = element["center"] {
            latitude = try center.member("lat").double()
            longitude = try center.member("lon").double()
        }
        // Nil for elements without a position: nobody can be sent there.
        guard let latitude, let longitude, let coordinate = try? Coordinate(latitude: latitude, longitude: longitude) else {
            return nil
        }
        return OSMPlaceMapping.place(type: type, id: id, coordinate: coordinate, tags: tags, provider: provider)
    }
}
