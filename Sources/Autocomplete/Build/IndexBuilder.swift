public import Foundation
import PlaceCore

/// Builds an index file from a stream of name records, sort-based and in bounded memory.
///
/// ```swift
/// let builder = try AutocompleteIndexBuilder(temporaryDirectory: folder)
/// for record in records { try builder.add(record) }
/// let summary = try builder.write(to: url)     // atomic: a reader never sees half a file
/// ```
///
/// Every step is a sort of compact byte keys (``ExternalSorter``) that spills sorted runs to the
/// temporary folder past its share of `memoryBudget`, then a pass over the sorted keys:
/// 1. records by (kind, folded name), so that the same place from two sources can be merged
///    (``SourceMerger``), once the names come from two sources (one source's go straight to 2);
/// 2. merged records by (kind, importance, name): their order in the file, best first;
/// 3. the entries' folded forms (exact look-ups), their words with the entry (postings, prefix
///    nodes) and, with a position, their words with the grid cell (the focus grid);
/// 4. the grid again, by cell, once the words have their numbers.
/// Sections are written to files in the temporary folder as they are produced and copied into
/// the index at the end. Without a temporary folder everything stays in memory (tests, small
/// indexes). The work is shared where it splits without changing a byte of the file: the names
/// are folded on every other core (``FoldingPipeline``); a second thread writes sorted runs
/// (``ExternalSorter``), makes pass 2's keys (``RecordKeys``), and runs pass 4 beside passes 3
/// and 5.
public final class AutocompleteIndexBuilder {
    private let directory: String?
    private let sorterBudget: Int
    private var sorters = 0
    /// Pass 1's sort, used once two sources are seen (``IndexBuilder+Adding``).
    var byGroup: ExternalSorter
    /// Pass 2's sort, filled straight from the names while they come from one source.
    var direct: ExternalSorter
    /// The one source the names came from so far, and whether a second showed up.
    var onlySource: [UInt8]?
    var grouping = false
    /// Tests set one with more workers than the machine has cores.
    var folding = FoldingPipeline()
    /// The countries of the names added, to be places of their own.
    var countries = CountryRecords()
    /// Names that could not be indexed (no letter or digit).
    public internal(set) var skipped = 0
    /// Records given.
    public internal(set) var added = 0
    /// Written into the file's header: the generation of what it is built from (the store's
    /// imports), for ``AutocompleteIndex/sourceGeneration``.
    public var sourceGeneration: UInt32 = 0
    /// Towns of other indexes (``addTowns(from:within:)``), known to the records before their own.
    var towns: [(name: [UInt8], country: [UInt8], latitude: Double, longitude: Double, reach: Double)] = []

    /// What a build produced.
    public struct Summary: Sendable {
        /// Suggestions in the index (after merging the same place from several sources).
        public var records: Int
        /// Folded forms they are found by.
        public var entries: Int
        public var bytes: Int
    }

