import Foundation
import PlaceBytes
public import PlaceCore

/// One OpenStreetMap element as a `Place`: the same mapping for the live Overpass answers and for
/// the data imported into the store, so that `osm:node/123` is the same place either way.
public enum OSMPlaceMapping {
    /// - Parameters:
    ///   - type: "node", "way" or "relation".
    ///   - coordinate: the node's position, or a way's or relation's centre.
    /// - Returns: nil for an element without a name: nobody can be sent to it by name.
    public static func place(type: String, id: Int64, coordinate: Coordinate, tags: [String: String], provider: ProviderID) -> Place? {
        guard let name = tags["name"].map({ $0.trimmedOfWhitespace }) ?? parkingName(tags), !name.isEmpty else {
            return nil
        }
        return Place(
            id: PlaceID(provider: provider, nativeID: "\(type)/\(id)"), name: name, coordinate: coordinate,
            categories: OSMTags.categories(tags), concepts: OSMTags.concepts(tags), hours: OSMTags.hours(tags),
            address: OSMTags.address(tags), phone: tags["phone"] ?? tags["contact:phone"],
            website: tags["website"] ?? tags["contact:website"], summary: tags["description"], parking: parking(tags),
            tags: tags.filter { !$0.key.hasPrefix(OSMTags.ownPrefix) })
    }

    /// Most car parks in OpenStreetMap have no name; one a driver can find still deserves a line
    /// that tells it from the next, but never a place in the name index (the importer indexes
    /// `name` tags only): what it is, its number, the street it is on (its address, else the street
    /// beside it that the import found) and who runs it: "Underground car park on Amstelstraat
    /// (Q-Park)", "Private car park on Valkenburgerstraat", "Car park P3".
    package static func parkingName(_ tags: [String: String]) -> String? {
        let amenities = OSMTags.values(tags["amenity"])
        let isEntrance = amenities.contains("parking_entrance")
        guard isEntrance || amenities.contains("parking") else { return nil }
        var kind =
            switch tags["parking"] {
            case "underground": "underground car park"
            case "multi-storey": "multi-storey car park"
            case "rooftop": "rooftop car park"
            case "street_side", "lane", "on_kerb", "half_on_kerb", "layby": "street parking"
            default: tags["park_ride"].map { $0 != "no" } == true ? "park and ride" : "car park"
            }
        switch tags["access"] {
        case "private", "no": kind = "private " + kind
        case "customers": kind = "customers' " + kind
        default: break
        }
        var label = kind.prefix(1).uppercased() + kind.dropFirst() + (isEntrance ? " entrance" : "")
        if let reference = tags["ref"], !reference.isEmpty { label += " \(reference)" }
        if let street = tags["addr:street"] ?? tags[OSMTags.streetKey], !street.isEmpty { label += " on \(street)" }
        if let operatorName = tags["operator"], !operatorName.isEmpty { label += " (\(operatorName))" }
        return label
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
