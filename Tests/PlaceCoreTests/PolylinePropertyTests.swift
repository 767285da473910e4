import PlaceCore
import PlaceSearchTesting
import Testing

/// Properties of the encoded polyline over long random paths: what is decoded is each point rounded
/// to the precision on its own, however long the path (no drift from summing differences), and the
/// text of a decoded path encodes back to itself.
struct PolylinePropertyTests {
    /// A walk of `count` points from a random start: mostly steps of a few metres, now and then a
    /// jump across the map, clamped to the globe (the poles and the antimeridian included).
    static func path(_ count: Int, using random: inout SeededRandom) -> [Coordinate] {
        var latitude = Double.random(in: -90...90, using: &random)
        var longitude = Double.random(in: -180...180, using: &random)
        var path: [Coordinate] = []
        path.reserveCapacity(count)
        for _ in 0..<count {
            let jump = Int.random(in: 0..<200, using: &random) == 0
            let scale = jump ? 40.0 : 0.0003
            latitude = min(90, max(-90, latitude + Double.random(in: -scale...scale, using: &random)))
            longitude = min(180, max(-180, longitude + Double.random(in: -scale...scale, using: &random)))
            path.append(Coordinate(latitude, longitude))
        }
        return path
    }

    @Test(arguments: [5, 6])
    func longPathsRoundTripWithoutDrift(precision: Int) throws {
        var random = SeededRandom(printingSeedFor: "longPathsRoundTripWithoutDrift(\(precision))")
        let factor = precision == 5 ? 1e5 : 1e6
        for round in 0..<5 {
            let path = Self.path(20_000, using: &random)
            let text = Polyline.encode(path, precision: precision)
            let decoded = try Polyline.decode(text, precision: precision)
            try #require(decoded.count == path.count, "seed \(random.seed), round \(round)")
            var worst = 0.0
            for (original, back) in zip(path, decoded) {
                // Exactly the point rounded on its own: the 20,000th is as close as the first.
                #expect(back.latitude == (original.latitude * factor).rounded() / factor, "seed \(random.seed)")
                #expect(back.longitude == (original.longitude * factor).rounded() / factor, "seed \(random.seed)")
                worst = max(worst, abs(back.latitude - original.latitude), abs(back.longitude - original.longitude))
            }
            #expect(worst <= 0.5 / factor + 1e-12, "seed \(random.seed), round \(round): off by \(worst)°")
            // A decoded path is already rounded: it encodes to the same text.
            #expect(Polyline.encode(decoded, precision: precision) == text, "seed \(random.seed), round \(round)")
        }
    }
}
