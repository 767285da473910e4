import PlaceBytes
public import PlaceCore
public import Foundation

/// Completes what a user types into names of streets, POIs and places, from a prebuilt index that
/// is used in place after mmap (no parsing on open: the CLI starts cold on every keystroke).
///
/// ```swift
/// let index = AutocompleteIndex(records: names)         // in memory
/// try index.write(to: url)                              // atomic
/// let opened = try AutocompleteIndex.open(at: url)      // mmap + header checks
/// opened.complete(AutocompleteQuery("damr", focus: Coordinate(52.37, 4.89)))
/// ```
///
/// For millions of names, build the file directly with ``AutocompleteIndexBuilder`` (sorted runs
/// on disk, bounded memory).
///
/// Matching: the query is folded like the names (``TextFolding``); every word but the last must
/// equal a word of the name, the last must start one; word order is free, but words in the
/// query's order at the start of the name rank higher. A name is also found by its alternate names
/// and by the German transcription of its umlauts both ways (``NameRecord/alternateNames``). With
/// typo tolerance a word may be ``TypoMatcher/allowedEdits(characters:)`` edits away (the last
/// word: from a prefix of a name word). The same place from two sources is one suggestion
/// (``Suggestion/sources``). Ranking: ``SuggestionRanking``. Search and its bounds:
/// ``CandidateSearch``. File layout: ``IndexFormat``.
public struct AutocompleteIndex: Sendable {
    let view: IndexView
    /// The other segments when the index is several files opened together (one per import,
    /// ``init(segments:)``): answered one by one and merged (``SegmentMerger``).
    let others: [IndexView]

    /// Builds an index in memory. Names without a letter or digit are left out.
    public init(records: some Sequence<NameRecord>) {
        do {
            let builder = try AutocompleteIndexBuilder(temporaryDirectory: nil)
            for record in records { try builder.add(record) }
            let storage = IndexStorage(copying: try builder.buildInMemory())
            view = try IndexView(storage: storage, path: "(memory)")
            others = []
        } catch {
            // In memory nothing is written and the builder and reader share one format: a bug
            // here, not bad input.
            fatalError("autocomplete index built in memory does not validate: \(error)")
        }
    }

    private init(view: IndexView) {
        self.view = view
        others = []
    }

    /// Several indexes answered as one (one per import): each is searched, and their answers are
    /// merged the way the builder merges the same place from two sources (``SegmentMerger``).
    /// - Precondition: `segments` is not empty.
    public init(segments: [AutocompleteIndex]) {
        precondition(!segments.isEmpty, "an index of no segments")
        view = segments[0].view
        others = Array(segments[0].others) + segments.dropFirst().flatMap { [$0.view] + $0.others }
    }

    /// The segments' views, the first one first.
    var views: [IndexView] { [view] + others }

    /// How many files the index is made of.
    public var segmentCount: Int { 1 + others.count }

    /// Opens an index file by mapping it. Only the header is read and checked (magic, version,
    /// checksum, the file size, every section inside the file with a whole number of entries);
    /// the rest is paged in by the queries that touch it.
    /// - Throws: ``IndexFileError`` for a missing, truncated, corrupt or older file
    ///   (``IndexFileError/isStaleOrDamaged``: build it again).
    public static func open(at url: URL) throws(IndexFileError) -> AutocompleteIndex {
        let storage = try IndexStorage(mappingIndex: url.path)
        return AutocompleteIndex(view: try IndexView(storage: storage, path: url.path))
    }

    /// Writes the index to `url` atomically: a temporary file beside it, then a rename, so a
    /// reader never sees half a file. An index of several segments writes its first one.
    public func write(to url: URL) throws {
        let data = Data(bytes: view.storage.base, count: view.storage.size)
        try data.write(to: url, options: .atomic)
    }

    /// Number of suggestions the index can give (the same place from several sources counts once
    /// within a segment; across segments, once per segment).
    public var count: Int { views.reduce(0) { $0 + $1.recordCount } }

    /// Size of the index in bytes (the files' sizes).
    public var byteCount: Int { views.reduce(0) { $0 + $1.storage.size } }

    /// The generation of what the index was built from (the store's imports), as its builder
    /// was told (``AutocompleteIndexBuilder/sourceGeneration``); 0 when it was not.
    public var sourceGeneration: Int { Int(view.sourceGeneration) }

    /// The centre of the imported data (the densest half-degree of its streets, POIs and
    /// addresses): where a lookup without a focus is focused. Nil when only name lists are imported.
    /// Of several segments, the centre of the largest one that has one.
    public var dataCentre: Coordinate? {
        guard !others.isEmpty else { return view.dataCentre }
        return views.filter { $0.dataCentre != nil }.max { $0.recordCount < $1.recordCount }?.dataCentre
    }

    /// The best completions of `query`, best first. An empty query, or one with no letter or
    /// digit, gives none.
    public func complete(_ query: AutocompleteQuery) -> [Suggestion] { complete(query, scanLimit: nil) }

    /// ``complete(_:)`` with the ranges of at most `scanLimit` postings scanned instead of
    /// streamed (nil: the search's own choice), so that tests reach both ways at any size.
    func complete(_ query: AutocompleteQuery, scanLimit: Int?) -> [Suggestion] {
        guard !others.isEmpty else {
            let (found, filler) = Self.complete(query, in: view, scanLimit: scanLimit)
            return found + filler
        }
        let limit = min(max(query.limit, 0), 100)
        return SegmentMerger.merge(views.map { Self.complete(query, in: $0, scanLimit: scanLimit) }, limit: limit, focus: query.focus)
    }

