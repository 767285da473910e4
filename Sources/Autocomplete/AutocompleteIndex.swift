public import PlaceSearch
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

    /// Builds an index in memory. Names without a letter or digit are left out.
    public init(records: some Sequence<NameRecord>) {
        do {
            let builder = try AutocompleteIndexBuilder(temporaryDirectory: nil)
            for record in records { try builder.add(record) }
            let storage = IndexStorage(copying: try builder.buildInMemory())
            view = try IndexView(storage: storage, path: "(memory)")
        } catch {
            // In memory nothing is written and the builder and reader share one format: a bug
            // here, not bad input.
            fatalError("autocomplete index built in memory does not validate: \(error)")
        }
    }

    private init(view: IndexView) { self.view = view }

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
    /// reader never sees half a file.
    public func write(to url: URL) throws {
        let data = Data(bytes: view.storage.base, count: view.storage.size)
        try data.write(to: url, options: .atomic)
    }

    /// Number of suggestions the index can give (the same place from several sources counts once).
    public var count: Int { view.recordCount }

    /// Size of the index in bytes (the file size).
    public var byteCount: Int { view.storage.size }

    /// The generation of what the index was built from (the store's imports), as its builder
    /// was told (``AutocompleteIndexBuilder/sourceGeneration``); 0 when it was not.
    public var sourceGeneration: Int { Int(view.sourceGeneration) }

    /// The centre of the imported data (the densest half-degree of its streets, POIs and
    /// addresses): where a lookup without a focus is focused. Nil when only name lists are imported.
    public var dataCentre: Coordinate? { view.dataCentre }

    /// The best completions of `query`, best first. An empty query, or one with no letter or
    /// digit, gives none.
    public func complete(_ query: AutocompleteQuery) -> [Suggestion] { complete(query, scanLimit: nil) }

    /// ``complete(_:)`` with the ranges of at most `scanLimit` postings scanned instead of
    /// streamed (nil: the search's own choice), so that tests reach both ways at any size.
    func complete(_ query: AutocompleteQuery, scanLimit: Int?) -> [Suggestion] {
        let limit = min(max(query.limit, 0), 100)
        guard limit > 0, view.recordCount > 0 else { return [] }
        let plain = QueryTerm.parse(query.text)
        guard !plain.isEmpty else { return [] }
        let filter = RecordFilter(categories: query.categories, area: query.area)
        let search = CandidateSearch(
            view: view, focus: query.focus, kinds: query.kinds, limit: limit, scanLimit: scanLimit, filter: filter, radius: query.radius,
            workLimit: query.workLimit)
        search.runTypoFree(plain)
        guard query.typoTolerance else { return suggestions(search.top.items, terms: plain, focus: query.focus) }
        let typos = QueryTerm.withTypos(plain, fallback: false)
        if typos.contains(where: { $0.maxEdits > 0 }) { search.runTypos(typos) }
        var found = suggestions(search.top.items, terms: typos, focus: query.focus)
        // Too few (``TypoMatcher/fallbackBelow``): the one edit a short word gets only now fills
        // the rest, below them.
        let fallback = QueryTerm.withTypos(plain, fallback: true)
        if Self.needsFallback(found: search.top.items.count, limit: limit), fallback.map(\.maxEdits) != typos.map(\.maxEdits) {
            let filler = CandidateSearch(
                view: view, focus: query.focus, kinds: query.kinds, limit: limit, scanLimit: scanLimit,
                walks: search.walks, filter: filter, radius: query.radius, workLimit: query.workLimit)
            filler.runTypos(fallback)
            found += suggestions(Self.rest(filler.top.items, after: search.top.items, limit: limit), terms: fallback, focus: query.focus)
        }
        return found
    }

    /// The same answer as ``complete(_:)`` by scoring every name: the definition the search is
    /// tested against. Reads the whole index; for tests.
    func completeExhaustively(_ query: AutocompleteQuery) -> [Suggestion] {
        let limit = min(max(query.limit, 0), 100)
        guard limit > 0, view.recordCount > 0 else { return [] }
        let plain = QueryTerm.parse(query.text)
        guard !plain.isEmpty else { return [] }
        let scan = ExhaustiveSearch(
            view: view, focus: query.focus, kinds: query.kinds, limit: limit, filter: RecordFilter(categories: query.categories, area: query.area),
            radius: query.focus == nil ? nil : query.radius)
        guard query.typoTolerance else { return suggestions(scan.run(plain), terms: plain, focus: query.focus) }
        let typos = QueryTerm.withTypos(plain, fallback: false)
        let items = scan.run(typos)
        var found = suggestions(items, terms: typos, focus: query.focus)
        let fallback = QueryTerm.withTypos(plain, fallback: true)
        if Self.needsFallback(found: items.count, limit: limit), fallback.map(\.maxEdits) != typos.map(\.maxEdits) {
            found += suggestions(Self.rest(scan.run(fallback), after: items, limit: limit), terms: fallback, focus: query.focus)
        }
        return found
    }

    static func needsFallback(found: Int, limit: Int) -> Bool { found < min(limit, TypoMatcher.fallbackBelow) }

    /// The records of `more` that are not in `first`, as many as fit after it: the fallback's
    /// top holds every match as typed again (all of them, as they were too few), and what is left
    /// are the best matches with an edit.
    static func rest(_ more: [TopK.Item], after first: [TopK.Item], limit: Int) -> [TopK.Item] {
        let taken = Set(first.map(\.record))
        return Array(more.filter { !taken.contains($0.record) }.prefix(max(0, limit - first.count)))
    }

    private func suggestions(_ items: [TopK.Item], terms: [QueryTerm], focus: Coordinate?) -> [Suggestion] {
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
