import PlaceSearch
import Foundation

/// One query against one index: gathers candidates from two sorted streams and stops as soon as
/// nothing unseen can enter the top (Fagin's threshold algorithm).
///
/// - The importance stream: records in index order, which is best-first (places first, then by
///   importance). For a one-word query of 1–3 bytes it is the stored top-K of that prefix; else it
///   is the merge of the posting lists of the most selective query word (its exact word, its
///   prefix range, or the words within its typo budget).
/// - With a focus, the grid stream: the cells around the focus, ring by ring, every record in them
///   tested against the query.
///
/// An unseen record scores at most (best non-exact text) + 2 × (importance at the importance
/// frontier) + 1.5 × decay(distance to the next unscanned ring), the decay taken per segment
/// (places decay over 50 km, the rest over 3 km). Exact whole-name matches, which can score above
/// that text bound, are looked up first in the by-name table. Work is capped (about 20,000 records
/// from the importance stream and 8,192 from the grid): past the caps the answer is the best found,
/// which in practice only happens for one- to three-letter queries with a focus in a dense city
/// (Pelias gives such inputs a hard radius instead).
struct CandidateSearch {
    let view: IndexView
    let terms: [QueryTerm]
    let focus: Coordinate?
    let kinds: Set<NameKind>?
    var top: TopK
    private let focusCosine: Double

    static let batch = 64
    static let importanceBudget = 20_000
    static let gridRecordBudget = 8_192
    /// Squares of half-width up to 64 cells (about 90–140 km at 52° N).
    static let gridRingBudget = 8

    init(view: IndexView, terms: [QueryTerm], focus: Coordinate?, kinds: Set<NameKind>?, limit: Int) {
        self.view = view
        self.terms = terms
        self.focus = focus
        self.kinds = kinds
        self.top = TopK(limit: limit)
        self.focusCosine = focus.map { cos($0.latitude * .pi / 180) } ?? 1
    }

    // MARK: Scoring one record

    /// Scores `record` and keeps it when it enters the top.
    @inline(__always) mutating func consider(_ record: Int) {
        guard record >= 0, record < view.recordCount else { return }
        let kindRaw = view.kindRaw(record)
        guard let kind = NameKind(rawValue: kindRaw) else { return }
        if let kinds, !kinds.contains(kind) { return }
        let importance = Double(view.importance(record))
        // Cheapest first: can it enter even with a perfect match and no distance?
        let ceiling = SuggestionRanking.exactScore + SuggestionRanking.importanceWeight * importance
            + (focus == nil ? 0 : SuggestionRanking.focusWeight)
        guard top.admits(ceiling) else { return }
        let folded = view.foldedName(record)
        guard let match = MatchEvaluator.evaluate(terms: terms, foldedName: folded) else { return }
        var score = SuggestionRanking.textScore(match: match, importance: importance)
        if let focus, let position = view.position(record) {
            score += SuggestionRanking.proximity(distance: quickDistance(from: focus, position.latitude, position.longitude), kind: kind)
        }
        guard top.admits(score) else { return }
        top.insert(record: record, score: score, folded: Array(folded), id: Array(view.idBytes(record)))
    }

    /// Metres on the sphere by haversine, with the focus's cosine computed once: thousands of grid
    /// candidates are scored per query, and the ellipsoidal distance (ten trigonometric calls) is
    /// only worth it for the few shown. Within 0.5 % of it, which no ranking notices.
    @inline(__always) private func quickDistance(from focus: Coordinate, _ latitude: Double, _ longitude: Double) -> Double {
        let radians = Double.pi / 180
        let dLatitude = (latitude - focus.latitude) * radians
        let dLongitude = (longitude - focus.longitude) * radians
        let sinLatitude = sin(dLatitude / 2)
        let sinLongitude = sin(dLongitude / 2)
        let h = sinLatitude * sinLatitude + focusCosine * cos(latitude * radians) * sinLongitude * sinLongitude
        return 2 * Geodesy.meanRadius * asin(min(1, h.squareRoot()))
    }

    // MARK: Driver

    mutating func run() {
        lookUpExactNames()
        if terms.count == 1, terms[0].bytes.count <= IndexFormat.maxTablePrefix, let table = prefixTable(terms[0].bytes) {
            if runTable(table) { return }
        } else if terms.count == 1, terms[0].bytes.count <= IndexFormat.maxTablePrefix {
            return  // no word starts with it (and words this short get no typos)
        }
        runPostings()
    }

