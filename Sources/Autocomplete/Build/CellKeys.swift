/// Pass 3's grid keys, made on a second thread: the grid's keys were sorted by word (pass 2), and
/// pass 3 numbers the words; each word and its number go over in a batch (``HandOff``), and the
/// second thread gives the word's grid keys its number, re-keyed by cell for pass 5.
final class CellKeys {
    let byCell: ExternalSorter
    private let handOff: HandOff

    /// - Parameters:
    ///   - cellWords: pass 2's grid keys (word, 0, u8 group, u32 cell, u32 entry, u32 hint), sorted.
    ///   - byCell: where they go as (u8 group, u32 cell, u32 word number, u32 entry, u32 hint).
    init(cellWords: SortedRecords, byCell: ExternalSorter) {
        self.byCell = byCell
        let numberer = Numberer(cellWords: cellWords, byCell: byCell)
        handOff = HandOff(label: "places.names.cells") { (batch) throws(IndexBuildError) in try numberer.number(batch) }
    }

    /// Word number `index`, in byte order.
    func add(word: [UInt8], index: Int) throws(IndexBuildError) {
        let batch = handOff.batch
        batch.key32(UInt32(truncatingIfNeeded: index))
        batch.key32(UInt32(word.count))
        word.withUnsafeBytes { batch.append($0) }
        try handOff.flushIfFull()
    }

    /// Waits for every grid key to be re-keyed; the sort is the caller's again.
    func finish() throws(IndexBuildError) -> ExternalSorter {
        try handOff.finish()
        return byCell
    }

    /// The second thread's half: the grid keys and the words advance together, both in byte order.
    private final class Numberer: @unchecked Sendable {
        let cellWords: SortedRecords
        let byCell: ExternalSorter
        let key = RawBytes(capacity: 32)
        var started = false
        /// The next grid key, valid until the cell words advance; nil at their end.
        var pending: UnsafeRawBufferPointer?

        init(cellWords: SortedRecords, byCell: ExternalSorter) {
            self.cellWords = cellWords
            self.byCell = byCell
        }

        /// A batch of (u32 word number, u32 length, word) records.
        func number(_ batch: UnsafeRawBufferPointer) throws(IndexBuildError) {
            if !started {
                started = true
                pending = try cellWords.next()
            }
            var position = 0
            while position + 8 <= batch.count {
                let index = keyU32(batch, at: position)
                let length = Int(keyU32(batch, at: position + 4))
                let word = UnsafeRawBufferPointer(rebasing: batch[(position + 8)..<(position + 8 + length)])
                position += 8 + length
                while let cell = pending, cell.count == word.count + 14, cell[word.count] == 0,
                    compareBytes(UnsafeRawBufferPointer(rebasing: cell[..<word.count]), word) == 0
                {
                    key.removeAll()
                    key.append(UnsafeRawBufferPointer(rebasing: cell[(word.count + 1)..<(word.count + 6)]))  // group, cell
                    key.key32(index)
                    key.append(UnsafeRawBufferPointer(rebasing: cell[(word.count + 6)...]))  // entry, hint
                    try byCell.add(key.buffer)
                    pending = try cellWords.next()
                }
            }
        }
    }
}
