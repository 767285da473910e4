import OSMFormat
import PlaceCore
import Testing

@testable import PlaceImport

/// "The same name within so many metres" by cell must find exactly what comparing with every
/// point of the name finds: at the antimeridian, near the poles, and for points that move.
struct NamesNearbyTests {
    private struct Point {
        var name: String
        var coordinate: Coordinate
    }

    /// Deterministic points: clusters round a few centres (some at the antimeridian and at 80°N),
    /// spread over a few kilometres so that many pairs are near the reach.
    private static func points(count: Int, seed: UInt64) throws -> [Point] {
        var state = seed
        func random() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        let centres = [(52.37, 4.89), (0.0, 179.99), (0.0, -179.99), (80.0, 20.0), (-45.0, -70.0)]
        return try (0..<count).map { index in
            let centre = centres[index % centres.count]
            let latitude = centre.0 + (random() - 0.5) * 0.1
            let longitude = centre.1 + (random() - 0.5) * (centre.0 == 80 ? 0.5 : 0.1)
            let wrapped = longitude > 180 ? longitude - 360 : longitude < -180 ? longitude + 360 : longitude
            return Point(name: ["dam", "centrum", "kerkstraat"][index % 3], coordinate: try Coordinate(latitude: latitude, longitude: wrapped))
        }
    }

    @Test(arguments: [300.0, 3000.0])
    func findsWhatEveryPairFinds(reach: Double) throws {
        let points = try Self.points(count: 600, seed: 27)
        var grid = NamesNearby(reach: reach)
        for (index, point) in points.enumerated() { grid.insert(index, named: point.name, at: point.coordinate) }
        var pairs = 0
        for point in points {
            let near = Set(grid.candidates(named: point.name, near: point.coordinate)).filter {
                points[$0].coordinate.distance(to: point.coordinate) < reach
            }
            let everyPair = Set(
                points.indices.filter {
                    points[$0].name == point.name && points[$0].coordinate.distance(to: point.coordinate) < reach
                })
            #expect(near == everyPair)
            pairs += everyPair.count
        }
        #expect(pairs > points.count, "the points lie close enough that many have neighbours")
    }

    @Test func movedEntryIsFoundWhereItIsNow() throws {
        var grid = NamesNearby(reach: 3000)
        let here = try Coordinate(latitude: 52.37, longitude: 4.89)
        let there = try Coordinate(latitude: 53.2, longitude: 6.56)
        grid.insert(7, named: "centrum", at: here)
        grid.remove(7, named: "centrum", at: here)
        grid.insert(7, named: "centrum", at: there)
        #expect(grid.candidates(named: "centrum", near: here).isEmpty)
        #expect(grid.candidates(named: "centrum", near: there) == [7])
        #expect(grid.candidates(named: "dam", near: there).isEmpty)
    }

    /// A tiled country: every town has its square "Dam" with a street of that name beside it, and
    /// its district "Centrum" mapped as a node and as a boundary. Each town keeps its square and one
    /// Centrum; a street "Dam" far from every square stays a street.
    @Test func tiledTownsMergeTownByTown() {
        var extractor = OSMExtractor()
        var id: Int64 = 1
        func next() -> Int64 {
            id += 1
            return id
        }
        var elements: [OSMElement] = []
        let towns = 12
        for town in 0..<towns {
            let latitude = 50 + Double(town) * 0.5
            let square = next()
            elements.append(.node(OSMNode(id: square, latitude: latitude, longitude: 5, tags: ["place": "square", "name": "Dam"])))
            elements.append(.node(OSMNode(id: next(), latitude: latitude + 0.01, longitude: 5.01, tags: ["place": "suburb", "name": "Centrum"])))
            let a = next()
            let b = next()
            elements.append(.node(OSMNode(id: a, latitude: latitude + 0.0005, longitude: 5)))
            elements.append(.node(OSMNode(id: b, latitude: latitude + 0.0005, longitude: 5.001)))
            elements.append(.way(OSMWay(id: next(), nodeRefs: [a, b], tags: ["highway": "pedestrian", "name": "Dam"])))
        }
        // Far from every square: 0.1° (11 km) east of the first town.
        let c = next()
        let d = next()
        elements.append(.node(OSMNode(id: c, latitude: 50, longitude: 5.1)))
        elements.append(.node(OSMNode(id: d, latitude: 50, longitude: 5.101)))
        elements.append(.way(OSMWay(id: next(), nodeRefs: [c, d], tags: ["highway": "residential", "name": "Dam"])))
        for town in 0..<towns {
            let latitude = 50 + Double(town) * 0.5
            elements.append(
                .relation(
                    OSMRelation(
                        id: next(), members: [],
                        tags: ["boundary": "administrative", "admin_level": "10", "name": "Centrum"],
                        center: OSMPoint(latitude: latitude + 0.012, longitude: 5.012))))
        }
        for element in elements { extractor.consume(element) }
        let places = extractor.finish()
        let squares = places.filter { $0.category == "place=square" }
        let streets = places.filter { $0.record.kind == .street && $0.record.name == "Dam" }
        let centrums = places.filter { $0.record.name == "Centrum" }
        #expect(squares.count == towns)
        #expect(streets.count == 1 && streets.first?.record.coordinate?.longitude ?? 0 > 5.09)
        #expect(centrums.count == towns && centrums.allSatisfy { $0.category == "place=suburb" })
    }
}
