import PlaceSearch

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
        for index in 0..<view.areaCount {
            let area = view.area(index)
            guard area.encloses(latitude, longitude), area.traits.isOpen, !area.anchors.isEmpty else { continue }
            let geometry = view.geometry(of: area)
            guard
                geometry.contains(latitude, longitude)
                    || geometry.distanceToEdge(latitude, longitude, scale: scale) <= Self.areaEdgeTolerance,
                let component = area.anchors.lazy.compactMap({ self.view.areaAnchor($0) }).first.map(view.component)
            else { continue }
            return SnappedPoint(
                requested: coordinate, coordinate: coordinate, distance: 0, wayName: view.name(area.name),
                wayKind: area.kind, traits: area.traits, fallbackReach: nil, chain: -1, offset: 0,
                component: component, area: index)
        }
        return nil
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

    /// The straight pieces between a point inside area `index` and the anchors it sees, in walking
    /// order: from the point when `leaving`, else to it. Anchors on another component than the
    /// point's are left out; when the point sees none (a hole's shadow), every anchor is used.
    func areaEndpoints(_ point: SnappedPoint, area index: Int, leaving: Bool) -> [Endpoint] {
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

    /// Straight across from one point to another in the same area, when one sees the other.
    func directAcross(from origin: SnappedPoint, to destination: SnappedPoint) -> ChainPiece? {
        guard let index = origin.area, destination.area == index else { return nil }
        let geometry = self.geometry(of: area(index))
        let a = (FixedPoint.value(origin.requested.latitude), FixedPoint.value(origin.requested.longitude))
        let b = (FixedPoint.value(destination.requested.latitude), FixedPoint.value(destination.requested.longitude))
        guard a == b || geometry.sees(a, b) else { return nil }
        let metres = LocalScale(latitude: origin.requested.latitude).distance(a.0, a.1, b.0, b.1)
        return ChainPiece(
            chain: ChainPiece.acrossChain, from: 0, to: metres,
            across: ChainPiece.Across(area: index, from: origin.requested, to: destination.requested))
    }
}
