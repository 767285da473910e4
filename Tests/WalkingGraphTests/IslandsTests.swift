import Foundation
import PlaceCore
import Testing
@testable import WalkingGraph

/// A country of many equal towns that no way joins (islands, exclaves, or a tiled test country):
/// each end of a walk belongs on the streets of the town it stands in, wherever the country's
/// largest network is, and finding them looks near the point only.
struct IslandsTests {
    /// Towns on a `side` × `side` grid, each 0.002° high and 0.0044° wide (about 222 m × 300 m) with
    /// 0.005° × 0.0075° between their corners: four streets round the block and Dwarsstraat across
    /// its middle from south to north. The middle town also has two footways no street joins:
    /// Binnenpad, 20 m east of Dwarsstraat, and Verre pad, 70 m east of it (80 m from the east street).
    struct Country {
        static let side = 9
        static let south = 52.0
        static let west = 5.0
        static let townHeight = 0.002
        static let townWidth = 0.0044
        static let rowStep = 0.005
        static let columnStep = 0.0075
        static let middle = side / 2

        /// South-west corner of town (row, column).
        static func corner(_ row: Int, _ column: Int) -> (Double, Double) {
            (south + Double(row) * rowStep, west + Double(column) * columnStep)
        }

        /// Degrees of longitude per metre here.
        static let perMetreLongitude = 1 / (111_320 * cos(52.0 * .pi / 180))

        /// A point on Dwarsstraat of town (row, column), `north` of the way up.
        static func dwarsstraat(_ row: Int, _ column: Int, north: Double = 0.5) -> Coordinate {
            let (s, w) = corner(row, column)
            return Coordinate(s + townHeight * north, w + townWidth / 2)
        }

        /// A point on the west street of town (row, column).
        static func westStreet(_ row: Int, _ column: Int, north: Double = 0.3) -> Coordinate {
            let (s, w) = corner(row, column)
            return Coordinate(s + townHeight * north, w)
        }

        /// On Binnenpad (20 m east of Dwarsstraat) in the middle town.
        static var onBinnenpad: Coordinate {
            let (s, w) = corner(middle, middle)
            return Coordinate(s + townHeight * 0.5, w + townWidth / 2 + 20 * perMetreLongitude)
        }

        /// On Verre pad (70 m east of Dwarsstraat, 80 m west of the east street) in the middle town.
        static var onVerrePad: Coordinate {
            let (s, w) = corner(middle, middle)
            return Coordinate(s + townHeight * 0.5, w + townWidth / 2 + 70 * perMetreLongitude)
        }

        static func xml() -> String {
            var nodes: [String] = []
            var ways: [String] = []
            var nextNode = 1
            var nextWay = 1
            func node(_ latitude: Double, _ longitude: Double) -> Int {
                defer { nextNode += 1 }
                nodes.append(
                    "<node id=\"\(nextNode)\" version=\"1\" lat=\"\(String(format: "%.7f", latitude))\" lon=\"\(String(format: "%.7f", longitude))\"/>"
                )
                return nextNode
            }
            func way(_ refs: [Int], _ highway: String, _ name: String) {
                defer { nextWay += 1 }
                let members = refs.map { "<nd ref=\"\($0)\"/>" }.joined()
                ways.append(
                    "<way id=\"\(nextWay)\" version=\"1\">\(members)<tag k=\"highway\" v=\"\(highway)\"/><tag k=\"name\" v=\"\(name)\"/></way>"
                )
            }
            for row in 0..<side {
                for column in 0..<side {
                    let (s, w) = corner(row, column)
                    let (n, e) = (s + townHeight, w + townWidth)
                    let southWest = node(s, w)
                    let southMiddle = node(s, w + townWidth / 2)
                    let southEast = node(s, e)
                    let northEast = node(n, e)
                    let northMiddle = node(n, w + townWidth / 2)
                    let northWest = node(n, w)
                    way([southWest, southMiddle, southEast], "residential", "Zuidstraat")
                    way([southEast, northEast], "residential", "Ooststraat")
                    way([northEast, northMiddle, northWest], "residential", "Noordstraat")
                    way([northWest, southWest], "residential", "Weststraat")
                    way([southMiddle, northMiddle], "residential", "Dwarsstraat")
                    guard row == middle, column == middle else { continue }
                    let binnen = w + townWidth / 2 + 20 * perMetreLongitude
                    way([node(s + townHeight * 0.4, binnen), node(s + townHeight * 0.6, binnen)], "footway", "Binnenpad")
                    let verre = w + townWidth / 2 + 70 * perMetreLongitude
                    way([node(s + townHeight * 0.4, verre), node(s + townHeight * 0.6, verre)], "footway", "Verre pad")
                }
            }
            return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<osm version=\"0.6\">\n"
                + (nodes + ways).joined(separator: "\n") + "\n</osm>\n"
        }

        static func graph() throws -> WalkingGraph {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("islands-\(UUID().uuidString).osm")
            defer { try? FileManager.default.removeItem(at: url) }
            try Data(xml().utf8).write(to: url)
            return try WalkingGraphBuilder.build(contentsOf: url)
        }
    }

    @Test func everyTownIsItsOwnNetworkOfTheSameSize() throws {
        let graph = try Country.graph()
        // 81 towns and the two footways.
        #expect(graph.statistics.components == Country.side * Country.side + 2)
        let middle = try #require(graph.snap(Country.dwarsstraat(Country.middle, Country.middle)))
        let corner = try #require(graph.snap(Country.dwarsstraat(0, 0)))
        #expect(graph.view.componentSize(middle.component) == graph.view.componentSize(corner.component))
        #expect(middle.component != corner.component)
    }