    /// Names that start with the query as typed ("bibliothek ri" → "Bibliothek Rivera"): every
    /// in-order match without typos, from the by-name table, when there are at most 4,096 of
    /// them. Returns whether it looked them all up.
    private mutating func lookUpInOrderNames() -> Bool {
        let joined = Array(terms.map(\.bytes).joined(separator: [0x20]))
        return joined.withUnsafeBytes { key -> Bool in
            var low = 0
            var high = view.byNameCount
            while low < high {
                let middle = (low + high) / 2
                let record = view.byName(middle)
                let name = record < view.recordCount ? view.foldedName(record) : UnsafeRawBufferPointer(start: nil, count: 0)
                if compareBytes(name, key) < 0 { low = middle + 1 } else { high = middle }
            }
            var a = low
            var b = min(view.byNameCount, low + 4_097)
            while a < b {
                let middle = (a + b) / 2
                let record = view.byName(middle)
                if record < view.recordCount, MatchEvaluator.hasPrefix(view.foldedName(record), key, whole: false) { a = middle + 1 } else { b = middle }
            }
            guard a - low <= 4_096 else { return false }
            for index in low..<a { consider(view.byName(index)) }
            return true
        }
    }

    /// Names that are the query word for word ("dam" → "Dam"), from the by-name table.
    private mutating func lookUpExactNames() {
        let joined = Array(terms.map(\.bytes).joined(separator: [0x20]))
        joined.withUnsafeBytes { key in
            var low = 0
            var high = view.byNameCount
            while low < high {
                let middle = (low + high) / 2
                let record = view.byName(middle)
                let name = record < view.recordCount ? view.foldedName(record) : UnsafeRawBufferPointer(start: nil, count: 0)
                if compareBytes(name, key) < 0 { low = middle + 1 } else { high = middle }
            }
            var index = low
            while index < view.byNameCount, index < low + 64 {
                let record = view.byName(index)
                guard record < view.recordCount, compareBytes(view.foldedName(record), key) == 0 else { break }
                consider(record)
                index += 1
            }
        }
    }

    private func prefixTable(_ prefix: [UInt8]) -> Range<Int>? {
        prefix.withUnsafeBytes { key in
            var low = 0
            var high = view.prefixCount
            while low < high {
                let middle = (low + high) / 2
                if compareBytes(view.prefixKey(middle), key) < 0 { low = middle + 1 } else { high = middle }
            }
            guard low < view.prefixCount, compareBytes(view.prefixKey(low), key) == 0 else { return nil }
            return view.prefixTopRange(low)
        }
    }

    /// A short one-word query from its stored top-K (plus the grid with a focus). Returns false
    /// when the table cannot settle it (a kinds filter left too few) and the postings must.
    private mutating func runTable(_ table: Range<Int>) -> Bool {
        for index in table { consider(view.prefixTop(index)) }
        // The table holds everything when it is not full; else nothing unseen beats its last.
        let complete = table.count < IndexFormat.prefixTopK
        var unseenText = -Double.infinity
        if !complete, let last = table.last {
            let record = view.prefixTop(last)
            if record < view.recordCount, let match = MatchEvaluator.evaluate(terms: terms, foldedName: view.foldedName(record)) {
                unseenText = SuggestionRanking.textScore(match: match, importance: Double(view.importance(record)))
            }
        }
        if let focus {
            var grid = GridStream(view: view, focus: focus)
            while !complete {
                let decay = SuggestionRanking.focusWeight * pow(0.5, grid.clearRadius / SuggestionRanking.halfDistance(includesPlaces ? .place : .street))
                if top.isFull, unseenText + decay < top.threshold { break }
                guard grid.rings < Self.gridRingBudget, grid.visited < Self.gridRecordBudget, let cells = grid.nextRing() else { break }
                for record in cells { consider(record) }
            }
            return true
        }
        return complete || (top.isFull && kinds == nil) || (top.isFull && unseenText < top.threshold)
    }

    private var includesPlaces: Bool { kinds?.contains(.place) ?? true }
    private var includesOthers: Bool { kinds.map { $0.contains(.street) || $0.contains(.poi) } ?? true }

