import Foundation
import OSMFormat
import PlaceBytes
import PlaceCore

/// Collects named street ways and merges them into one entry per street: ways with the same
/// name that touch (share a node) or lie within 250 m of each other are one street. Two streets of
/// the same name in two villages stay two.
struct StreetCollector {
    struct Segment {
        var way: Int64
        var first: Int64
        var last: Int64
        var middle: OSMPoint
        var length: Double
        var highway: String
        var alternates: [String]
    }

    struct Street {
        var name: String
        var firstWay: Int64
        var point: OSMPoint
        var length: Double
        var highway: String
        /// The alternate names of its ways, each once.
        var alternates: [String]
    }

    private(set) var segmentsByName: [String: (name: String, segments: [Segment])] = [:]
    private(set) var count = 0
    /// Ways kept, of every name: at most this many streets come out of ``merged(nodes:)``.
    private(set) var segmentCount = 0

    mutating func add(way: OSMWay, name: String, highway: String, nodes: LocationIndex, centre: OSMPoint?, alternates: [String] = []) {
        var points: [OSMPoint] = []
        points.reserveCapacity(way.nodeRefs.count)
        for ref in way.nodeRefs { if let point = nodes[ref] { points.append(point) } }
        let middle = points.isEmpty ? centre : points[points.count / 2]
        guard let middle, let first = way.nodeRefs.first, let last = way.nodeRefs.last else { return }
        var length = 0.0
        for index in points.indices.dropFirst() { length += PointBox.roughDistance(points[index - 1], points[index]) }
        let key = TextFolding.fold(name)
        let segment = Segment(way: way.id, first: first, last: last, middle: middle, length: length, highway: highway, alternates: alternates)
        segmentCount += 1
        if segmentsByName[key] == nil {
            segmentsByName[key] = (name, [segment])
            count += 1
        } else {
            segmentsByName[key]?.segments.append(segment)
        }
    }

    /// One street per connected group, at the middle of its longest way (a point on the street,
    /// unlike the middle of a bent street's box), with the most important class among its ways.
    func merged(nodes: LocationIndex) -> [Street] {
        var streets: [Street] = []
        for (_, entry) in segmentsByName {
            let segments = entry.segments
            var groups = UnionFind(count: segments.count)
            var byEndpoint: [Int64: Int] = [:]
            var byCell: [Cell: [Int]] = [:]
            for (index, segment) in segments.enumerated() {
                for node in [segment.first, segment.last] {
                    if let other = byEndpoint[node] { groups.union(index, other) } else { byEndpoint[node] = index }
                }
                let cell = Cell(segment.middle)
                for neighbour in cell.neighbourhood {
                    for other in byCell[neighbour] ?? [] where PointBox.roughDistance(segments[other].middle, segment.middle) < 250 {
                        groups.union(index, other)
                    }
                }
                byCell[cell, default: []].append(index)
            }
            var members: [Int: [Int]] = [:]
            for index in segments.indices { members[groups.find(index), default: []].append(index) }
            for (_, group) in members {
                guard let longest = group.max(by: { segments[$0].length < segments[$1].length }) else { continue }
                let highway = group.map { segments[$0].highway }.max(by: { Self.rank($0) < Self.rank($1) }) ?? segments[longest].highway
                var alternates: [String] = []
                for member in group.sorted() { for name in segments[member].alternates where !alternates.contains(name) { alternates.append(name) } }
                streets.append(
                    Street(
                        name: entry.name, firstWay: group.map { segments[$0].way }.min() ?? segments[longest].way,
                        point: segments[longest].middle, length: group.reduce(0) { $0 + segments[$1].length }, highway: highway,
                        alternates: alternates))
            }
        }
        return streets
    }

    private static func rank(_ highway: String) -> Int {
        ["motorway", "trunk", "primary", "secondary", "tertiary", "unclassified", "residential", "living_street", "pedestrian"]
            .reversed().firstIndex(of: highway.replacingOccurrences(of: "_link", with: "")) ?? -1
    }

    /// About 550 m square: a 250 m neighbour is always in the same or an adjacent cell.
    private struct Cell: Hashable {
        var x: Int
        var y: Int

        init(x: Int, y: Int) {
            self.x = x
            self.y = y
        }

        init(_ point: OSMPoint) {
            x = Int((point.longitude / 0.008).rounded(.down))
            y = Int((point.latitude / 0.005).rounded(.down))
        }

        var neighbourhood: [Cell] {
            var cells: [Cell] = []
            for dx in -1...1 { for dy in -1...1 { cells.append(Cell(x: x + dx, y: y + dy)) } }
            return cells
        }
    }
}

/// Groups by "these two belong together", with path halving.
struct UnionFind {
    private var parent: [Int]

    init(count: Int) { parent = Array(0..<count) }

    mutating func find(_ index: Int) -> Int {
        var index = index
        while parent[index] != index {
            parent[index] = parent[parent[index]]
            index = parent[index]
        }
        return index
    }

    mutating func union(_ a: Int, _ b: Int) {
        let rootA = find(a)
        let rootB = find(b)
        if rootA != rootB { parent[max(rootA, rootB)] = min(rootA, rootB) }
    }
}
