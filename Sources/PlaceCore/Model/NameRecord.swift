/// What a name in the autocomplete index stands for.
public enum NameKind: UInt8, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// A street, one entry per street name and town (not one per way segment).
    case street = 0
    /// A named point of interest: a café, a shop, a garage, a museum, a station.
    case poi = 1
    /// A settlement or an area: city, town, village, suburb, neighbourhood; a postcode; a country.
    case place = 2
    /// A house number on a street (or on a place without streets): "Keizersgracht 148". Looked up
    /// only when a query has a number in it, so that "Keizersgracht" lists the street, not its houses.
    case address = 3

    /// The kind as one word: "street", "poi", "place" or "address" (what a user types to name it).
    public var description: String {
        switch self {
        case .street: "street"
        case .poi: "poi"
        case .place: "place"
        case .address: "address"
        }
    }

    /// Reads a kind's word in any case, singular or plural ("Streets"); nil for any other word.
    public init?(_ text: String) {
        switch text.lowercased() {
        case "street", "streets": self = .street
        case "poi", "pois": self = .poi
        case "place", "places": self = .place
        case "address", "addresses": self = .address
        default: return nil
        }
    }

    /// The words `--kind` takes, for messages: "street, poi, place or address".
    public static let choices = "street, poi, place or address"
}

/// One name to index: what the store holds for a street, a POI, a place or an address, reduced to
/// what completion and the name lookup need.
public struct NameRecord: Sendable, Equatable {
    /// A stable id: `osm:node/123`, `osm:way/45` (a street: its first way), `names:streets.csv#12`.
    public var id: String
    /// The name as it is written, for display. An address's is its street and number as they are
    /// written there: "Keizersgracht 148".
    public var name: String
    /// Whether the name is a street, a point of interest, a place or an address.
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
    /// The town or city it lies in ("Helsinki" for Senaatintori, "Amsterdam" for Rokin 18), nil for
    /// a town itself or where it is not known. A query's qualifier ("Senaatintori, Helsinki") is
    /// checked against it.
    public var locality: String?
    /// ISO 3166-1 alpha-2, upper case ("NL"), where known.
    public var countryCode: String?
    /// The main OpenStreetMap tag, `tourism=hotel`, `railway=station`, `place=square`: what the
    /// kind words of a query ("hotel", "asema") are matched against.
    public var category: String?

    /// Makes a record from its fields; those with defaults start unknown, or with no alternate names.
    public init(
        id: String, name: String, kind: NameKind, importance: Float, coordinate: Coordinate?, detail: String? = nil,
        alternateNames: [String] = [], locality: String? = nil, countryCode: String? = nil, category: String? = nil
    ) {
        self.id = id
        self.name = name
        self.kind = kind
        self.importance = importance
        self.coordinate = coordinate
        self.detail = detail
        self.alternateNames = alternateNames
        self.locality = locality
        self.countryCode = countryCode
        self.category = category
    }
}
