import Foundation
public import PlaceSearch

/// One OpenStreetMap element as a `Place`: the same mapping for the live Overpass answers and for
/// the data imported into the store, so that `osm:node/123` is the same place either way.
public enum OSMPlaceMapping {
    /// - Parameters:
    ///   - type: "node", "way" or "relation".
    ///   - coordinate: the node's position, or a way's or relation's centre.
    /// - Returns: nil for an element without a name: nobody can be sent to it by name.
    public static func place(type: String, id: Int64, coordinate: Coordinate, tags: [String: String], provider: ProviderID) -> Place? {
        guard let name = tags["name"].map({ $0.trimmingCharacters(in: .whitespaces) }) ?? parkingName(tags), !name.isEmpty else {
            return nil
        }
        return Place(
            id: PlaceID(provider: provider, nativeID: "\(type)/\(id)"), name: name, coordinate: coordinate,
            categories: OSMTags.categories(tags), concepts: OSMTags.concepts(tags), hours: OSMTags.hours(tags),
            address: OSMTags.address(tags), phone: tags["phone"] ?? tags["contact:phone"],
            website: tags["website"] ?? tags["contact:website"], summary: tags["description"], parking: parking(tags), tags: tags)
    }

    /// Most car parks in OpenStreetMap have no name; one a driver can find still deserves a line,
    /// but never a place in the name index (the importer indexes `name` tags only).
    static func parkingName(_ tags: [String: String]) -> String? {
        guard tags["amenity"] == "parking" || tags["amenity"] == "parking_entrance" else { return nil }
        if let reference = tags["ref"] { return "Parking \(reference)" }
        if let operatorName = tags["operator"] { return "Parking (\(operatorName))" }
        return tags["amenity"] == "parking_entrance" ? "Car park entrance" : "Car park"
    }

    /// What OpenStreetMap says about parking: the kind from `parking=*`, room from `capacity`.
    /// No prices: `fee=yes` says only that it costs something.
    static func parking(_ tags: [String: String]) -> ParkingOffer? {
        switch tags["amenity"] {
        case "parking":
            let kind: ParkingOffer.Kind =
                switch tags["parking"] {
                case "multi-storey", "underground", "rooftop": .garage
                default: tags["park_ride"].map { $0 != "no" } == true ? .parkAndRide : .lot
                }
            return ParkingOffer(kind: kind, reference: tags["ref"])
        case "parking_entrance":
            return ParkingOffer(kind: .garage, reference: tags["ref"])
        default:
            return nil
        }
    }
}