    /// One segment's answer: the matches (as typed, or with the typos the words allow), and what
    /// the fallback's one edit filled in after them (``needsFallback(found:limit:)``).
    static func complete(_ query: AutocompleteQuery, in view: IndexView, scanLimit: Int?) -> (found: [Suggestion], filler: [Suggestion]) {
        let limit = min(max(query.limit, 0), 100)
        guard limit > 0, view.recordCount > 0 else { return ([], []) }
        let plain = QueryTerm.parse(query.text)
        guard !plain.isEmpty else { return ([], []) }
        let filter = RecordFilter(categories: query.categories, area: query.area)
        let search = CandidateSearch(
            view: view, focus: query.focus, kinds: query.kinds, limit: limit, scanLimit: scanLimit, filter: filter, radius: query.radius,
            workLimit: query.workLimit)
        search.runTypoFree(plain)
        guard query.typoTolerance else { return (suggestions(search.top.items, in: view, terms: plain, focus: query.focus), []) }
        let typos = QueryTerm.withTypos(plain, fallback: false)
        if typos.contains(where: { $0.maxEdits > 0 }) { search.runTypos(typos) }
        let found = suggestions(search.top.items, in: view, terms: typos, focus: query.focus)
        // Too few (``TypoMatcher/fallbackBelow``): the one edit a short word gets only now fills
        // the rest, below them.
        let fallback = QueryTerm.withTypos(plain, fallback: true)
        guard Self.needsFallback(found: search.top.items.count, limit: limit), fallback.map(\.maxEdits) != typos.map(\.maxEdits) else {
            return (found, [])
        }
        let filler = CandidateSearch(
            view: view, focus: query.focus, kinds: query.kinds, limit: limit, scanLimit: scanLimit,
            walks: search.walks, filter: filter, radius: query.radius, workLimit: query.workLimit)
        filler.runTypos(fallback)
        return (found, suggestions(Self.rest(filler.top.items, after: search.top.items, limit: limit), in: view, terms: fallback, focus: query.focus))
    }

    /// The same answer as ``complete(_:)`` by scoring every name: the definition the search is
    /// tested against. Reads the whole index; for tests.
    func completeExhaustively(_ query: AutocompleteQuery) -> [Suggestion] {
        guard !others.isEmpty else {
            let (found, filler) = Self.completeExhaustively(query, in: view)
            return found + filler
        }
        let limit = min(max(query.limit, 0), 100)
        return SegmentMerger.merge(views.map { Self.completeExhaustively(query, in: $0) }, limit: limit, focus: query.focus)
    }

    static func completeExhaustively(_ query: AutocompleteQuery, in view: IndexView) -> (found: [Suggestion], filler: [Suggestion]) {
        let limit = min(max(query.limit, 0), 100)
        guard limit > 0, view.recordCount > 0 else { return ([], []) }
        let plain = QueryTerm.parse(query.text)
        guard !plain.isEmpty else { return ([], []) }
        let scan = ExhaustiveSearch(
            view: view, focus: query.focus, kinds: query.kinds, limit: limit, filter: RecordFilter(categories: query.categories, area: query.area),
            radius: query.focus == nil ? nil : query.radius)
        guard query.typoTolerance else { return (suggestions(scan.run(plain), in: view, terms: plain, focus: query.focus), []) }
        let typos = QueryTerm.withTypos(plain, fallback: false)
        let items = scan.run(typos)
        let found = suggestions(items, in: view, terms: typos, focus: query.focus)
        let fallback = QueryTerm.withTypos(plain, fallback: true)
        guard Self.needsFallback(found: items.count, limit: limit), fallback.map(\.maxEdits) != typos.map(\.maxEdits) else { return (found, []) }
        return (found, suggestions(Self.rest(scan.run(fallback), after: items, limit: limit), in: view, terms: fallback, focus: query.focus))
    }

    static func needsFallback(found: Int, limit: Int) -> Bool { found < min(limit, TypoMatcher.fallbackBelow) }

    /// The records of `more` that are not in `first`, as many as fit after it: the fallback's
    /// top holds every match as typed again (all of them, as they were too few), and what is left
    /// are the best matches with an edit.
    static func rest(_ more: [TopK.Item], after first: [TopK.Item], limit: Int) -> [TopK.Item] {
        let taken = Set(first.map(\.record))
        return Array(more.filter { !taken.contains($0.record) }.prefix(max(0, limit - first.count)))
    }

    private static func suggestions(_ items: [TopK.Item], in view: IndexView, terms: [QueryTerm], focus: Coordinate?) -> [Suggestion] {
        items.compactMap { item in
            guard item.entry < view.entryCount,
                let match = MatchEvaluator.evaluate(terms: terms, foldedName: view.folded(item.entry))
            else { return nil }
            let record = view.nameRecord(item.record)
            let secondary = view.isSecondary(item.entry)
            let text = SuggestionRanking.text(match, secondary: secondary)
            let importance = SuggestionRanking.importanceWeight * Double(record.importance)
            var distance: Double?
            var proximity = 0.0
            if let focus, let coordinate = record.coordinate {
                let metres = Geodesy.distance(focus, coordinate)
                distance = metres
                proximity = SuggestionRanking.proximity(distance: metres, kind: record.kind)
            }
            return Suggestion(
                record: record, match: match.quality, score: item.score, distance: distance,
                components: ScoreComponents(text: text, importance: importance, proximity: proximity),
                matchedName: view.display(item.entry), sources: [record.id] + view.otherSources(item.record),
                isWhole: match.lastWordWhole && match.edits == 0)
        }
    }
}
