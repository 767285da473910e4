import Foundation
public import OSMFormat
public import PlaceSearch

/// Turns a stream of OpenStreetMap elements into what the store keeps: named POIs with the tags that
/// matter, car parks, one entry per street name and area instead of one per way segment, and places
/// (city, suburb, neighbourhood) with an importance. Ways and relations get a centre.
///
/// Feed it every element in file order, then call ``finish()``. It remembers every node's position
/// (16 bytes each) and every way's centre, because a way's nodes and a relation's ways may be
/// anything in the file; everything else is kept only for what it will write.
public struct OSMExtractor {
    public let provider: ProviderID
    private var nodes = NodePositions()
    private var wayCentres: [Int64: OSMPoint] = [:]
    private var kept: [Pending] = []
    private var streets = StreetCollector()
    private var settlements: [(name: String, point: OSMPoint, rank: OSMFeatures.SettlementRank)] = []
    private var brands = BrandTrades()
    /// Elements that should have been kept but whose position could not be worked out (their nodes
    /// are outside the extract).
    public private(set) var unplaced = 0
    public private(set) var elementCount = 0

    public init(provider: ProviderID = "osm") {
        self.provider = provider
    }

    private struct Pending {
        var type: OSMElementType
        var id: Int64
        var point: OSMPoint
        var tags: [String: String]
        var role: OSMFeatures.Role
        /// A car park's box, when it is an area.
        var area: PointBox?
    }

    public mutating func consume(_ element: OSMElement) {
        elementCount += 1
        switch element {
        case .node(let node):
            let point = OSMPoint(latitude: node.latitude, longitude: node.longitude)
            nodes.insert(node.id, point)
            if !node.tags.isEmpty { keep(.node, node.id, point, node.tags) }
        case .way(let way):
            let centre = way.center ?? centre(of: way.nodeRefs)
            if let centre { wayCentres[way.id] = centre }
            guard !way.tags.isEmpty else { return }
            if let name = way.tags["name"], let highway = way.tags["highway"], OSMFeatures.streetClasses.contains(highway) {
                streets.add(
                    way: way, name: name, highway: highway, nodes: nodes, centre: centre,
                    alternates: OSMFeatures.alternateNames(way.tags, besides: name))
                return
            }
            if let centre {
                // A car park's area, for the entrances inside or beside it (CarParks).
                let area = OSMFeatures.role(way.tags) == .parking ? box(of: way.nodeRefs) : nil
                keep(.way, way.id, centre, way.tags, area: area)
            } else if OSMFeatures.role(way.tags) != nil {
                unplaced += 1
            }
        case .relation(let relation):
            guard !relation.tags.isEmpty, OSMFeatures.role(relation.tags) != nil || OSMFeatures.isArea(relation.tags) else { return }
            if let centre = relation.center ?? centre(of: relation.members) {
                keep(.relation, relation.id, centre, relation.tags)
            } else {
                unplaced += 1
            }
        }
    }

    private mutating func keep(_ type: OSMElementType, _ id: Int64, _ point: OSMPoint, _ tags: [String: String], area: PointBox? = nil) {
        brands.note(tags)
        guard let role = OSMFeatures.role(tags) ?? (OSMFeatures.isArea(tags) ? .place : nil) else { return }
        if role == .place, let name = tags["name"], let place = tags["place"] {
            settlements.append((name, point, OSMFeatures.settlementRank(place)))
        }
        kept.append(Pending(type: type, id: id, point: point, tags: tags, role: role, area: area))
    }

    /// The middle of the box around the nodes found: for a building, its middle; for a long way
    /// outside the extract, the part inside it.
    private func centre(of refs: [Int64]) -> OSMPoint? {
        box(of: refs).centre
    }

