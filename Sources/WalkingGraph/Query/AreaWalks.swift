import PlaceCore

/// A start or an end inside a pedestrian area: the walk goes from the point itself straight to the
/// area's anchors it sees (where ways meet the area, the corners of its holes), as a person
/// crosses a square.
extension WalkingGraph {
    /// Metres from its edge within which a point counts as on the area: a point on the edge of a
    /// square (one of its corners) stands on it.
    static let areaEdgeTolerance = 0.5

    /// The point itself, at 0 m, when it stands inside a pedestrian area (or on its edge) that is
    /// under the sky and open to all; nil otherwise.
    func snapInArea(_ coordinate: Coordinate) -> SnappedPoint? {
        guard view.areaCount > 0 else { return nil }
        let latitude = FixedPoint.value(coordinate.latitude)
        let longitude = FixedPoint.value(coordinate.longitude)
        let scale = LocalScale(latitude: coordinate.latitude)
        var inside: [Int] = []
        var onEdge: [Int] = []
        for index in areaCells.candidates(latitude: latitude, longitude: longitude, in: view) {
            let area = view.area(index)
            guard area.encloses(latitude, longitude), area.traits.isOpen, !area.anchors.isEmpty else { continue }
            let geometry = view.geometry(of: area)
            if geometry.contains(latitude, longitude) {
                inside.append(index)
            } else if geometry.distanceToEdge(latitude, longitude, scale: scale) <= Self.areaEdgeTolerance {
                onEdge.append(index)
            }
        }
        let areas = inside + onEdge
        guard let first = areas.first else { return nil }
        let area = view.area(first)
        guard let component = area.anchors.lazy.compactMap({ self.view.areaAnchor($0) }).first.map(view.component)
        else { return nil }
        return SnappedPoint(
            requested: coordinate, coordinate: coordinate, distance: 0, wayName: view.name(area.name),
            wayKind: area.kind, traits: area.traits, fallbackReach: nil, chain: -1, offset: 0,
            component: component, areas: areas)
    }
}

extension GraphView {
    /// An area's rings, for the tests of "inside" and "sees".
    func geometry(of area: Area) -> AreaGeometry {
        var rings: [[(Int32, Int32)]] = []
        var ring: [(Int32, Int32)] = []
        for point in area.points {
            let latitude = areaPointLatitude(point)
            if latitude == GraphFormat.ringBreak {
                if !ring.isEmpty { rings.append(ring) }
                ring = []
            } else {
                ring.append((latitude, areaPointLongitude(point)))
            }
        }
        if !ring.isEmpty { rings.append(ring) }
        return AreaGeometry(rings: rings)
    }

    /// The straight pieces between a point in one or more areas and the anchors it sees, in
    /// walking order: from the point when `leaving`, else to it; one per anchor.
    func areaEndpoints(_ point: SnappedPoint, leaving: Bool) -> [Endpoint] {
        var endpoints: [Endpoint] = []
        var reached: Set<Int> = []
        for index in point.areas {
            for endpoint in areaEndpoints(point, area: index, leaving: leaving) where reached.insert(endpoint.node).inserted {
                endpoints.append(endpoint)
            }
        }
        return endpoints
    }

    /// The straight pieces between a point in area `index` and the anchors it sees. Anchors on
    /// another component than the point's are left out; when the point sees none (a hole's
    /// shadow), every anchor is used.
    private func areaEndpoints(_ point: SnappedPoint, area index: Int, leaving: Bool) -> [Endpoint] {
        let area = self.area(index)
        let geometry = self.geometry(of: area)
        let here = (FixedPoint.value(point.requested.latitude), FixedPoint.value(point.requested.longitude))
        let scale = LocalScale(latitude: point.requested.latitude)
        var seen: [Endpoint] = []
        var unseen: [Endpoint] = []
        for anchor in area.anchors {
            guard let node = areaAnchor(anchor), component(node) == point.component else { continue }
            let there = (nodeLatitude(node), nodeLongitude(node))
            guard
                let coordinate = try? Coordinate(
                    latitude: FixedPoint.degrees(there.0), longitude: FixedPoint.degrees(there.1))
            else { continue }
            let metres = scale.distance(here.0, here.1, there.0, there.1)
            let across = ChainPiece.Across(
                area: index, from: leaving ? point.requested : coordinate, to: leaving ? coordinate : point.requested)
            let endpoint = Endpoint(
                node: node, metres: metres, piece: ChainPiece(chain: ChainPiece.acrossChain, from: 0, to: metres, across: across))
            if geometry.sees(here, there) { seen.append(endpoint) } else { unseen.append(endpoint) }
        }
        return seen.isEmpty ? unseen : seen
    }

    /// Straight across from one point to another in an area both are in (or on the edge of), when
    /// one sees the other there.
    func directAcross(from origin: SnappedPoint, to destination: SnappedPoint) -> ChainPiece? {
        let a = (FixedPoint.value(origin.requested.latitude), FixedPoint.value(origin.requested.longitude))
        let b = (FixedPoint.value(destination.requested.latitude), FixedPoint.value(destination.requested.longitude))
        for index in origin.areas where destination.areas.contains(index) {
            guard a == b || geometry(of: area(index)).sees(a, b) else { continue }
            let metres = LocalScale(latitude: origin.requested.latitude).distance(a.0, a.1, b.0, b.1)
            return ChainPiece(
                chain: ChainPiece.acrossChain, from: 0, to: metres,
                across: ChainPiece.Across(area: index, from: origin.requested, to: destination.requested))
        }
        return nil
    }
}