    /// The general case: the most selective word's postings, best-first, with the grid beside them.
    private mutating func runPostings() {
        guard let driver = drivingTerm() else { return }
        var stream = PostingStream(view: view, words: driver.words)
        var bestText = SuggestionRanking.bestNonExactText - SuggestionRanking.editPenalty * Double(driver.minEdits)
        // With every typo-free in-order match already seen, the unseen ones are matched out of
        // order (0.4, +0.1 for a whole last word) or with a typo (at most 0.7 − 0.3).
        if terms.count > 1, lookUpInOrderNames() {
            bestText = min(bestText, SuggestionRanking.elsewhereScore + SuggestionRanking.wholeWordBonus)
        }
        if !includesPlaces { stream.skip(to: view.placeCount) }
        var grid = focus.map { GridStream(view: view, focus: $0) }
        var popped = 0
        while true {
            var count = 0
            while count < Self.batch, let record = stream.next() {
                consider(record)
                count += 1
            }
            popped += count
            if var scan = grid, scan.rings < Self.gridRingBudget, scan.visited < Self.gridRecordBudget, let cells = scan.nextRing() {
                for record in cells { consider(record) }
                grid = scan
            }
            guard let frontier = stream.peek else { return }  // every candidate seen
            if frontier >= view.placeCount && !includesOthers { return }
            if top.isFull {
                let radius = grid?.clearRadius ?? .infinity
                func bound(importance: Double, kind: NameKind) -> Double {
                    let proximity = focus == nil ? 0 : SuggestionRanking.focusWeight * pow(0.5, radius / SuggestionRanking.halfDistance(kind))
                    return bestText + SuggestionRanking.importanceWeight * importance + proximity
                }
                let threshold = top.threshold
                if frontier < view.placeCount {
                    let placeBound = includesPlaces ? bound(importance: Double(view.importance(frontier)), kind: .place) : -.infinity
                    let restBound = view.placeCount < view.recordCount && includesOthers
                        ? bound(importance: Double(view.importance(view.placeCount)), kind: .street) : -.infinity
                    if max(placeBound, restBound) < threshold { return }
                    // No unseen place can enter: jump to the rest.
                    if placeBound < threshold { stream.skip(to: view.placeCount) }
                } else if bound(importance: Double(view.importance(frontier)), kind: .street) < threshold {
                    return
                }
            }
            if popped >= Self.importanceBudget { return }
        }
    }

    /// The query word with the fewest postings, as word-table ranges with their edits.
    private func drivingTerm() -> (words: [(words: Range<Int>, edits: Int)], minEdits: Int)? {
        var best: (words: [(words: Range<Int>, edits: Int)], count: Int, minEdits: Int)?
        // Exact forms first: cheap, and a rare exact word needs no typo search at all.
        for term in terms where term.maxEdits == 0 {
            let range = wordRange(term)
            let count = postingCount(range, cap: best?.count ?? Int.max)
            if count < best?.count ?? Int.max { best = ([(range, 0)], count, 0) }
        }
        if let found = best, found.count <= 2_000 { return (found.words, 0) }
        for term in terms where term.maxEdits > 0 {
            let ranges = TypoMatcher.search(term.bytes, prefix: term.isPrefix, maxEdits: term.maxEdits, in: view)
            let cap = best?.count ?? Int.max
            var count = 0
            for range in ranges where count <= cap { count += postingCount(range.words, cap: cap - count) }
            if count < best?.count ?? Int.max { best = (ranges, count, ranges.map(\.edits).min() ?? 0) }
        }
        return best.map { ($0.words, $0.minEdits) }
    }

    /// Words equal to the term, or starting with it for the last word.
    private func wordRange(_ term: QueryTerm) -> Range<Int> {
        term.bytes.withUnsafeBytes { key in
            var low = 0
            var high = view.wordCount
            while low < high {
                let middle = (low + high) / 2
                if compareBytes(view.word(middle), key) < 0 { low = middle + 1 } else { high = middle }
            }
            var end = low
            if term.isPrefix {
                // The prefix range ends at the first word that does not start with the key.
                var a = low
                var b = view.wordCount
                while a < b {
                    let middle = (a + b) / 2
                    if MatchEvaluator.hasPrefix(view.word(middle), key, whole: false) { a = middle + 1 } else { b = middle }
                }
                end = a
            } else if low < view.wordCount, compareBytes(view.word(low), key) == 0 {
                end = low + 1
            }
            return low..<end
        }
    }

    private func postingCount(_ words: Range<Int>, cap: Int) -> Int {
        var count = 0
        for word in words {
            count += view.postingRange(word).count
            if count > cap { break }
        }
        return count
    }
}

/// The union of some posting lists in ascending record order (best-first), by a binary heap.
struct PostingStream {
    private let view: IndexView
    private var cursors: [Range<Int>] = []
    private var heap: [UInt64] = []
    private var last = -1

    init(view: IndexView, words: [(words: Range<Int>, edits: Int)]) {
        self.view = view
        for range in words {
            for word in range.words {
                let postings = view.postingRange(word)
                if !postings.isEmpty { cursors.append(postings) }
            }
        }
        rebuild()
    }

