import Foundation
import PlaceCore

extension CandidateSearch {
    // MARK: The loop

    func drain() {
        while let (stored, index) = heap.first, streamWork + gridWork < workLimit {
            var source = sources[index]
            if source.isPending {
                heapPop()
                open(index)
                source = sources[index]
                if head(source) == nil {
                    if source.node != nil { expand(source) }
                    continue
                }
                heapInsert(bound(source), index)
                continue
            }
            let current = bound(source)
            if current < stored {
                heap[0].bound = current
                siftDown(0)
                continue
            }
            // Every other stream's bound is at most its stored one, at most this; −∞ once the
            // rings cover the radius.
            if current < top.threshold || current == -.infinity { return }
            // With a focus: the rings next to it first (they hold the candidates that raise the
            // bar most). Then, when only the proximity allowance keeps this stream alive, either
            // a ring (it lowers the allowance) or more of the stream (it lowers the importance)
            // can end it, at costs no one knows in advance: the grid gets its turn while it has
            // done no more work than the streams (which is within twice the cheaper way).
            let group = IndexFormat.group(segment: source.segment)
            if focus != nil, var grid = grids[group], !grid.isExhausted {
                let margin = top.threshold - (current - allowance(source.segment))
                // Within a radius the grid is the way: its rings end the search.
                let bounded = radius.map { grid.clearRadius < $0 } ?? false
                if bounded || grid.halfWidth < Self.nearRings || (top.isFull && margin > 0 && gridWork <= streamWork) {
                    let before = grid.cellsRead
                    // Nothing in this ring is nearer than the rings before it reached.
                    let nearest = allowance(source.segment)
                    grid.nextRing(view: view, ranges: gridRanges) { entry, hint in
                        gridWork += 1
                        consider(entry, hint: hint, text: SuggestionRanking.exactScore, proximity: nearest)
                    }
                    gridWork += grid.cellsRead - before
                    grids[group] = grid
                    continue
                }
            }
            guard let (entry, hint) = head(source) else {
                heapPop()
                if source.node != nil { expand(source) }
                continue
            }
            // Its proximity: either the grid read it already, or it lies beyond the rings.
            let proximity = allowance(source.segment)
            // Without a focus nothing else changes the bounds: the stream is read on while it
            // stays above every other (their stored bounds are at least their real ones) and
            // can still enter, without a trip through the heap per entry.
            var rival = Double.infinity
            if focus == nil {
                rival = heap.count > 1 ? heap[1].bound : -.infinity
                if heap.count > 2 { rival = max(rival, heap[2].bound) }
            }
            var next: (entry: Int, hint: UInt32)? = (entry, hint)
            while let (entry, hint) = next {
                streamWork += 1
                consider(entry, hint: hint, text: source.tier, proximity: proximity)
                source.last = entry
                source.position += 1
                next = head(source)
                if let upcoming = next {
                    let bound =
                        source.tier + SuggestionRanking.importanceWeight * PostingHint.importance(upcoming.hint)
                        + proximity
                    if bound < rival || !top.admits(bound) { break }
                }
            }
            sources[index] = source
            if next == nil {
                heapPop()
                if sources[index].node != nil { expand(sources[index]) }
            } else {
                heap[0].bound = bound(sources[index])
                siftDown(0)
            }
        }
    }

    // MARK: Scoring one entry

    /// Scores an entry and keeps its record when it enters the top. `text` and `proximity` bound
    /// its text score and proximity: with the hint's importance they decide, before the entry is
    /// read, whether it could enter at all.
    func consider(_ entry: Int, hint: UInt32, text: Double, proximity bound: Double) {
        guard PostingHint.meets(hint, requiredHint),
            top.admits(text + SuggestionRanking.importanceWeight * PostingHint.importance(hint) + bound)
        else { return }
        guard entry >= 0, entry < view.entryCount, let kind = NameKind(rawValue: view.kindRaw(entry)),
            segments.contains(IndexFormat.segment(of: kind))
        else { return }
        let importance = view.importance(entry)
        var proximity = 0.0
        if let focus {
            guard let position = view.position(entry) else {
                if radius != nil { return }
                return consider(entry, kind: kind, importance: importance, proximity: 0, text: text)
            }
            let distance = Self.distance(from: focus, cosine: focusCosine, position)
            if let radius, distance > radius { return }
            proximity = SuggestionRanking.proximity(distance: distance, kind: kind)
        }
        consider(entry, kind: kind, importance: importance, proximity: proximity, text: text)
    }

    /// The rest of ``consider(_:hint:text:proximity:)`` once the entry's proximity is known.
    @inline(__always) private func consider(_ entry: Int, kind: NameKind, importance: Double, proximity: Double, text: Double) {
        guard top.admits(text + SuggestionRanking.importanceWeight * importance + proximity),
            view.wordStarts(entry) & requiredStarts == requiredStarts
        else { return }
        let folded = view.folded(entry)
        guard let match = MatchEvaluator.evaluate(terms: terms, foldedName: folded),
            let record = view.record(ofEntry: entry)
        else { return }
        if let filter, !filter.accepts(view, record: record) { return }
        let score = SuggestionRanking.score(
            match: match, secondary: view.isSecondary(entry), importance: importance, proximity: proximity)
        top.insert(
            record: record, entry: entry, score: score, folded: { Array(view.recordFolded(record)) },
            id: { Array(view.recordID(record)) })
    }

    /// Metres on the sphere by haversine, with the focus's cosine computed once: thousands of
    /// candidates may be scored per query, and the ellipsoidal distance (ten trigonometric calls)
    /// is only worth it for the few shown. Within 0.5 % of it, which no ranking notices.
    @inline(__always) static func distance(
        from focus: Coordinate, cosine: Double, _ position: (latitude: Double, longitude: Double)
    ) -> Double {
        let radians = Double.pi / 180
        let dLatitude = (position.latitude - focus.latitude) * radians
        let dLongitude = (position.longitude - focus.longitude) * radians
        let sinLatitude = sin(dLatitude / 2)
        let sinLongitude = sin(dLongitude / 2)
        let h = sinLatitude * sinLatitude + cosine * cos(position.latitude * radians) * sinLongitude * sinLongitude
        return 2 * Geodesy.meanRadius * asin(min(1, h.squareRoot()))
    }

    // MARK: Heap

    func heapInsert(_ bound: Double, _ source: Int) {
        heap.append((bound, source))
        var index = heap.count - 1
        while index > 0 {
            let parent = (index - 1) / 2
            guard heap[parent].bound < heap[index].bound else { return }
            heap.swapAt(parent, index)
            index = parent
        }
    }

    func heapPop() {
        heap[0] = heap[heap.count - 1]
        heap.removeLast()
        if !heap.isEmpty { siftDown(0) }
    }

    func siftDown(_ start: Int) {
        var index = start
        while true {
            let left = 2 * index + 1
            guard left < heap.count else { return }
            var largest = left
            if left + 1 < heap.count, heap[left + 1].bound > heap[left].bound { largest = left + 1 }
            guard heap[largest].bound > heap[index].bound else { return }
            heap.swapAt(index, largest)
            index = largest
        }
    }
}
