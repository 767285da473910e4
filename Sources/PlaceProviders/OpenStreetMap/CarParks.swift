import Foundation
import PlaceBytes
public import PlaceCore

/// One car park, listed once with its ways in and out.
///
/// OpenStreetMap maps a garage as an `amenity=parking` area and its entrances and exits as
/// `amenity=parking_entrance` nodes, often named too: central Amsterdam has "Parkeergarage Rokin"
/// and, inside its area, "Rokin Garage (Ingang)" and "Rokin Garage (uitgang)". Listed as they are,
/// one garage is three. Here an entrance inside a car park's area or within ``margin`` of it
/// (of its point, for a car park mapped as a node) becomes one of its ``ParkingOffer/entrances``;
/// entrances of a car park whose area is not mapped stay a place, one per garage: those within
/// ``clusterReach`` of each other with the same name (less "(ingang)", "(exit)" …) or both unnamed
/// are one, named without the "(ingang)".
public enum CarParks {
    /// A car park or an entrance as a provider read it, with its area's box when it is an area.
    public struct Element: Sendable {
        /// The car park or entrance.
        public var place: Place
        /// The box around its area; nil for a node, or when no box was given.
        public var area: BoundingBox?

        /// An element of `place` and the box around its area, if it has one.
        public init(place: Place, area: BoundingBox?) {
            self.place = place
            self.area = area
        }
    }

    /// Metres beside a car park's area (or point) within which an entrance is its own: the ramp
    /// of an underground garage starts in the street next to the area above it.
    public static let margin = 30.0
    /// Metres within which entrances without a mapped car park belong to one garage.
    public static let clusterReach = 120.0

    /// Car parks with their entrances, then the entrances that belong to none, grouped; other
    /// places pass through. Order: as given, each group where its first member was.
    public static func group(_ elements: [Element]) -> [Place] {
        let isEntrance = elements.map { $0.place.tags["amenity"] == "parking_entrance" }
        var entrancesOf: [Int: [ParkingEntrance]] = [:]
        var attached = Set<Int>()
        for (index, element) in elements.enumerated() where isEntrance[index] {
            let coordinate = element.place.coordinate
            let owner = elements.indices
                .filter { !isEntrance[$0] && elements[$0].place.parking != nil && contains(elements[$0], coordinate) }
                .min {
                    elements[$0].place.coordinate.distance(to: coordinate)
                        < elements[$1].place.coordinate.distance(to: coordinate)
                }
            guard let owner else { continue }
            entrancesOf[owner, default: []].append(entrance(element.place))
            attached.insert(index)
        }
        // The entrances left: one group per garage.
        var groups: [[Int]] = []
        for index in elements.indices where isEntrance[index] && !attached.contains(index) {
            let place = elements[index].place
            if let group = groups.firstIndex(where: { group in
                let first = elements[group[0]].place
                return first.coordinate.distance(to: place.coordinate) <= clusterReach && stem(first) == stem(place)
                    && first.tags["parking"] == place.tags["parking"]
            }) {
                groups[group].append(index)
            } else {
                groups.append([index])
            }
        }
        var leaderOf: [Int: [Int]] = [:]
        for group in groups { leaderOf[group[0]] = group }

        var places: [Place] = []
        for (index, element) in elements.enumerated() {
            var place = element.place
            if isEntrance[index] {
                guard let group = leaderOf[index] else { continue }
                let members = group.map { elements[$0].place }
                if let name = stem(place), place.tags["name"] != nil { place.name = name }
                place.parking?.entrances = members.map(entrance)
            } else if let entrances = entrancesOf[index] {
                place.parking?.entrances = entrances
            }
            places.append(place)
        }
        return places
    }

    /// Whether `coordinate` is inside the car park's area or beside it (its point, for a node).
    static func contains(_ element: Element, _ coordinate: Coordinate) -> Bool {
        guard let area = element.area else { return element.place.coordinate.distance(to: coordinate) <= margin }
        let latitudeMargin = margin / 111_195
        let longitudeMargin = margin / (111_195 * max(0.01, cos(coordinate.latitude * .pi / 180)))
        return coordinate.latitude >= area.south - latitudeMargin && coordinate.latitude <= area.north + latitudeMargin
            && coordinate.longitude >= area.west - longitudeMargin
            && coordinate.longitude <= area.east + longitudeMargin
    }

    static func entrance(_ place: Place) -> ParkingEntrance {
        ParkingEntrance(id: place.id, name: place.tags["name"], coordinate: place.coordinate)
    }

    /// Words that say which way an entrance goes, not which garage it is.
    static let wayWords: Set<String> = [
        "ingang", "uitgang", "inrit", "uitrit", "entrance", "exit", "entry", "main", "in", "out", "uit", "einfahrt",
        "ausfahrt",
        "zufahrt", "entree", "sortie", "voetgangers", "pedestrian",
    ]

    /// An entrance's name without the words that say which way it goes: "Rokin Garage (Ingang)" →
    /// "Rokin Garage", "Q-Park Waterlooplein (main entrance)" → "Q-Park Waterlooplein"; nil unnamed.
    static func stem(_ place: Place) -> String? {
        guard let name = place.tags["name"]?.trimmedOfWhitespace, !name.isEmpty else { return nil }
        var text = name
        // A bracketed part made only of such words goes: "(Ingang)", "(main entrance)".
        if let open = text.lastIndex(of: "("), text.hasSuffix(")") {
            let inside = TextFolding.words(String(text[text.index(after: open)..<text.index(before: text.endIndex)]))
            if !inside.isEmpty, inside.allSatisfy(wayWords.contains) { text = String(text[..<open]) }
        }
        // So do such words at the end: "Rokin Garage ingang", "Bijenkorf - uitrit".
        var words = text.split(separator: " ").map(String.init)
        while let last = words.last, wayWords.contains(TextFolding.fold(last)) || last == "-" || last == "–" {
            words.removeLast()
        }
        let stem = words.joined(separator: " ").trimmedOfWhitespace
        return stem.isEmpty ? name : stem
    }
}
