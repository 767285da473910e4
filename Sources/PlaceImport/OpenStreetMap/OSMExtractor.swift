import Foundation
import PlaceBytes
package import OSMFormat
import PlaceProviders
package import PlaceCore

/// Turns a stream of OpenStreetMap elements into what the store keeps: named POIs with the tags that
/// matter, car parks, one entry per street name and area instead of one per way segment, and places
/// (city, suburb, neighbourhood) with an importance. Ways and relations get a centre.
///
/// Feed it every element in file order, then call ``finish()``. It remembers every node's position
/// and every way's centre (``LocationIndex``, 12 bytes each, spilled to disk with the rest),
/// because a way's nodes and a relation's ways may be anything in the file; everything else is
/// kept only for what it will write, as bytes (``PackedAddresses``, ``KeptElements``, then an
/// ``ImportedPlaceList``).
package struct OSMExtractor {
    package let provider: ProviderID
    /// Every node's position: filled here, and shared with the walking graph's builder.
    private let nodes: LocationIndex
    private let wayCentres: LocationIndex
    private var kept: KeptElements
    private var streets = StreetCollector()
    private var settlements = Settlements()
    private var countries = CountryTags()
    private var addresses: Addresses
    /// Where the addresses and places wait on disk (``ByteChunks``); nil keeps them in memory.
    private let spillDirectory: String?
    private var brands = BrandTrades()
    /// Elements that should have been kept but whose position could not be worked out (their nodes
    /// are outside the extract).
    package private(set) var unplaced = 0
    /// Ways with nodes both in the file and outside it (an extract cut by a box, at its edge):
    /// placed by the nodes the file has.
    package private(set) var cutWays = 0
    package private(set) var elementCount = 0

    /// - Parameter spillDirectory: a folder for what the import holds until it is written (the
    ///   positions, the addresses, then the places), read back through mappings; nil keeps it all
    ///   in memory.
    package init(provider: ProviderID = "osm", spillDirectory: String? = nil) {
        self.init(provider: provider, spillDirectory: spillDirectory, nodes: LocationIndex(spillingTo: spillDirectory))
    }

    /// - Parameter nodes: where the extractor keeps every node's position, for others to read
    ///   too (the walking graph's builder): it appends each node as it consumes it.
    package init(provider: ProviderID = "osm", spillDirectory: String?, nodes: LocationIndex) {
        self.provider = provider
        self.spillDirectory = spillDirectory
        self.nodes = nodes
        wayCentres = LocationIndex(spillingTo: spillDirectory, precision: .doubles)
        kept = KeptElements(spillingTo: spillDirectory)
        addresses = Addresses(spillingTo: spillDirectory)
    }

    package mutating func consume(_ element: OSMElement) {
        elementCount += 1
        switch element {
        case .node(let node):
            let point = OSMPoint(latitude: node.latitude, longitude: node.longitude)
            nodes.append(node.id, point)
            if !node.tags.isEmpty { noteTagged(.node, node.id, point, node.tags) }
        case .way(let way):
            // The nodes are looked up once, for the centre and for a car park's area.
            let found = way.center == nil ? locate(way.nodeRefs) : nil
            let centre = way.center ?? found?.centre
            if let centre { wayCentres.append(way.id, centre) }
            guard !way.tags.isEmpty else { return }
            if way.tags["addr:interpolation"] != nil {
                addresses.noteInterpolation(way, points: way.nodeRefs.compactMap { nodes[$0] })
                return
            }
            // A square drawn as a pedestrian way (place=square) is a place, not a street.
            if let name = way.tags["name"], let highway = way.tags["highway"], OSMFeatures.streetClasses.contains(highway),
                way.tags["place"] == nil
            {
                // None of its nodes in the file: a street that cannot be placed.
                guard centre != nil else {
                    unplaced += 1
                    return
                }
                streets.add(
                    way: way, name: name, highway: highway, nodes: nodes, centre: centre,
                    alternates: OSMFeatures.alternateNames(way.tags, besides: name))
                return
            }
            if let centre {
                // A car park's area, for the entrances inside or beside it (CarParks).
                let area = OSMFeatures.role(way.tags) == .parking ? found ?? box(of: way.nodeRefs).box : nil
                noteTagged(.way, way.id, centre, way.tags, area: area)
            } else if OSMFeatures.role(way.tags) != nil {
                unplaced += 1
            }
        case .relation(let relation):
            guard !relation.tags.isEmpty else { return }
            let wanted = OSMFeatures.role(relation.tags) != nil || OSMFeatures.isArea(relation.tags) || relation.tags["addr:housenumber"] != nil
            guard wanted else { return }
            if let centre = relation.center ?? centre(of: relation.members) {
                noteTagged(.relation, relation.id, centre, relation.tags)
            } else if OSMFeatures.role(relation.tags) != nil || OSMFeatures.isArea(relation.tags) {
                unplaced += 1
            }
        }
    }

    /// An element with tags: its country, its address and, when it is one, the place or POI it is.
    private mutating func noteTagged(_ type: OSMElementType, _ id: Int64, _ point: OSMPoint, _ tags: [String: String], area: PointBox? = nil) {
        let country = CountryTags.code(tags)
        if let country { countries.note(country, at: point) }
        let isKept = keep(type, id, point, tags, area: area)
        if tags["addr:housenumber"] != nil { addresses.note(type, id, point, tags, kept: isKept, country: country) }
    }

    /// - Returns: whether the element is kept as a place or POI.
    private mutating func keep(_ type: OSMElementType, _ id: Int64, _ point: OSMPoint, _ tags: [String: String], area: PointBox? = nil) -> Bool {
        brands.note(tags)
        guard let role = OSMFeatures.role(tags) ?? (OSMFeatures.isArea(tags) ? .place : nil) else { return false }
        if role == .place, let name = tags["name"], let place = tags["place"] {
            settlements.add(name: name, point: point, rank: OSMFeatures.settlementRank(place))
        }
        kept.append(KeptElements.Element(type: type, id: id, point: point, tags: tags, role: role, area: area))
        return true
    }

    /// The box around a way's nodes found, whose middle is its centre: for a building, its
    /// middle; for a long way outside the extract, the part inside it. The way counts as cut
    /// when the file has some of its nodes but not all.
    private mutating func locate(_ refs: [Int64]) -> PointBox {
        let (box, missing) = box(of: refs)
        if missing > 0, missing < refs.count { cutWays += 1 }
        return box
    }

    /// The box around the nodes the file has, and how many it does not have.
    private func box(of refs: [Int64]) -> (box: PointBox, missing: Int) {
        var box = PointBox()
        var missing = 0
        for ref in refs {
            if let point = nodes[ref] { box.add(point) } else { missing += 1 }
        }
        return (box, missing)
    }

    private func centre(of members: [OSMRelation.Member]) -> OSMPoint? {
        var box = PointBox()
        for member in members {
            switch member.type {
            case .node: if let point = nodes[member.ref] { box.add(point) }
            case .way: if let point = wayCentres[member.ref] { box.add(point) }
            case .relation: continue
            }
        }
        return box.centre
    }

    /// Everything to write, in a stable order (kind, then id) so that two imports of one file match.
    /// - Parameter progress: things made of those kept, streets (by name) and addresses: at a
    ///   country's size this takes a while after the file is read.
    package mutating func finish(progress: OSMReadProgress? = nil) -> ImportedPlaceList {
        var nearestStreet: NearestStreet?
        var places = ImportedPlaceList(spillingTo: spillDirectory)
        addresses.interpolate()
        let total = kept.count + streets.count + addresses.count
        // The addresses become places on another core while the elements kept and the streets do
        // here: each only reads what the file gave, and their places follow these in the list.
        let addressPlaces = AddressPlaces.start(
            AddressPlaces.Source(
                addresses: addresses.all, countries: countries, settlements: settlements, provider: provider,
                spillDirectory: spillDirectory))
        addresses = Addresses()
        // Both sides' work counts, as it is done: counting the addresses only once this side was
        // done made the bar crawl and then jump, and its time left three to six times too long.
        var reporter = FinishProgress(progress, total: total) { addressPlaces.doneSoFar }
        // Room for where they all start: growing by doubling would hold that array twice while it
        // is copied. Streets merged are at most their ways.
        places.reserveCapacity(kept.count + streets.segmentCount)
        for number in kept.indices {
            let pending = kept[number]
            let elementTags = pending.tags
            reporter.advance()
            guard let coordinate = try? Coordinate(latitude: pending.point.latitude, longitude: pending.point.longitude) else {
                unplaced += 1
                continue
            }
            let id = "\(provider):\(pending.type.rawValue)/\(pending.id)"
            var tags = OSMFeatures.keptTags(elementTags)
            if let trade = brands.otherTrade(of: elementTags) { tags[OSMTags.brandTradeKey] = trade }
            if pending.role == .parking {
                CarParkTags.add(to: &tags, area: pending.area, point: pending.point) { point in
                    if nearestStreet == nil { nearestStreet = NearestStreet(streets, nodes: nodes) }
                    return nearestStreet?.name(near: point)
                }
            }
            let name = elementTags["name"]?.trimmedOfWhitespaceAndNewlines ?? ""
            let country = CountryTags.code(elementTags) ?? countries.country(at: pending.point)
            switch pending.role {
            case .place:
                // A town is its own locality; a district lies in the town around it.
                let isTown = OSMFeatures.settlementRank(elementTags["place"] ?? "").isTown
                places.append(
                    ImportedPlace(
                        record: NameRecord(
                            id: id, name: name, kind: .place, importance: OSMImportance.place(elementTags), coordinate: coordinate,
                            detail: OSMTags.humanize(elementTags["place"] ?? elementTags["boundary"] ?? "place"),
                            alternateNames: OSMFeatures.alternateNames(elementTags, besides: name),
                            locality: isTown ? nil : settlements.area(of: pending.point).town, countryCode: country),
                        category: elementTags["place"].map { "place=\($0)" }, tags: tags))
            case .poi, .parking:
                let indexed = !name.isEmpty
                places.append(
                    ImportedPlace(
                        record: NameRecord(
                            id: id, name: indexed ? name : OSMPlaceMapping.parkingName(tags) ?? "Car park", kind: .poi,
                            importance: OSMImportance.poi(elementTags), coordinate: coordinate, detail: poiDetail(elementTags),
                            alternateNames: indexed ? OSMFeatures.alternateNames(elementTags, besides: name) : [],
                            locality: Addresses.clean(elementTags["addr:city"]) ?? settlements.area(of: pending.point).town,
                            countryCode: country),
                        isIndexed: indexed, category: OSMFeatures.mainTag(elementTags), tags: tags))
            }
        }
        kept = KeptElements()
        let merged = streets.merged(nodes: nodes)
        reporter.advance(by: streets.count)
        for street in merged {
            guard let coordinate = try? Coordinate(latitude: street.point.latitude, longitude: street.point.longitude) else { continue }
            let (district, town) = settlements.area(of: street.point)
            let label = [district, town].compactMap { $0 }.joined(separator: ", ")
            places.append(
                ImportedPlace(
                    record: NameRecord(
                        id: "\(provider):way/\(street.firstWay)", name: street.name, kind: .street,
                        importance: OSMImportance.street(highway: street.highway, lengthMetres: street.length), coordinate: coordinate,
                        detail: label.isEmpty ? nil : label, alternateNames: street.alternates, locality: town,
                        countryCode: countries.country(at: street.point)),
                    category: "highway=\(street.highway)", tags: ["highway": street.highway, "name": street.name]))
        }
        streets = StreetCollector()
        places.append(contentsOf: addressPlaces.wait { reporter.report() })
        PlaceDuplicates.sortByKindAndID(&places)
        PlaceDuplicates.merge(&places)
        reporter.finish()
        return places
    }

    /// "Café · Kalverstraat 12", "Hotel", "Station".
    private func poiDetail(_ tags: [String: String]) -> String? {
        let label =
            OSMTags.lastCategoryName(tags)
            ?? OSMFeatures.mainTag(tags).flatMap { $0.split(separator: "=", maxSplits: 1).last }.map { OSMTags.humanize(String($0)) }.flatMap {
                $0 == "Yes" ? nil : $0
            }
        let street = [tags["addr:street"], tags["addr:housenumber"]].compactMap { $0 }.joined(separator: " ")
        let parts = [label, street.isEmpty ? nil : street].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }
}

