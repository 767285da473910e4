import PlaceCore

extension GraphView {
    /// The points of a piece of chain in walking order, its ends interpolated where they fall
    /// between two points of the way.
    func coordinates(of piece: ChainPiece) -> [Coordinate] {
        if let across = piece.across { return [across.from, across.to] }
        let chain = self.chain(piece.chain)
        guard chain.pointCount >= 2 else { return [] }
        let low = min(piece.from, piece.to)
        let high = max(piece.from, piece.to)
        var points: [Coordinate] = []
        var along = 0.0
        let last = chain.firstPoint + chain.pointCount - 1
        for point in chain.firstPoint..<last {
            let length = segmentLength(point)
            let segmentEnd = along + length
            if points.isEmpty, low <= segmentEnd || point == last - 1 {
                points.append(interpolate(point, length > 0 ? (low - along) / length : 0))
            }
            if !points.isEmpty {
                if high <= segmentEnd || point == last - 1 {
                    points.append(interpolate(point, length > 0 ? (high - along) / length : 1))
                    break
                }
                points.append(coordinate(point + 1))
            }
            along = segmentEnd
        }
        return piece.to >= piece.from ? points : points.reversed()
    }

    private func coordinate(_ point: Int) -> Coordinate {
        (try? Coordinate(
            latitude: FixedPoint.degrees(pointLatitude(point)), longitude: FixedPoint.degrees(pointLongitude(point))))
            ?? Coordinate(0, 0)
    }

    private func interpolate(_ point: Int, _ fraction: Double) -> Coordinate {
        let fraction = min(1, max(0, fraction))
        let latitude =
            Double(pointLatitude(point)) + (Double(pointLatitude(point + 1)) - Double(pointLatitude(point))) * fraction
        let longitude =
            Double(pointLongitude(point)) + (Double(pointLongitude(point + 1)) - Double(pointLongitude(point)))
            * fraction
        return (try? Coordinate(latitude: latitude / FixedPoint.perDegree, longitude: longitude / FixedPoint.perDegree))
            ?? coordinate(point)
    }
}

extension [Coordinate] {
    /// The pieces' points joined, without repeating the point where one ends and the next starts.
    mutating func appendJoining(_ piece: [Coordinate]) {
        append(contentsOf: last != nil && last == piece.first ? piece.dropFirst() : piece[...])
    }
}
