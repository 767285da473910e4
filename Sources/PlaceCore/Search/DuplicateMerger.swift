import PlaceBytes
/// Merges records of the same place from different providers.
///
/// Two records are the same place when they come from different providers, lie within
/// ``maximumDistance`` of each other and have similar names (``NameSimilarity``). The richer
/// record wins (``Place/richness``); the other fills what the winner lacks, and both ids stay
/// in ``Place/sources``. Records of one provider are merged only when they are the same name
/// (apart from the word for what it is) within ``sameSourceDistance``: "Guflina" and "Café
/// Guflina" a metre apart are one café mapped twice, while two branches of a chain on one street
/// are two places.
public struct DuplicateMerger: Sendable {
    /// Metres within which two records can be the same place; 60 by default.
    public var maximumDistance: Double
    /// The least similarity of two names, 0…1, for their records to be the same place; 0.88 by default.
    public var nameThreshold: Double

    /// Makes a merger from the greatest distance in metres and the least name similarity at which two records can be one place.
    public init(maximumDistance: Double = 60, nameThreshold: Double = 0.88) {
        self.maximumDistance = maximumDistance
        self.nameThreshold = nameThreshold
    }

    /// The places with duplicates merged, in the order of each group's first appearance.
    public func merge(_ places: [Place]) -> [Place] {
        struct Group {
            var firstIndex: Int
            var place: Place
            var providers: Set<ProviderID>
            let name: NameSimilarity.Key
        }
        // Richest first, so that the record every group is built on is its best one.
        let order = places.indices.sorted { lhs, rhs in
            let (a, b) = (places[lhs].richness, places[rhs].richness)
            return a != b ? a > b : lhs < rhs
        }
        // A degree of latitude is at least 110.5 km: a cheap test before the exact distance.
        let latitudeWindow = maximumDistance / 110_000
        var groups: [Group] = []
        for index in order {
            let place = places[index]
            let name = NameSimilarity.Key(place.name)
            // The best match, not the first: the most similar name, then the nearest.
            var match: Int?
            var best = (similarity: 0.0, distance: Double.infinity)
            for (position, group) in groups.enumerated() {
                guard abs(group.place.coordinate.latitude - place.coordinate.latitude) <= latitudeWindow else { continue }
                let distance = group.place.coordinate.distance(to: place.coordinate)
                guard distance <= maximumDistance else { continue }
                if group.providers.contains(place.id.provider) {
                    guard distance <= Self.sameSourceDistance, NameSimilarity.similarity(group.name, name) >= Self.sameSourceSimilarity
                    else { continue }
                }
                // Garages are named by their operator in one source and by their street in another
                // ("CE-P09 Bijenkorf", "Damrak 1"): two garages this close are one garage.
                let bothGarages = Self.isGarage(group.place) && Self.isGarage(place) && distance <= Self.garageDistance
                let similarity = bothGarages ? 1 : NameSimilarity.similarity(group.name, name)
                guard similarity >= nameThreshold else { continue }
                if similarity > best.similarity || (similarity == best.similarity && distance < best.distance) {
                    best = (similarity, distance)
                    match = position
                }
            }
            if let match {
                groups[match].place = Self.combine(groups[match].place, with: place)
                groups[match].providers.formUnion(place.providers)
                groups[match].firstIndex = min(groups[match].firstIndex, index)
            } else {
                groups.append(Group(firstIndex: index, place: place, providers: Set(place.providers), name: name))
            }
        }
        return groups.sorted { $0.firstIndex < $1.firstIndex }.map(\.place)
    }

    /// Two records of one provider this close (metres) with the same distinctive name are one
    /// place mapped twice (a node and its building).
    static let sameSourceDistance = 15.0
    static let sameSourceSimilarity = 0.95

    /// Two garage records this close (metres) are the same garage whatever their names.
    static let garageDistance = 50.0

    private static func isGarage(_ place: Place) -> Bool {
        guard let kind = place.parking?.kind else { return false }
        return kind == .garage || kind == .parkAndRide
    }

    /// `base` with the gaps filled from `other`. Where both know something, `base` wins, except
    /// that the rating backed by more votes is kept.
    public static func combine(_ base: Place, with other: Place) -> Place {
        var merged = base
        // A name that is only the street (ParkShark names garages by their address) gives way to a real one.
        if let street = base.address?.street, TextFolding.fold(street) == TextFolding.fold(base.name),
            TextFolding.fold(other.name) != TextFolding.fold(base.name)
        {
            merged.name = other.name
        }
        let knownCategories = Set(base.categories.map { TextFolding.fold($0.name) })
        merged.categories += other.categories.filter { !knownCategories.contains(TextFolding.fold($0.name)) }
        merged.concepts.formUnion(other.concepts)
        switch (base.rating, other.rating) {
        case (nil, let rating?): merged.rating = rating
        case (let mine?, let theirs?) where (theirs.count ?? 0) > (mine.count ?? 0): merged.rating = theirs
        default: break
        }
        merged.price = base.price ?? other.price
        if !(base.hours?.isKnown ?? false), other.hours?.isKnown ?? false { merged.hours = other.hours }
        // One provider may know the hours and the other only the time zone they are in.
        if merged.hours != nil, merged.hours?.timeZoneIdentifier == nil {
            merged.hours?.timeZoneIdentifier = base.hours?.timeZoneIdentifier ?? other.hours?.timeZoneIdentifier
        }
        merged.address = mergeAddress(base.address, other.address)
        merged.phone = base.phone ?? other.phone
        merged.website = base.website ?? other.website
        merged.summary = base.summary ?? other.summary
        merged.photos += other.photos.filter { !base.photos.contains($0) }
        merged.tips += other.tips.filter { !base.tips.contains($0) }
        switch (base.parking, other.parking) {
        case (nil, let theirs): merged.parking = theirs
        case (let mine?, let theirs?): merged.parking = mine.filling(from: theirs)
        default: break
        }
        merged.recommendation = base.recommendation ?? other.recommendation
        merged.tags = other.tags.merging(base.tags) { _, mine in mine }
        merged.sources += other.sources.filter { !base.sources.contains($0) }
        return merged
    }

    private static func mergeAddress(_ base: Address?, _ other: Address?) -> Address? {
        guard var merged = base else { return other }
        guard let other else { return merged }
        merged.street = merged.street ?? other.street
        merged.postcode = merged.postcode ?? other.postcode
        merged.locality = merged.locality ?? other.locality
        merged.region = merged.region ?? other.region
        merged.countryCode = merged.countryCode ?? other.countryCode
        merged.formatted = merged.formatted ?? other.formatted
        return merged
    }
}
