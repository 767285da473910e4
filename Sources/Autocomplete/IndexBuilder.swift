import PlaceSearch
import Foundation

/// Turns name records into the bytes of an index file (see ``IndexFormat``). The in-memory index
/// uses the same bytes as the file, so there is one query path to test.
enum IndexBuilder {
    private struct Entry {
        var record: NameRecord
        var folded: [UInt8]
        var words: [[UInt8]]
    }

    static func build(_ records: some Sequence<NameRecord>) -> [UInt8] {
        // Fold once. Names with no letters or digits cannot be found, so they are left out.
        var entries: [Entry] = []
        for record in records {
            let words = TextFolding.words(record.name).map { Array($0.utf8) }.filter { !$0.isEmpty }
            guard !words.isEmpty else { continue }
            entries.append(Entry(record: record, folded: Array(words.joined(separator: [0x20])), words: words))
        }
        // Places first (their focus decay is wider, so the query can bound them apart), then by
        // importance: a posting list read front to back is then best-first.
        entries.sort { a, b in
            let aPlace = a.record.kind == .place
            let bPlace = b.record.kind == .place
            if aPlace != bPlace { return aPlace }
            if a.record.importance != b.record.importance { return a.record.importance > b.record.importance }
            if a.folded != b.folded { return a.folded.lexicographicallyPrecedes(b.folded) }
            return a.record.id < b.record.id
        }
        let placeCount = entries.prefix { $0.record.kind == .place }.count

        var blob = BlobWriter()
        var records = ByteWriter()
        for entry in entries {
            let record = entry.record
            let name = blob.add(Array(record.name.utf8))
            let id = blob.add(Array(record.id.utf8))
            let folded = blob.add(entry.folded)
            let detail = record.detail.map { blob.add(Array($0.utf8), shared: true) } ?? (0, IndexFormat.noDetail)
            for value in [name.0, name.1, id.0, id.1, folded.0, folded.1, detail.0, detail.1] { records.u32(value) }
            let importance = record.importance.isFinite ? min(1, max(0, record.importance)) : 0
            records.u32(importance.bitPattern)
            records.bytes([record.kind.rawValue, 0, 0, 0])
            if let coordinate = record.coordinate {
                records.u32(UInt32(bitPattern: Int32((coordinate.latitude * 1e7).rounded())))
                records.u32(UInt32(bitPattern: Int32((coordinate.longitude * 1e7).rounded())))
            } else {
                records.u32(UInt32(bitPattern: IndexFormat.noCoordinate))
                records.u32(0)
            }
        }

        // Words → postings, in record order (so each list is ascending).
        var postingsByWord: [[UInt8]: [UInt32]] = [:]
        for (index, entry) in entries.enumerated() {
            for word in Set(entry.words) { postingsByWord[word, default: []].append(UInt32(index)) }
        }
        let sortedWords = postingsByWord.keys.sorted { $0.lexicographicallyPrecedes($1) }
        var words = ByteWriter()
        var postings = ByteWriter()
        var postingIndex: UInt32 = 0
        for word in sortedWords {
            let list = postingsByWord[word] ?? []
            let location = blob.add(word, shared: true)
            words.u32(location.0)
            words.u32(location.1)
            words.u32(postingIndex)
            words.u32(UInt32(list.count))
            for record in list { postings.u32(record) }
            postingIndex += UInt32(list.count)
        }

        // Whole folded names, for exact look-ups.
        var byName = ByteWriter()
        let nameOrder = entries.indices.sorted { a, b in
            if entries[a].folded != entries[b].folded { return entries[a].folded.lexicographicallyPrecedes(entries[b].folded) }
            return a < b
        }
        for index in nameOrder { byName.u32(UInt32(index)) }

        // Top-K per short prefix: what a one- to three-letter query without focus returns,
        // computed with the query's own scoring so the two can never disagree.
        var candidatesByPrefix: [[UInt8]: [UInt32]] = [:]
        for (index, entry) in entries.enumerated() {
            var seen = Set<[UInt8]>()
            for word in entry.words {
                for length in 1...min(IndexFormat.maxTablePrefix, word.count) where isCharacterBoundary(word, length) {
                    let prefix = Array(word[0..<length])
                    if seen.insert(prefix).inserted { candidatesByPrefix[prefix, default: []].append(UInt32(index)) }
                }
            }
        }
        var prefixes = ByteWriter()
        var prefixTop = ByteWriter()
        var prefixTopIndex: UInt32 = 0
        for prefix in candidatesByPrefix.keys.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            let terms = [QueryTerm(bytes: prefix, isPrefix: true, maxEdits: 0)]
            let candidates = candidatesByPrefix[prefix] ?? []
            var top = TopK(limit: IndexFormat.prefixTopK)
            for candidate in candidates {
                let entry = entries[Int(candidate)]
                let match = entry.folded.withUnsafeBytes { MatchEvaluator.evaluate(terms: terms, foldedName: $0) }
                guard let match else { continue }
                let score = SuggestionRanking.textScore(match: match, importance: Double(entry.record.importance))
                top.insert(record: Int(candidate), score: score, folded: entry.folded, id: Array(entry.record.id.utf8))
            }
            let best = top.sorted()
            let location = blob.add(prefix, shared: true)
            prefixes.u32(location.0)
            prefixes.u32(location.1)
            prefixes.u32(prefixTopIndex)
            prefixes.u32(UInt32(best.count))
            for item in best { prefixTop.u32(UInt32(item.record)) }
            prefixTopIndex += UInt32(best.count)
        }

