/// What a name in the autocomplete index stands for.
public enum NameKind: UInt8, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// A street, one entry per street name and town (not one per way segment).
    case street = 0
    /// A named point of interest: a café, a shop, a garage, a museum.
    case poi = 1
    /// A settlement or an area: city, town, village, suburb, neighbourhood.
    case place = 2

    public var description: String {
        switch self {
        case .street: "street"
        case .poi: "poi"
        case .place: "place"
        }
    }

    public init?(_ text: String) {
        switch text.lowercased() {
        case "street", "streets": self = .street
        case "poi", "pois": self = .poi
        case "place", "places": self = .place
        default: return nil
        }
    }
}

/// One name to index: what the store holds for a street, a POI or a place, reduced to what completion needs.
public struct NameRecord: Sendable, Equatable {
    /// A stable id: `osm:node/123`, `osm:way/45` (a street: its first way), `names:streets.csv#12`.
    public var id: String
    /// The name as it is written, for display.
    public var name: String
    public var kind: NameKind
    /// 0…1: a city above a village, a long street above an alley, a museum above a bench.
    public var importance: Float
    /// Absent for name lists that carry no position (the BAG street list).
    public var coordinate: Coordinate?
    /// A short label shown beside the name: "Café", "Amsterdam", "street".
    public var detail: String?
    /// Other names the place is known by and can be found by: "München" and "Muenchen" for Munich,
    /// OpenStreetMap's `name:*`, `alt_name`, `old_name` and `official_name`. Shown only when a user
    /// typed towards one of them.
    public var alternateNames: [String]

    public init(
        id: String, name: String, kind: NameKind, importance: Float, coordinate: Coordinate?, detail: String? = nil,
        alternateNames: [String] = []
    ) {
        self.id = id
        self.name = name
        self.kind = kind
        self.importance = importance
        self.coordinate = coordinate
        self.detail = detail
        self.alternateNames = alternateNames
    }
}
