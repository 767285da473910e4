public import PlaceSearch
public import Foundation

/// Completes what a user types into names of streets, POIs and places, from a prebuilt index that
/// is used in place after mmap (no parsing on open: the CLI starts cold on every keystroke).
///
/// ```swift
/// let index = AutocompleteIndex(records: names)
/// try index.write(to: url)                              // atomic
/// let opened = try AutocompleteIndex.open(at: url)      // mmap + header checks
/// opened.complete(AutocompleteQuery("damr", focus: Coordinate(52.37, 4.89)))
/// ```
///
/// Matching: the query is folded like the names (``TextFolding``); every word but the last must
/// equal a word of the name, the last must start one; word order is free, but words in the
/// query's order at the start of the name rank higher. With typo tolerance a word may be
/// ``TypoMatcher/allowedEdits(characters:)`` edits away (the last word: from a prefix of a name
/// word). Ranking: ``SuggestionRanking``. Search strategy and its bounds: ``CandidateSearch``.
/// File layout: ``IndexFormat``.
public struct AutocompleteIndex: Sendable {
    let view: IndexView

    /// Builds an index in memory. Names without a letter or digit are left out.
    public init(records: some Sequence<NameRecord>) {
        let storage = IndexStorage(copying: IndexBuilder.build(records))
        do {
            view = try IndexView(storage: storage, path: "(memory)")
        } catch {
            // The builder and the reader disagree about the format: a bug here, not bad input.
            fatalError("autocomplete index built in memory does not validate: \(error)")
        }
    }

    private init(view: IndexView) { self.view = view }

    /// Opens an index file by mapping it. Only the header is read and checked (magic, version,
    /// checksum, the file size, every section inside the file with a whole number of entries);
    /// the rest is paged in by the queries that touch it.
    /// - Throws: ``IndexFileError`` for a missing, truncated or corrupt file.
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

    /// Number of names in the index.
    public var count: Int { view.recordCount }

    /// Size of the index in bytes (the file size).
    public var byteCount: Int { view.storage.size }

    /// The best completions of `query`, best first. An empty query, or one with no letter or
    /// digit, gives none.
    public func complete(_ query: AutocompleteQuery) -> [Suggestion] {
        let limit = min(max(query.limit, 0), 100)
        guard limit > 0, view.recordCount > 0 else { return [] }
        let terms = QueryTerm.parse(query.text, typoTolerance: query.typoTolerance)
        guard !terms.isEmpty else { return [] }
        var search = CandidateSearch(view: view, terms: terms, focus: query.focus, kinds: query.kinds, limit: limit)
        search.run()
        return search.top.sorted().compactMap { item in
            let folded = view.foldedName(item.record)
            guard let match = MatchEvaluator.evaluate(terms: terms, foldedName: folded) else { return nil }
            let record = view.nameRecord(item.record)
            let text = SuggestionRanking.text(match)
            let importance = SuggestionRanking.importanceWeight * Double(record.importance)
            var distance: Double?
            var proximity = 0.0
            if let focus = query.focus, let coordinate = record.coordinate {
                let metres = Geodesy.distance(focus, coordinate)
                distance = metres
                proximity = SuggestionRanking.proximity(distance: metres, kind: record.kind)
            }
            return Suggestion(
                record: record, match: match.quality, score: item.score, distance: distance,
                components: ScoreComponents(text: text, importance: importance, proximity: proximity))
        }
    }
}