    private func box(of refs: [Int64]) -> PointBox {
        var box = PointBox()
        for ref in refs { if let point = nodes[ref] { box.add(point) } }
        return box
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
    public mutating func finish() -> [ImportedPlace] {
        var nearestStreet: NearestStreet?
        var places: [ImportedPlace] = []
        places.reserveCapacity(kept.count + streets.count)
        for pending in kept {
            guard let coordinate = try? Coordinate(latitude: pending.point.latitude, longitude: pending.point.longitude) else {
                unplaced += 1
                continue
            }
            let id = "\(provider):\(pending.type.rawValue)/\(pending.id)"
            var tags = OSMFeatures.keptTags(pending.tags)
            if let trade = brands.otherTrade(of: pending.tags) { tags[OSMTags.brandTradeKey] = trade }
            if pending.role == .parking {
                CarParkTags.add(to: &tags, area: pending.area, point: pending.point) { point in
                    if nearestStreet == nil { nearestStreet = NearestStreet(streets, nodes: nodes) }
                    return nearestStreet?.name(near: point)
                }
            }
            let name = pending.tags["name"]?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            switch pending.role {
            case .place:
                places.append(
                    ImportedPlace(
                        record: NameRecord(
                            id: id, name: name, kind: .place, importance: OSMImportance.place(pending.tags), coordinate: coordinate,
                            detail: OSMTags.humanize(pending.tags["place"] ?? pending.tags["boundary"] ?? "place"),
                            alternateNames: OSMFeatures.alternateNames(pending.tags, besides: name)),
                        category: pending.tags["place"].map { "place=\($0)" }, tags: tags))
            case .poi, .parking:
                let indexed = !name.isEmpty
                places.append(
                    ImportedPlace(
                        record: NameRecord(
                            id: id, name: indexed ? name : OSMPlaceMapping.parkingName(tags) ?? "Car park", kind: .poi,
                            importance: OSMImportance.poi(pending.tags), coordinate: coordinate, detail: poiDetail(pending.tags),
                            alternateNames: indexed ? OSMFeatures.alternateNames(pending.tags, besides: name) : []),
                        isIndexed: indexed, category: OSMFeatures.mainTag(pending.tags), tags: tags))
            }
        }
        for street in streets.merged(nodes: nodes) {
            guard let coordinate = try? Coordinate(latitude: street.point.latitude, longitude: street.point.longitude) else { continue }
            places.append(
                ImportedPlace(
                    record: NameRecord(
                        id: "\(provider):way/\(street.firstWay)", name: street.name, kind: .street,
                        importance: OSMImportance.street(highway: street.highway, lengthMetres: street.length), coordinate: coordinate,
                        detail: nearestSettlement(to: street.point), alternateNames: street.alternates),
                    category: "highway=\(street.highway)", tags: ["highway": street.highway, "name": street.name]))
        }
        places.sort { ($0.record.kind.rawValue, $0.record.id) < ($1.record.kind.rawValue, $1.record.id) }
        return Self.mergingPlaceDuplicates(places)
    }

    /// "Café · Kalverstraat 12"
    private func poiDetail(_ tags: [String: String]) -> String? {
        let label = OSMTags.categories(tags).last?.name
        let street = [tags["addr:street"], tags["addr:housenumber"]].compactMap { $0 }.joined(separator: " ")
        let parts = [label, street.isEmpty ? nil : street].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// Where a street is, for telling two of the same name apart: the most specific district whose
    /// reach (a neighbourhood 500 m, a suburb 2.5 km, a city 15 km) covers it, and the town or city
    /// around that: "Centrum, Amsterdam".
    private func nearestSettlement(to point: OSMPoint) -> String? {
        var district: (name: String, rank: OSMFeatures.SettlementRank, metres: Double)?
        var town: (name: String, metres: Double)?
        for settlement in settlements {
            let metres = PointBox.roughDistance(point, settlement.point)
            guard metres <= settlement.rank.reach else { continue }
            if settlement.rank.isTown {
                if town.map({ metres < $0.metres }) ?? true { town = (settlement.name, metres) }
            } else if district.map({ (settlement.rank.specificity, -metres) > ($0.rank.specificity, -$0.metres) }) ?? true {
                district = (settlement.name, settlement.rank, metres)
            }
        }
        let parts = [district?.name, town?.name].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// A city mapped as a node and as its boundary relation, or a district as both, is one place:
    /// the same folded name within 3 km. The more important record stays. A square (Dam) is also a
    /// street of the same name: the square stays.
    private static func mergingPlaceDuplicates(_ places: [ImportedPlace]) -> [ImportedPlace] {
        let squares = places.filter { $0.category == "place=square" }.compactMap { square in
            square.record.coordinate.map { (TextFolding.fold(square.record.name), $0) }
        }
        let places = places.filter { place in
            guard place.record.kind == .street, let coordinate = place.record.coordinate else { return true }
            let key = TextFolding.fold(place.record.name)
            return !squares.contains { $0.0 == key && $0.1.distance(to: coordinate) < 300 }
        }
        var kept: [ImportedPlace] = []
        var byName: [String: [Int]] = [:]
        for place in places {
            guard place.record.kind == .place, let coordinate = place.record.coordinate else {
                kept.append(place)
                continue
            }
            let key = TextFolding.fold(place.record.name)
            if let twin = byName[key]?.first(where: { index in
                kept[index].record.coordinate.map { $0.distance(to: coordinate) < 3000 } ?? false
            }) {
                // Prefer the record that says what the place is (place=*) over a bare boundary.
                let better =
                    (place.category != nil ? 1 : 0, place.record.importance) > (kept[twin].category != nil ? 1 : 0, kept[twin].record.importance)
                if better { kept[twin] = place }
                continue
            }
            byName[key, default: []].append(kept.count)
            kept.append(place)
        }
        return kept
    }
}

/// The box around some points, for centres.
struct PointBox {
    private(set) var south = Double.infinity, west = Double.infinity, north = -Double.infinity, east = -Double.infinity

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