        // The grid: records with a position, by cell, ascending record index within a cell.
        var byCell: [UInt32: [UInt32]] = [:]
        for (index, entry) in entries.enumerated() {
            guard let coordinate = entry.record.coordinate else { continue }
            let cell = IndexFormat.cellKey(latitude: coordinate.latitude, longitude: coordinate.longitude)
            byCell[UInt32(cell.row * 65_536 + cell.column), default: []].append(UInt32(index))
        }
        var cells = ByteWriter()
        var cellRecords = ByteWriter()
        var cellIndex: UInt32 = 0
        for key in byCell.keys.sorted() {
            let list = byCell[key] ?? []
            cells.u32(key)
            cells.u32(cellIndex)
            cells.u32(UInt32(list.count))
            for record in list { cellRecords.u32(record) }
            cellIndex += UInt32(list.count)
        }

        // Assemble: header, then the sections 8-byte aligned in the order of IndexFormat.Section.
        let sections: [[UInt8]] = [
            records.data, words.data, postings.data, byName.data, prefixes.data, prefixTop.data, cells.data,
            cellRecords.data, blob.data,
        ]
        let laidOut = SectionTable.layOut(sections, headerSize: IndexFormat.headerSize)
        var file = laidOut.file
        let table = laidOut.table
        var header = ByteWriter()
        header.bytes(IndexFormat.magic)
        header.u32(IndexFormat.version)
        header.u32(UInt32(IndexFormat.headerSize))
        header.u64(UInt64(file.data.count))
        header.u32(UInt32(entries.count))
        header.u32(UInt32(placeCount))
        header.u32(UInt32(sortedWords.count))
        header.u32(UInt32(candidatesByPrefix.count))
        header.u32(UInt32(byCell.count))
        header.u32(UInt32(IndexFormat.prefixTopK))
        header.u32(UInt32((IndexFormat.gridDegrees * 1e4).rounded()))
        header.u32(0)
        for (offset, length) in table {
            header.u64(offset)
            header.u64(length)
        }
        precondition(header.data.count == IndexFormat.checksumOffset)
        let checksum = header.data.withUnsafeBytes { IndexFormat.fnv1a($0) }
        header.u64(checksum)
        file.data.replaceSubrange(0..<header.data.count, with: header.data)
        return file.data
    }

    /// A prefix of `length` bytes ends on a character boundary when the next byte does not
    /// continue a UTF-8 sequence.
    static func isCharacterBoundary(_ word: [UInt8], _ length: Int) -> Bool {
        length >= word.count || (word[length] & 0xC0) != 0x80
    }
}

/// The string blob, with repeated strings (folded words, kind labels, details) stored once.
struct BlobWriter {
    var data: [UInt8] = []
    private var seen: [[UInt8]: UInt32] = [:]

    /// `shared`: a string likely to repeat (a word, a detail label); names and ids are unique and
    /// would only bloat the dictionary.
    mutating func add(_ bytes: [UInt8], shared: Bool = false) -> (UInt32, UInt32) {
        if shared, let offset = seen[bytes] { return (offset, UInt32(bytes.count)) }
        let offset = UInt32(data.count)
        data.append(contentsOf: bytes)
        if shared { seen[bytes] = offset }
        return (offset, UInt32(bytes.count))
    }
}
