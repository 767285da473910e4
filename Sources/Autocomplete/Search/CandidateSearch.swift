import Foundation
import PlaceCore

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
    /// What a record must be to enter (categories, area); nil: anything.
    let filter: RecordFilter?
    /// Only entries within this many metres of the focus; the grid is read until its rings cover
    /// it, and then nothing unread can enter (``allowance(_:)`` is −∞).
    let radius: Double?
    /// Postings and grid entries the search may read before it stops with what it has.
    let workLimit: Int
    @exclusivity(unchecked) var top: TopK
    @exclusivity(unchecked) var terms: [QueryTerm] = []
    @exclusivity(unchecked) var sources: [CandidateSource] = []
    /// (bound, source) pairs, a binary max-heap on bound. A bound only ever falls, so a stale one
    /// is too high, and is fixed when it comes to the top.
    @exclusivity(unchecked) var heap: [(bound: Double, source: Int)] = []
    @exclusivity(unchecked) var grids: [FocusGrid?] = [nil, nil] {
        didSet { updateAllowances() }
    }
    /// ``allowance(_:)`` by segment, updated with the grids.
    @exclusivity(unchecked) var allowances: [Double]
    @exclusivity(unchecked) var gridRanges: [Range<Int>] = []
    /// Light ranges read whole and sorted: `entry << 32 | hint`.
    @exclusivity(unchecked) var scratch: [UInt64] = []
    /// Ranges of few postings, read word by word after the streams (``runScans()``).
    @exclusivity(unchecked) var scans: [Scan] = []
    let focusCosine: Double
    /// The typo walks done so far, shared with a second search of the same query.
    let walks: TypoWalks
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

    struct Scan {
        var words: Range<Int>
        var list: Int
        var tier: Double
        var segment: Int
    }

    /// A range with at most this many postings is read word by word (``runScans()``), not as a
    /// stream: contiguous reads cost less than a heap of prefix nodes and their children.
    static let readAtOnce = 8_192
    /// … but for a query of one word: every posting matches, and a prefix node's stored best
    /// end the search after a few reads, where a scan of a two-letter prefix reads thousands of
    /// words ("ko" at 144k names).
    static let readAtOnceOneWord = 1_024
    static let readAtOnceNearFocus = 16
    /// ``readAtOnce`` (and near a focus ``readAtOnceNearFocus``) for this search; tests set it
    /// to 0 so that every range is read as a stream.
    let scanLimit: Int
    let oneWordScanLimit: Int
    /// The scan limit for the terms of this query.
    var rangeScanLimit: Int { terms.count > 1 ? scanLimit : oneWordScanLimit }
    /// Rings read around a focus before anything else (half-widths 0 and 1: 3 × 3 cells).
    static let nearRings = 2

    init(
        view: IndexView, focus: Coordinate?, kinds: Set<NameKind>?, limit: Int, scanLimit: Int? = nil,
        walks: TypoWalks = TypoWalks(), filter: RecordFilter? = nil, radius: Double? = nil, workLimit: Int? = nil
    ) {
        self.view = view
        self.filter = filter
        self.radius = focus == nil ? nil : radius
        self.workLimit = workLimit ?? .max
        self.walks = walks
        self.focus = focus
        self.scanLimit = scanLimit ?? (focus == nil ? Self.readAtOnce : Self.readAtOnceNearFocus)
        oneWordScanLimit = scanLimit ?? (focus == nil ? Self.readAtOnceOneWord : Self.readAtOnceNearFocus)
        segments = IndexFormat.segmentKinds.indices.filter { kinds?.contains(IndexFormat.segmentKinds[$0]) ?? true }
        top = TopK(limit: limit)
        focusCosine = focus.map { cos($0.latitude * .pi / 180) } ?? 1
        allowances = IndexFormat.segmentKinds.map { _ in focus == nil ? 0 : SuggestionRanking.focusWeight }
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
        runScans()
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
            // Every word within reach of the words with typos is one as typed ("restaurant" has no
            // neighbour two edits away): no match has an edit, and those without were all found.
            let noneWithEdits = walked.allSatisfy { term in
                term.maxEdits == 0
                    || walks.ranges(term.bytes, prefix: term.isPrefix, maxEdits: term.maxEdits, in: view)
                        .allSatisfy { $0.edits == 0 }
            }
            if driver?.ranges.isEmpty == false, noneWithEdits { return }
        }
        guard let driver else { return }
        addSources(for: driver.term, ranges: driver.ranges)
        drain()
        runScans()
    }

    static func requiredHint(_ terms: [QueryTerm]) -> PostingHint.Requirement {
        PostingHint.Requirement(terms.filter { $0.maxEdits == 0 }.map(\.bytes))
    }

    static func requiredStarts(_ terms: [QueryTerm]) -> UInt64 {
        terms.reduce(0) { $0 | ($1.maxEdits == 0 ? WordStarts.of(word: $1.bytes) : 0) }
    }

    var bestImportance: Double { segments.map(bestImportance(segment:)).max() ?? 0 }

    /// The importance of a segment's first (best) entry; 0 for an empty segment.
    func bestImportance(segment: Int) -> Double {
        let first = view.entrySegments[segment]
        return first < view.entrySegments[segment + 1] ? view.importance(first) : 0
    }

    func resetStreams() {
        streamWork = 0
        gridWork = 0
        sources.removeAll(keepingCapacity: true)
        heap.removeAll(keepingCapacity: true)
        scratch.removeAll(keepingCapacity: true)
        scans.removeAll(keepingCapacity: true)
        grids = [nil, nil]
    }

    // MARK: Choosing the driver

    struct Driver {
        var term: Int
        var ranges: [(words: Range<Int>, edits: Int)]
    }

    /// The term that finds the top with the least work, or nil when none has at most
    /// `maximumCost` postings; a term that matches no word at all (nothing can match) at once.
    ///
    /// Every match has every term, so any term can drive; what differs is the work. A term's
    /// postings are read best first until the top is full of matches and nothing unread can
    /// enter: about `limit × all postings / the rarest other term's postings` of them (the share
    /// of its postings that have the other words). One word's postings are one sorted run, read
    /// at a read or two each; a prefix of many words is a merge of prefix nodes and their
    /// children, several times dearer per posting, unless it is small enough to scan
    /// (``readAtOnce``). "restaurant lmo" is driven by "restaurant" (one word: 10 of its matches
    /// among its first thousand postings), "bahnhof tzk" by "tzk" (a few hundred postings).
    func cheapestTerm(among candidates: some Sequence<Int>, maximumCost: Int) -> Driver? {
        var found: [(driver: Driver, postings: Int)] = []
        for index in candidates {
            let term = terms[index]
            let ranges: [(words: Range<Int>, edits: Int)] =
                term.maxEdits == 0
                ? [(view.wordRange(term.bytes, prefix: term.isPrefix), 0)]
                : walks.ranges(term.bytes, prefix: term.isPrefix, maxEdits: term.maxEdits, in: view)
            // Postings in all kinds (two reads a range); the choice needs no more precision.
            var postings = 0
            for range in ranges where !range.words.isEmpty {
                postings += max(
                    0, view.postingsBefore(range.words.upperBound) - view.postingsBefore(range.words.lowerBound))
            }
            if postings == 0 && term.maxEdits == 0 { return Driver(term: index, ranges: []) }
            if postings <= maximumCost { found.append((Driver(term: index, ranges: ranges), postings)) }
        }
        let all = max(1, view.postingCount)
        var best: (driver: Driver, cost: Double)?
        for (position, candidate) in found.enumerated() {
            let rarestOther = found.indices.filter { $0 != position }.map { found[$0].postings }.min() ?? all
            let reads = min(Double(candidate.postings), Double(top.limit) * Double(all) / Double(max(1, rarestOther)))
            let oneWord = candidate.driver.ranges.count == 1 && candidate.driver.ranges[0].words.count == 1
            let scanned = focus == nil && candidate.postings <= rangeScanLimit
            let cost = oneWord ? reads : (scanned ? Double(candidate.postings) : reads * Self.mergeCost)
            if cost < best?.cost ?? .infinity { best = (candidate.driver, cost) }
        }
        return best?.driver
    }

    /// How much dearer a posting read through prefix nodes and their children is than one read
    /// from one word's run (measured: `Benchmarks/autocomplete-vs-fts5.sh`, multiword queries).
    static let mergeCost = 8.0
}