    /// - Parameters:
    ///   - temporaryDirectory: where sorted runs and sections go while building; nil builds in
    ///     memory. It is created if missing; what the build puts there is removed.
    ///   - memoryBudget: bytes the sorts may hold before writing runs; nil: an eighth of the memory
    ///     the process may use, between 16 and 256 MB (``MemoryRoom``).
    public init(temporaryDirectory: URL?, memoryBudget: Int? = nil) throws(IndexBuildError) {
        if let temporaryDirectory {
            let path = temporaryDirectory.appendingPathComponent(
                "places-names-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            ).path
            do {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            } catch {
                throw IndexBuildError(
                    path: path, reason: "cannot create a temporary folder (\(error.localizedDescription))")
            }
            directory = path
        } else {
            directory = nil
        }
        sorterBudget = (memoryBudget ?? MemoryRoom.budget()) / 5
        byGroup = ExternalSorter(name: "group", budget: sorterBudget, directory: directory)
        direct = ExternalSorter(name: "direct", budget: sorterBudget, directory: directory)
    }

    deinit { removeTemporaryFolder() }

    /// The sorted runs are spent once the index is written: removed then, not when the builder is
    /// released, which a process that exits right after (an import's last act) may never do.
    private func removeTemporaryFolder() {
        if let directory { try? FileManager.default.removeItem(atPath: directory) }
    }

    func sorter(_ name: String) -> ExternalSorter {
        sorters += 1
        return ExternalSorter(name: "\(name)\(sorters)", budget: sorterBudget, directory: directory)
    }

    func output(_ name: String) throws(IndexBuildError) -> ByteOutput {
        guard let directory else { return ByteOutput() }
        return try ByteOutput(path: (directory as NSString).appendingPathComponent(name))
    }

    /// Builds the index and writes it to `url` atomically (a temporary file beside it, then a
    /// rename). The builder is spent afterwards.
    @discardableResult
    public func write(to url: URL) throws(IndexBuildError) -> Summary {
        let destination = url.path
        let temporary = destination + ".building-\(getpid())"
        defer { removeTemporaryFolder() }
        try drainFolding()
        let file = try ByteOutput(path: temporary)
        do throws(IndexBuildError) {
            let summary = try assemble(into: file)
            try file.close()
            guard rename(temporary, destination) == 0 else { throw IndexBuildError.fromErrno(destination) }
            return summary
        } catch {
            unlink(temporary)
            throw error
        }
    }

    /// Builds the index into memory.
    func buildInMemory() throws(IndexBuildError) -> [UInt8] {
        defer { removeTemporaryFolder() }
        try drainFolding()
        let memory = ByteOutput()
        _ = try assemble(into: memory)
        return Array(memory.memory)
    }

    // MARK: The passes
    struct Sections {
        var records: ByteOutput
        var entries: ByteOutput
        var words: ByteOutput
        /// Per posting list: its word table and its postings.
        var wordLists: [ByteOutput]
        var postings: [ByteOutput]
        var wordListRows = Array(repeating: 0, count: IndexFormat.listCount)
        var postingCounts = Array(repeating: 0, count: IndexFormat.listCount)
        var byName: ByteOutput
        var nodes: ByteOutput
        var nodeLists: ByteOutput
        var cells: ByteOutput
        var cellPostings: ByteOutput
        var blob: BlobOutput
        var recordCount = 0
        var entryCount = 0
        var wordCount = 0
        var nodeCount = 0
        var cellCount = 0
        var entrySegments = Array(repeating: 0, count: IndexFormat.segmentKinds.count + 1)
        var recordSegments = Array(repeating: 0, count: IndexFormat.segmentKinds.count + 1)
        var trie = ShallowTrieBuilder()
        var localities = Localities()
        var trieNodes = ByteOutput()
        /// Per grid group, the first cell of each row (filled as cells are written), then the end.
        var rowStarts: [[Int]] = (0..<2).map { Array(repeating: -1, count: IndexFormat.rows(group: $0) + 1) }
    }

    func assemble(into file: ByteOutput) throws(IndexBuildError) -> Summary {
        var sections = Sections(
            records: try output("records"), entries: try output("entries"), words: try output("words"),
            wordLists: try (0..<IndexFormat.listCount).map { (list) throws(IndexBuildError) in
                try output("wordList\(list)")
            },
            postings: try (0..<IndexFormat.listCount).map { (list) throws(IndexBuildError) in
                try output("postings\(list)")
            },
            byName: try output("byName"), nodes: try output("nodes"), nodeLists: try output("nodeLists"),
            cells: try output("cells"),
            cellPostings: try output("cellPostings"), blob: BlobOutput(try output("blob")))
        for town in towns {
            sections.localities.note(town: town.name, country: town.country, latitude: town.latitude, longitude: town.longitude, reach: town.reach)
        }
        let ordered = grouping ? try mergeSources() : direct
        let (byName, byWord, byWordCell) = try writeRecords(ordered, into: &sections)
        // Pass 4 on another thread while this one does passes 3 and 5; its node lists go after
        // pass 3's.
        let wordNodes = NodeSink(order: sorter("nodes"), lists: sections.nodeLists)
        let nameNodes = NodeSink(order: sorter("nameNodes"), lists: try output("nameNodeLists"))
        let byNameOutput = sections.byName
        let names = ConcurrentPass { () throws(IndexBuildError) in
            try Self.writeByName(byName, nodes: nameNodes, into: byNameOutput)
        }
        do {
            let byCell = try writeWords(byWord, cells: byWordCell, nodes: wordNodes, into: &sections)
            try writeCells(byCell, into: &sections)
        } catch {
            _ = try? names.result()
            throw error
        }
        try names.result()
        try nameNodes.appendShifted(to: wordNodes, by: wordNodes.count)
        try writeNodes(wordNodes.order, into: &sections)
        func starts(_ counts: [Int]) -> [Int] { counts.reduce(into: [0]) { $0.append($0[$0.count - 1] + $1) } }
        return try IndexAssembler.assemble(
            file: file, sourceGeneration: sourceGeneration,
            counts: .init(
                records: sections.recordCount, entries: sections.entryCount, words: sections.wordCount,
                nodes: sections.nodeCount,
                cells: sections.cellCount, entrySegments: sections.entrySegments,
                recordSegments: sections.recordSegments,
                listTables: starts(sections.wordListRows), listPostings: starts(sections.postingCounts),
                dataCentre: sections.localities.dataCentre,
                rowStarts: Self.completed(sections.rowStarts, cellCount: sections.cellCount)),
            trie: sections.trieNodes,
            sections: [
                [sections.records], [sections.entries], [sections.words], sections.wordLists, sections.postings,
                [sections.byName],
                [sections.nodes], [sections.nodeLists, nameNodes.lists], [sections.cells], [sections.cellPostings],
                [sections.blob.output],
            ])
    }
}
