public import PlaceCore

/// `node/123`, `way/45`, `relation/6`: the native ids of OpenStreetMap places, live or imported.
enum OSMIdentifier {
    static func problem(_ id: PlaceID) -> String? {
        let parts = id.nativeID.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count == 2, ["node", "way", "relation"].contains(parts[0]), !parts[1].isEmpty, parts[1].allSatisfy(\.isASCII),
            parts[1].allSatisfy(\.isNumber)
        {
            return nil
        }
        return "'\(id)' is not an OpenStreetMap id; they look like \(id.provider):node/123, \(id.provider):way/45 or \(id.provider):relation/6"
    }
}

extension OverpassProvider {
    /// Why `id` is not an OpenStreetMap id (`node/123`, `way/45` or `relation/6` after the prefix), or nil when it is one.
    public func idProblem(_ id: PlaceID) -> String? { OSMIdentifier.problem(id) }
}

extension StoredOSMProvider {
    /// Why `id` is not an OpenStreetMap id (`node/123`, `way/45` or `relation/6` after the prefix), or nil when it is one.
    public func idProblem(_ id: PlaceID) -> String? { OSMIdentifier.problem(id) }
}

extension ParkSharkProvider {
    /// Why `id` is not a ParkShark meter (digits only, as in `parkshark:10418`), or nil when it is one.
    public func idProblem(_ id: PlaceID) -> String? {
        id.nativeID.allSatisfy({ $0.isASCII && $0.isNumber }) && !id.nativeID.isEmpty
            ? nil : "'\(id)' is not a ParkShark meter; they look like parkshark:10418, as 'places parking' prints them"
    }
}

extension FoursquareProvider {
    /// Why `id` is not a Foursquare place id (ASCII letters and digits only), or nil when it is one.
    public func idProblem(_ id: PlaceID) -> String? {
        id.nativeID.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) && !id.nativeID.isEmpty
            ? nil : "'\(id)' is not a Foursquare place id; they look like foursquare:4a1a9b2ef964a520517a1fe3"
    }
}