/// The box around some points, for centres.
struct PointBox {
    private(set) var south = Double.infinity, west = Double.infinity, north = -Double.infinity, east = -Double.infinity

    init() {}

    /// A box as it was kept (``KeptElements``).
    init(south: Double, west: Double, north: Double, east: Double) {
        (self.south, self.west, self.north, self.east) = (south, west, north, east)
    }

    mutating func add(_ point: OSMPoint) {
        south = min(south, point.latitude)
        north = max(north, point.latitude)
        west = min(west, point.longitude)
        east = max(east, point.longitude)
    }

    var centre: OSMPoint? {
        guard south.isFinite else { return nil }
        return OSMPoint(latitude: (south + north) / 2, longitude: (west + east) / 2)
    }

    /// Equirectangular metres: plenty for "within a few km" and a hundred times cheaper than geodesics.
    static func roughDistance(_ a: OSMPoint, _ b: OSMPoint) -> Double {
        let latitude = (a.latitude + b.latitude) / 2 * .pi / 180
        let dx = (b.longitude - a.longitude) * cos(latitude)
        let dy = b.latitude - a.latitude
        return (dx * dx + dy * dy).squareRoot() * 111_195
    }
}

/// Counts what ``OSMExtractor/finish(progress:)`` has made, with what is made beside it on another
/// thread (`alongside`), and tells the caller every thousandth of the way: a call per place would
/// cost more than making it.
struct FinishProgress {
    private let callback: OSMReadProgress?
    private let total: Int
    private let step: Int
    private let alongside: () -> Int
    private var doneCount = 0
    private var next = 0

    init(_ callback: OSMReadProgress?, total: Int, alongside: @escaping () -> Int = { 0 }) {
        self.callback = callback
        self.total = total
        self.alongside = alongside
        step = max(1, total / 1000)
        callback?(0, total)
    }

    @inline(__always)
    mutating func advance(by count: Int = 1) {
        doneCount += count
        guard doneCount >= next, callback != nil else { return }
        report()
        next = doneCount + step
    }

    /// Tells the caller how far both sides are.
    func report() { callback?(min(doneCount + alongside(), total), total) }

    func finish() { callback?(total, total) }
}