    @Test func aFootwayNearItsTownsStreetsIsPutOnThemInTheMiddleOfTheCountry() throws {
        // The country's "largest" network is whichever equal town comes first; the walk from a
        // footway 20 m from Dwarsstraat belongs on the middle town's streets, not on the footway.
        let graph = try Country.graph()
        let snapped = try #require(graph.snap(Country.onBinnenpad))
        #expect(snapped.wayName == "Binnenpad")
        let moved = graph.onMainNetwork(snapped)
        #expect(moved.wayName == "Dwarsstraat")
        #expect(abs(moved.distance - 20) < 0.5)
        let walk = try graph.route(from: Country.onBinnenpad, to: Country.westStreet(Country.middle, Country.middle))
        #expect(walk.origin.wayName == "Dwarsstraat")
        // Down Dwarsstraat to Zuidstraat (111 m), along it to Weststraat (150 m), up it (67 m).
        #expect(walk.distance > 310 && walk.distance < 350, "\(walk.distance) m")
        let found = graph.distances(
            from: Country.westStreet(Country.middle, Country.middle), to: [Country.onBinnenpad])
        #expect(found.first??.alongWays ?? 0 > 150)
    }

    @Test func aPointSixtyMetresFromTheNetworkIsNotMoved() throws {
        // Verre pad is 70 m from Dwarsstraat: beyond the 50 m a point may be moved.
        let graph = try Country.graph()
        let snapped = try #require(graph.snap(Country.onVerrePad))
        #expect(snapped.wayName == "Verre pad")
        #expect(graph.onMainNetwork(snapped) == snapped)
        #expect(graph.moved(snapped, toComponent: graph.snap(Country.dwarsstraat(4, 4))!.component) == nil)
        #expect {
            try graph.route(from: Country.onVerrePad, to: Country.westStreet(Country.middle, Country.middle))
        } throws: { error in
            guard let error = error as? WalkingRouteError, case .noPath = error.problem else { return false }
            return true
        }
    }

    @Test func theComponentSearchLooksOnlyNearThePoint() throws {
        let graph = try Country.graph()
        let snapped = try #require(graph.snap(Country.onBinnenpad))
        let corner = try #require(graph.snap(Country.dwarsstraat(0, 0)))
        // Asked for a town kilometres away within 50 m: nothing, after a handful of cells.
        let bounded = graph.nearest(Country.onBinnenpad, inComponent: corner.component, within: 50)
        #expect(bounded.point == nil)
        let grid = graph.view.grid
        let cellMetres = min(
            Double(grid.cellHeight) / FixedPoint.perDegree * 111_000,
            Double(grid.cellWidth) / FixedPoint.perDegree * 68_000)
        let ringsWithin = Int((50 / cellMetres).rounded(.up)) + 1
        #expect(bounded.cells <= (2 * ringsWithin + 1) * (2 * ringsWithin + 1), "\(bounded.cells) cells")
        #expect(bounded.cells * 10 < grid.cellCount, "\(bounded.cells) of \(grid.cellCount) cells")
        // Unbounded, the same question crosses the country.
        let unbounded = graph.nearest(Country.onBinnenpad, inComponent: corner.component)
        #expect(unbounded.point?.component == corner.component)
        #expect(unbounded.cells > 10 * bounded.cells)
        // And the networks near the point are its own town's and the footway's.
        let near = graph.componentsNear(Country.onBinnenpad, within: 50)
        let town = try #require(graph.snap(Country.dwarsstraat(Country.middle, Country.middle)))
        #expect(Set(near) == [snapped.component, town.component])
    }

    @Test func twoTownsSideBySideRouteEachOnTheirOwnStreets() throws {
        // Equal towns: neither is "larger", so no end is moved to the neighbour.
        let graph = try Country.graph()
        for (row, column) in [(0, 0), (4, 4), (8, 8), (2, 7)] {
            let walk = try graph.route(
                from: Country.dwarsstraat(row, column, north: 0.2), to: Country.westStreet(row, column, north: 0.9))
            #expect(walk.origin.component == walk.destination.component)
            #expect(walk.distance < 400)
        }
    }

    @Test func reusingTheSearchSpaceGivesTheSameAnswersAsAFreshOne() throws {
        // One graph answers a sequence of queries from the same search space (stamped by
        // generation); each must equal the answer of a graph that never searched before.
        let shared = try Country.graph()
        let queries: [(Coordinate, Coordinate)] = [
            (Country.dwarsstraat(4, 4, north: 0.1), Country.westStreet(4, 4, north: 0.8)),
            (Country.onBinnenpad, Country.westStreet(4, 4)),
            (Country.dwarsstraat(0, 0), Country.westStreet(0, 0, north: 0.95)),
            (Country.dwarsstraat(4, 4, north: 0.1), Country.westStreet(4, 4, north: 0.8)),
        ]
        for (from, to) in queries + queries.reversed() {
            let fresh = try Country.graph()
            #expect(try shared.route(from: from, to: to) == fresh.route(from: from, to: to))
            let targets = [to, Country.onBinnenpad, Country.dwarsstraat(8, 8), from]
            #expect(shared.distances(from: from, to: targets) == fresh.distances(from: from, to: targets))
        }
        let town = try TestGraphs.canalTown()
        for _ in 0..<3 {
            let fresh = try TestGraphs.canalTown()
            let (from, to) = (CanalTown.zuidkade(4.8905), CanalTown.achterstraat(4.8930))
            #expect(try town.route(from: from, to: to) == fresh.route(from: from, to: to))
            #expect(
                town.distances(from: from, to: [to, CanalTown.island])
                    == fresh.distances(from: from, to: [to, CanalTown.island]))
        }
    }
}
