import PlaceCore

/// The answers of several segments (one index file per import) as one index's: the same place
/// from two segments is one suggestion, merged the way the builder merges it within one file
/// (``SourceMerger``): the same kind and folded name, from different segments, within
/// ``SourceMerger/mergeDistance(_:)`` of each other or one without a position. The merged
/// suggestion shows the member with a position and the highest importance, takes the highest
/// importance and the best text match of its members, and lists every member's sources. The
/// countries every segment adds (`country:NL`) are one record: the first segment's.
enum SegmentMerger {
    private struct Member {
        var suggestion: Suggestion
        var segment: Int
        var folded: [UInt8]
    }

    /// Merges each segment's (found, filler) into one answer of at most `limit`: the found
    /// matches, best first; the fillers (the fallback's one edit) after them, when every segment
    /// found too few (as one index would: merging only joins, so the merged matches are never
    /// fewer than one segment's).
    static func merge(_ parts: [(found: [Suggestion], filler: [Suggestion])], limit: Int, focus: Coordinate?) -> [Suggestion] {
        guard limit > 0 else { return [] }
        let found = merged(parts.enumerated().flatMap { segment, part in part.found.map { (segment, $0) } }, focus: focus)
        var answer = Array(found.prefix(limit))
        guard AutocompleteIndex.needsFallback(found: found.count, limit: limit) else { return answer }
        let taken = Set(found.map(\.record.id))
        let fillers = merged(parts.enumerated().flatMap { segment, part in part.filler.map { (segment, $0) } }, focus: focus)
        for filler in fillers where answer.count < limit {
            if taken.contains(filler.record.id) { continue }
            if let twin = answer.firstIndex(where: { sameRecord($0, filler) }) {
                for source in filler.sources where !answer[twin].sources.contains(source) { answer[twin].sources.append(source) }
                continue
            }
            answer.append(filler)
        }
        return answer
    }

    /// Whether two suggestions would be one record of one index: the same kind and folded name,
    /// close enough or one without a position, from different sources.
    static func sameRecord(_ a: Suggestion, _ b: Suggestion) -> Bool {
        guard a.record.kind == b.record.kind, a.record.id != b.record.id,
            NameForms.folded(a.record.name) == NameForms.folded(b.record.name)
        else { return false }
        guard let here = a.record.coordinate, let there = b.record.coordinate else { return true }
        return Geodesy.distance(here, there) <= SourceMerger.mergeDistance(a.record.kind)
    }

    /// The suggestions of every segment, the same place once, best first.
    private static func merged(_ found: [(segment: Int, suggestion: Suggestion)], focus: Coordinate?) -> [Suggestion] {
        var groups: [GroupKey: [Member]] = [:]
        var order: [GroupKey] = []
        var countries: Set<String> = []
        for (segment, suggestion) in found {
            // Every segment names the countries of its own places: one record each, the first's.
            if suggestion.record.id.hasPrefix("\(CountryRecords.source):") {
                guard countries.insert(suggestion.record.id).inserted else { continue }
            }
            let folded = NameForms.folded(suggestion.record.name)
            let key = GroupKey(kind: suggestion.record.kind, folded: folded)
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(Member(suggestion: suggestion, segment: segment, folded: folded))
        }
        var result: [Suggestion] = []
        for key in order {
            guard let members = groups[key] else { continue }
            result += cluster(members, focus: focus)
        }
        return result.sorted(by: ranked)
    }

    private struct GroupKey: Hashable {
        var kind: NameKind
        var folded: [UInt8]
    }

    /// The members of one kind and folded name as the builder clusters them: best first (a
    /// position, then importance, then id), each joining the nearest cluster within reach that
    /// has no member of its segment yet.
    private static func cluster(_ members: [Member], focus: Coordinate?) -> [Suggestion] {
        guard members.count > 1, Set(members.map(\.segment)).count > 1 else { return members.map(\.suggestion) }
        let ordered = members.sorted { a, b in
            let (first, second) = (a.suggestion.record, b.suggestion.record)
            if (first.coordinate != nil) != (second.coordinate != nil) { return first.coordinate != nil }
            if first.importance != second.importance { return first.importance > second.importance }
            return first.id.utf8.lexicographicallyPrecedes(second.id.utf8)
        }
        let limit = SourceMerger.mergeDistance(members[0].suggestion.record.kind)
        var clusters: [(members: [Member], segments: Set<Int>, position: Coordinate?)] = []
        for member in ordered {
            var best: (cluster: Int, metres: Double)?
            for (number, cluster) in clusters.enumerated() where !cluster.segments.contains(member.segment) {
                guard let here = member.suggestion.record.coordinate, let there = cluster.position else {
                    best = best ?? (number, .infinity)
                    if member.suggestion.record.coordinate == nil { break }
                    continue
                }
                let metres = Geodesy.distance(here, there)
                if metres <= limit, metres < best?.metres ?? .infinity { best = (number, metres) }
            }
            if let best {
                clusters[best.cluster].members.append(member)
                clusters[best.cluster].segments.insert(member.segment)
                if clusters[best.cluster].position == nil { clusters[best.cluster].position = member.suggestion.record.coordinate }
            } else {
                clusters.append(([member], [member.segment], member.suggestion.record.coordinate))
            }
        }
        return clusters.map { join($0.members.map(\.suggestion), focus: focus) }
    }

    /// One suggestion for the members of a cluster, the first (best) shown.
    private static func join(_ members: [Suggestion], focus: Coordinate?) -> Suggestion {
        guard var merged = members.first, members.count > 1 else { return members[0] }
        // The best text match of any member: one index finds the merged record by every name.
        let matched = members.max { $0.components.text < $1.components.text } ?? merged
        if matched.record.id != merged.record.id {
            merged.match = matched.match
            merged.isWhole = matched.isWhole
            merged.components.text = matched.components.text
            merged.matchedName = matched.matchedName ?? (matched.record.name == merged.record.name ? nil : matched.record.name)
        }
        for other in members.dropFirst() {
            merged.record.importance = max(merged.record.importance, other.record.importance)
            if merged.record.detail == nil { merged.record.detail = other.record.detail }
            if merged.record.locality == nil { merged.record.locality = other.record.locality }
            if merged.record.countryCode == nil { merged.record.countryCode = other.record.countryCode }
            if merged.record.category == nil { merged.record.category = other.record.category }
            merged.sources += other.sources
        }
        merged.components.importance = SuggestionRanking.importanceWeight * Double(merged.record.importance)
        merged.score = merged.components.text + merged.components.importance + merged.components.proximity
        return merged
    }

    /// Best first; at equal scores in the order of one index's records: kind, importance, name.
    private static func ranked(_ a: Suggestion, _ b: Suggestion) -> Bool {
        if a.score != b.score { return a.score > b.score }
        let (first, second) = (a.record, b.record)
        if first.kind != second.kind { return IndexFormat.segment(of: first.kind) < IndexFormat.segment(of: second.kind) }
        if first.importance != second.importance { return first.importance > second.importance }
        let (x, y) = (NameForms.folded(first.name), NameForms.folded(second.name))
        if x != y { return x.lexicographicallyPrecedes(y) }
        return first.id.utf8.lexicographicallyPrecedes(second.id.utf8)
    }
}
