/// A place as one provider (or several, merged) describes it.
///
/// Only ``id``, ``name`` and ``coordinate`` are required; every other field is what the provider
/// happened to know. ``sources`` keeps the provenance when records of several providers were
/// merged into this one.
public struct Place: Sendable, Codable, Equatable {
    /// This record's identity: the provider that gave it and that provider's id for the place.
    public var id: PlaceID
    /// The name as the provider gives it, shown to the user.
    public var name: String
    /// Where the place is, as the provider puts it.
    public var coordinate: Coordinate
    /// The provider's own labels, most specific first.
    public var categories: [Category]
    /// What the place is, in provider-neutral terms (see ``PlaceConcept``).
    public var concepts: Set<PlaceConcept>
    /// How people rate the place, when the provider says.
    public var rating: Rating?
    /// The price tier, when the provider says.
    public var price: PriceLevel?
    /// When the place is open; nil when the provider gave no hours that could be read.
    public var hours: OpeningHours?
    /// The postal address, when the provider gives one.
    public var address: Address?
    /// The telephone number as the provider writes it.
    public var phone: String?
    /// The place's website as the provider gives it, a URL in text.
    public var website: String?
    /// A short description of the place in the provider's words.
    public var summary: String?
    /// Photos of the place, in the provider's order.
    public var photos: [Photo]
    /// Notes visitors left about the place, in the provider's order.
    public var tips: [Tip]
    /// For a parking place: its kind, the cost of the stay asked about, whether there is room.
    public var parking: ParkingOffer?
    /// For a recommendation from a feed: its points, reach and expiry.
    public var recommendation: RecommendationOffer?
    /// Provider attributes worth keeping verbatim, such as OpenStreetMap tags (`cuisine`, `brand`).
    public var tags: [String: String]
    /// This record's id first, then the ids of every record merged into it.
    public var sources: [PlaceID]

    /// Makes a place from what the provider knows; `sources` defaults to `[id]`, this record alone.
    public init(
        id: PlaceID, name: String, coordinate: Coordinate, categories: [Category] = [],
        concepts: Set<PlaceConcept> = [], rating: Rating? = nil, price: PriceLevel? = nil,
        hours: OpeningHours? = nil, address: Address? = nil, phone: String? = nil, website: String? = nil,
        summary: String? = nil, photos: [Photo] = [], tips: [Tip] = [], parking: ParkingOffer? = nil,
        recommendation: RecommendationOffer? = nil, tags: [String: String] = [:], sources: [PlaceID]? = nil
    ) {
        self.id = id
        self.name = name
        self.coordinate = coordinate
        self.categories = categories
        self.concepts = concepts
        self.rating = rating
        self.price = price
        self.hours = hours
        self.address = address
        self.phone = phone
        self.website = website
        self.summary = summary
        self.photos = photos
        self.tips = tips
        self.parking = parking
        self.recommendation = recommendation
        self.tags = tags
        self.sources = sources ?? [id]
    }

    /// How much this record knows: one point per filled field. The richer record wins a merge.
    public var richness: Int {
        var score = 0
        if !categories.isEmpty { score += 1 }
        if rating != nil { score += 2 }
        if price != nil { score += 1 }
        if let hours, hours.isKnown { score += 2 }
        if let address, !address.isEmpty { score += 1 }
        if phone != nil { score += 1 }
        if website != nil { score += 1 }
        if summary != nil { score += 1 }
        if !photos.isEmpty { score += 1 }
        if !tips.isEmpty { score += 1 }
        if let parking {
            if parking.stayCost?.amount != nil { score += 2 }
            if parking.tariff != nil { score += 1 }
            // Live room counts are what a driver cannot get elsewhere.
            if parking.availability != nil { score += 2 }
        }
        return score
    }

    /// The providers this place came from, in merge order.
    public var providers: [ProviderID] {
        var seen: [ProviderID] = []
        for source in sources where !seen.contains(source.provider) { seen.append(source.provider) }
        return seen
    }
}
