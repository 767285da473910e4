import Foundation
import PlaceSearch

/// One query against one index: the threshold algorithm over best-first candidate streams, with
/// bounded work and no cut-off that can change the answer.
///
/// Every name that matches has every query word, so the streams of one query word (the one with
/// the fewest postings, the *driver*) hold every candidate. They are split so that each has a
/// tight bound: per kind segment (whose entries are ordered by importance), per posting class (the
/// word first in the name: the query's order is possible; a later word: it is not), the word equal
/// to the query word apart (+0.1), and per typo distance (−0.3 per edit). A stream's next entry
/// bounds everything after it: text bound + 2 × importance + the proximity allowance. The stream
/// with the highest bound is read next, and the search ends when no bound reaches the score of
/// the k-th suggestion: a short prefix reads its stored best (``IndexFormat``, prefix nodes), not
/// its thousands of matches.
///
/// With a focus, a grid per kind group (``FocusGrid``) is read ring by ring for the driver's words,
/// and an unread entry can be no nearer than the rings read: the proximity allowance shrinks as
/// the rings grow, instead of being 1.5 for everyone. A ring is read when it is the proximity
/// allowance that keeps a stream alive.
///
/// Typos come second: the words within reach of a query word (``TypoMatcher/search``) are only
/// walked when a match with one edit could still enter the top, and only to the distance that
/// could.
final class CandidateSearch {
    let view: IndexView
    let focus: Coordinate?
    let segments: [Int]
    @exclusivity(unchecked) var top: TopK
    @exclusivity(unchecked) var terms: [QueryTerm] = []
    @exclusivity(unchecked) var sources: [CandidateSource] = []
    /// (bound, source) pairs, a binary max-heap on bound. A bound only ever falls, so a stale one
    /// is too high, and is fixed when it comes to the top.
    @exclusivity(unchecked) var heap: [(bound: Double, source: Int)] = []
    @exclusivity(unchecked) var grids: [FocusGrid?] = [nil, nil]
    @exclusivity(unchecked) var gridRanges: [Range<Int>] = []
    /// Light ranges read whole and sorted: `entry << 32 | hint`.
    @exclusivity(unchecked) var scratch: [UInt64] = []
    let focusCosine: Double
    /// Whether typo-free matches were all found (phase one done): phase two then needs only
    /// entries with at least one edit.
    @exclusivity(unchecked) var minimumEdits = 0
    /// ``WordStarts`` every match has: those of the query words without typos; and the same as
    /// a ``PostingHint`` mask.
    @exclusivity(unchecked) var requiredStarts: UInt64 = 0
    @exclusivity(unchecked) var requiredHint = PostingHint.Requirement([])
    /// Whether the in-order matches come from the name prefix nodes (several words, no typos).
    @exclusivity(unchecked) var inOrderCovered = false
    /// Work done so far by the streams (entries read, postings gathered) and by the grid (cells
    /// and entries read), to share it between them.
    @exclusivity(unchecked) var streamWork = 0
    @exclusivity(unchecked) var gridWork = 0

    /// A stream with at most this many postings is read at once, without bounds or order.
    static let readAtOnce = 1_024
    static let readAtOnceNearFocus = 16
    /// Rings read around a focus before anything else (half-widths 0 and 1: 3 × 3 cells).
    static let nearRings = 2

    init(view: IndexView, focus: Coordinate?, kinds: Set<NameKind>?, limit: Int) {
        self.view = view
        self.focus = focus
        segments = IndexFormat.segmentKinds.indices.filter { kinds?.contains(IndexFormat.segmentKinds[$0]) ?? true }
        top = TopK(limit: limit)
        focusCosine = focus.map { cos($0.latitude * .pi / 180) } ?? 1
    }

    // MARK: Phases