    private mutating func rebuild() {
        heap.removeAll(keepingCapacity: true)
        for (index, cursor) in cursors.enumerated() where !cursor.isEmpty {
            heap.append(UInt64(view.posting(cursor.lowerBound)) << 32 | UInt64(index))
        }
        heap.sort()  // a sorted array is a valid min-heap
    }

    var peek: Int? {
        heap.first.map { Int($0 >> 32) }
    }

    mutating func next() -> Int? {
        while let top = heap.first {
            let record = Int(top >> 32)
            let list = Int(top & 0xFFFF_FFFF)
            cursors[list] = (cursors[list].lowerBound + 1)..<cursors[list].upperBound
            if let following = cursors[list].first {
                // Postings ascend; a corrupt list that does not is still consumed, only out of order.
                heap[0] = UInt64(view.posting(following)) << 32 | UInt64(list)
            } else {
                heap[0] = heap[heap.count - 1]
                heap.removeLast()
            }
            siftDown()
            if record != last {
                last = record
                return record
            }
        }
        return nil
    }

    /// Moves every list to its first record ≥ `record`.
    mutating func skip(to record: Int) {
        for index in cursors.indices {
            var low = cursors[index].lowerBound
            var high = cursors[index].upperBound
            while low < high {
                let middle = (low + high) / 2
                if view.posting(middle) < record { low = middle + 1 } else { high = middle }
            }
            cursors[index] = low..<cursors[index].upperBound
        }
        rebuild()
    }

    private mutating func siftDown() {
        var index = 0
        let count = heap.count
        while true {
            let left = 2 * index + 1
            guard left < count else { return }
            var smallest = left
            if left + 1 < count, heap[left + 1] < heap[left] { smallest = left + 1 }
            guard heap[smallest] < heap[index] else { return }
            heap.swapAt(index, smallest)
            index = smallest
        }
    }
}

/// The grid cells around a focus, in squares of doubling half-width (0, 1, 2, 4 … cells). Each
/// square is read row by row, one binary search per row, skipping the cells of the square before:
/// sparse grids cost a search per row rather than per cell.
struct GridStream {
    let view: IndexView
    let row: Int
    let column: Int
    let latitude: Double
    /// Half-width of the square scanned so far, −1 before the first.
    private(set) var halfWidth = -1
    private(set) var visited = 0
    var rings: Int { halfWidth + 1 }

    init(view: IndexView, focus: Coordinate) {
        self.view = view
        let cell = IndexFormat.cellKey(latitude: focus.latitude, longitude: focus.longitude)
        row = cell.row
        column = cell.column
        latitude = focus.latitude
    }

    /// No unscanned record is nearer than this, metres: `halfWidth` whole cells lie between the
    /// focus and any cell outside the square, measured where cells are narrowest (the square's
    /// pole-ward edge).
    var clearRadius: Double {
        guard halfWidth > 0 else { return 0 }
        let edgeLatitude = min(89.9, abs(latitude) + Double(halfWidth + 1) * IndexFormat.gridDegrees)
        let narrowest = IndexFormat.gridDegrees * 111_195.0 * cos(edgeLatitude * .pi / 180)
        return Double(halfWidth) * min(narrowest, IndexFormat.gridDegrees * 111_195.0)
    }

    /// The records of the next square that were not in the previous one.
    mutating func nextRing() -> [Int]? {
        let inner = halfWidth
        let outer = halfWidth < 0 ? 0 : (halfWidth == 0 ? 1 : halfWidth * 2)
        guard outer < 9_000 else { return nil }
        halfWidth = outer
        var records: [Int] = []
        for r in max(0, row - outer)...min(8_999, row + outer) {
            let low = max(0, column - outer)
            let high = min(IndexFormat.gridColumns - 1, column + outer)
            let end = UInt32(r * 65_536 + high)
            var cell = view.firstCell(atLeast: UInt32(r * 65_536 + low))
            let innerRow = inner >= 0 && abs(r - row) <= inner
            while cell < view.cellCount {
                let key = view.cellKey(cell)
                guard key <= end else { break }
                let c = Int(key & 0xFFFF)
                if innerRow, abs(c - column) <= inner {
                    // Inside the previous square: jump past it.
                    cell = view.firstCell(atLeast: UInt32(r * 65_536 + column + inner + 1))
                    continue
                }
                for index in view.cellRecordRange(cell) { records.append(view.cellRecord(index)) }
                cell += 1
            }
        }
        visited += records.count
        return records
    }
}
