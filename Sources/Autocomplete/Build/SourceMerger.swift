import Foundation
import PlaceCore

/// The same place from two sources is one suggestion: an OpenStreetMap `place=city` node and a
/// GeoNames row a few hundred metres apart, a street from the BAG list (no position) and the same
/// street from an extract.
///
/// Records are merged when they have the same kind and folded name, come from different sources
/// (``BuildRecord/source``), and lie within ``mergeDistance(_:)`` of each other, or one of them
/// has no position. Records of one source never merge: two streets of one name in two villages,
/// or two cafés of one chain, are two. The merged record takes the name, position and detail of
/// the member with a position and the highest importance, the highest importance, every
/// member's alternate names, and the other members' ids as its sources.
enum SourceMerger {
    /// Places: a city's centre differs between sources by a few kilometres. Streets and POIs: a
    /// street's point is somewhere along it.
    static func mergeDistance(_ kind: NameKind) -> Double {
        switch kind {
        case .place: 10_000
        case .street: 1_500
        case .poi: 250
        case .address: 50
        }
    }

    private struct Cluster {
        var members: [Int]
        var sources: [ArraySlice<UInt8>]
        var position: (Double, Double)?
    }

    /// Merges one group (same kind, same folded name). The order of the result is stable for a
    /// given input set, whatever order it came in.
    static func merge(_ group: [BuildRecord]) -> [BuildRecord] {
        guard group.count > 1 else { return group }
        let first = group[0].source
        if group.allSatisfy({ $0.source.elementsEqual(first) }) { return group }
        // Most important first, so a cluster's first member is its best.
        let order = group.indices.sorted { a, b in
            let hasA = group[a].position != nil
            let hasB = group[b].position != nil
            if hasA != hasB { return hasA }
            if group[a].importance != group[b].importance { return group[a].importance > group[b].importance }
            return group[a].id.lexicographicallyPrecedes(group[b].id)
        }
        let limit = mergeDistance(group[0].kind)
        var clusters: [Cluster] = []
        for index in order {
            let record = group[index]
            let source = record.source
            var best: (cluster: Int, metres: Double)?
            for (number, cluster) in clusters.enumerated()
            where !cluster.sources.contains(where: { $0.elementsEqual(source) }) {
                guard let here = record.latitude.flatMap({ latitude in record.longitude.map { (latitude, $0) } }),
                    let there = cluster.position
                else {
                    // One of them has no position: the first (best) cluster that lacks this source.
                    best = best ?? (number, .infinity)
                    if record.position == nil { break }
                    continue
                }
                let metres = Geodesy.haversine(here, there)
                if metres <= limit, metres < best?.metres ?? .infinity { best = (number, metres) }
            }
            if let best {
                clusters[best.cluster].members.append(index)
                clusters[best.cluster].sources.append(source)
                if clusters[best.cluster].position == nil, let latitude = record.latitude,
                    let longitude = record.longitude
                {
                    clusters[best.cluster].position = (latitude, longitude)
                }
            } else {
                let position = record.latitude.flatMap { latitude in record.longitude.map { (latitude, $0) } }
                clusters.append(Cluster(members: [index], sources: [source], position: position))
            }
        }
        return clusters.map { cluster in
            var merged = group[cluster.members[0]]
            var seenAlternates = Set(merged.alternateNames)
            for member in cluster.members.dropFirst() {
                let other = group[member]
                merged.importance = max(merged.importance, other.importance)
                if merged.detail == nil { merged.detail = other.detail }
                if merged.locality == nil { merged.locality = other.locality }
                if merged.country.isEmpty { merged.country = other.country }
                if merged.category == nil { merged.category = other.category }
                for alternate in other.alternateNames where seenAlternates.insert(alternate).inserted {
                    merged.alternateNames.append(alternate)
                }
                if other.name != merged.name, seenAlternates.insert(other.name).inserted {
                    merged.alternateNames.append(other.name)
                }
                merged.otherSources.append(other.id)
                merged.otherSources.append(contentsOf: other.otherSources)
            }
            if cluster.members.count > 1 {
                merged.alternateNames = Array(merged.alternateNames.prefix(BuildRecord.maximumAlternateNames))
                merged.forms = BuildRecord.forms(name: merged.name, alternates: merged.alternateNames)
            }
            return merged
        }
    }
}

extension Geodesy {
    /// Metres on the sphere between two (latitude, longitude) pairs in degrees.
    static func haversine(_ a: (Double, Double), _ b: (Double, Double)) -> Double {
        let radians = Double.pi / 180
        let dLatitude = (b.0 - a.0) * radians
        let dLongitude = (b.1 - a.1) * radians
        let sinLatitude = sin(dLatitude / 2)
        let sinLongitude = sin(dLongitude / 2)
        let h = sinLatitude * sinLatitude + cos(a.0 * radians) * cos(b.0 * radians) * sinLongitude * sinLongitude
        return 2 * Geodesy.meanRadius * asin(min(1, h.squareRoot()))
    }
}