    /// Phase one: matches without typos (`terms` with no edits allowed).
    func runTypoFree(_ terms: [QueryTerm]) {
        self.terms = terms
        requiredStarts = Self.requiredStarts(terms)
        requiredHint = Self.requiredHint(terms)
        minimumEdits = 0
        resetStreams()
        addExactSource()
        inOrderCovered = terms.count > 1
        if inOrderCovered { addInOrderSources() }
        guard let driver = cheapestTerm(among: terms.indices, maximumCost: .max) else { return }
        addSources(for: driver.term, ranges: driver.ranges)
        drain()
    }

    /// Phase two: matches with at least one edit, for `terms` with their typo budgets.
    func runTypos(_ terms: [QueryTerm]) {
        self.terms = terms
        requiredStarts = Self.requiredStarts(terms)
        requiredHint = Self.requiredHint(terms)
        minimumEdits = 1
        inOrderCovered = false
        // Could anything with an edit still enter?
        let allowance = focus == nil ? 0 : SuggestionRanking.focusWeight
        let best = SuggestionRanking.bestNonExactText + SuggestionRanking.importanceWeight * bestImportance + allowance
        guard top.admits(best - SuggestionRanking.editPenalty) else { return }
        // Edits beyond what could still enter are not walked.
        var budget = terms.map(\.maxEdits).max() ?? 0
        while budget > 1, !top.admits(best - SuggestionRanking.editPenalty * Double(budget)) { budget -= 1 }
        var walked = terms
        for index in walked.indices { walked[index].maxEdits = min(walked[index].maxEdits, budget) }
        resetStreams()
        // A word without typos is cheap to look up, and when rare it is the best driver.
        let exactWords = walked.indices.filter { walked[$0].maxEdits == 0 }
        var driver = cheapestTerm(among: exactWords, maximumCost: 2_000)
        if driver == nil {
            driver = cheapestTerm(among: walked.indices, maximumCost: .max)
        }
        guard let driver else { return }
        addSources(for: driver.term, ranges: driver.ranges)
        drain()
    }

    static func requiredHint(_ terms: [QueryTerm]) -> PostingHint.Requirement {
        PostingHint.Requirement(terms.filter { $0.maxEdits == 0 }.map(\.bytes))
    }

    static func requiredStarts(_ terms: [QueryTerm]) -> UInt64 {
        terms.reduce(0) { $0 | ($1.maxEdits == 0 ? WordStarts.of(word: $1.bytes) : 0) }
    }

    var bestImportance: Double {
        segments.map { segment -> Double in
            let first = view.entrySegments[segment]
            return first < view.entrySegments[segment + 1] ? view.importance(first) : 0
        }.max() ?? 0
    }

    func resetStreams() {
        streamWork = 0
        gridWork = 0
        sources.removeAll(keepingCapacity: true)
        heap.removeAll(keepingCapacity: true)
        scratch.removeAll(keepingCapacity: true)
        grids = [nil, nil]
    }

    // MARK: Choosing the driver

    struct Driver {
        var term: Int
        var ranges: [(words: Range<Int>, edits: Int)]
    }

    /// The term whose word ranges hold the fewest postings in the kinds asked for, or nil when
    /// one term matches no word at all (nothing can match) or none is at most `maximumCost`.
    func cheapestTerm(among candidates: some Sequence<Int>, maximumCost: Int) -> Driver? {
        var best: (driver: Driver, cost: Int)?
        for index in candidates {
            let term = terms[index]
            let ranges: [(words: Range<Int>, edits: Int)] =
                term.maxEdits == 0
                ? [(view.wordRange(term.bytes, prefix: term.isPrefix), 0)]
                : TypoMatcher.search(term.bytes, prefix: term.isPrefix, maxEdits: term.maxEdits, in: view)
            // Postings in all kinds (two reads a range); the choice needs no more precision.
            var cost = 0
            for range in ranges where !range.words.isEmpty {
                cost += max(
                    0, view.postingsBefore(range.words.upperBound) - view.postingsBefore(range.words.lowerBound))
            }
            if cost == 0 && term.maxEdits == 0 { return Driver(term: index, ranges: []) }
            if cost <= maximumCost, cost < best?.cost ?? .max { best = (Driver(term: index, ranges: ranges), cost) }
        }
        return best?.driver
    }
}
