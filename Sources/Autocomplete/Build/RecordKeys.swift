/// Pass 2's sort keys, made on a second thread: the pass writes each record and its entries while
/// the keys of the records before it go into the three sorts of the later passes (entries by
/// folded form, words, words in the grid). The two halves cost about the same and touch nothing
/// in common but the record, so each record's payload and first entry number are copied into a
/// batch (``HandOff``).
final class RecordKeys {
    let byName: ExternalSorter
    let byWord: ExternalSorter
    let byWordCell: ExternalSorter
    private let handOff: HandOff

    init(byName: ExternalSorter, byWord: ExternalSorter, byWordCell: ExternalSorter) {
        self.byName = byName
        self.byWord = byWord
        self.byWordCell = byWordCell
        let maker = KeyMaker(byName: byName, byWord: byWord, byWordCell: byWordCell)
        handOff = HandOff(label: "places.names.keys") { (batch) throws(IndexBuildError) in try maker.addKeys(of: batch) }
    }

    /// Queues the keys of a record (its encoded payload) whose entries are numbered from `firstEntry`.
    func add(firstEntry: Int, payload: UnsafeRawBufferPointer) throws(IndexBuildError) {
        let batch = handOff.batch
        batch.key32(UInt32(truncatingIfNeeded: firstEntry))
        batch.key32(UInt32(payload.count))
        batch.append(payload)
        try handOff.flushIfFull()
    }

    /// Waits for every key to be sorted in; the sorts are the caller's again.
    func finish() throws(IndexBuildError) -> (byName: ExternalSorter, byWord: ExternalSorter, byWordCell: ExternalSorter) {
        try handOff.finish()
        return (byName, byWord, byWordCell)
    }

    /// The second thread's half.
    private final class KeyMaker: @unchecked Sendable {
        let byName: ExternalSorter
        let byWord: ExternalSorter
        let byWordCell: ExternalSorter
        let key = RawBytes(capacity: 256)
        var later: [UnsafeRawBufferPointer] = []
        var seen: [UnsafeRawBufferPointer] = []

        init(byName: ExternalSorter, byWord: ExternalSorter, byWordCell: ExternalSorter) {
            self.byName = byName
            self.byWord = byWord
            self.byWordCell = byWordCell
        }

        /// A batch of (u32 first entry, u32 length, payload) records.
        func addKeys(of batch: UnsafeRawBufferPointer) throws(IndexBuildError) {
            var position = 0
            while position + 8 <= batch.count {
                let firstEntry = Int(keyU32(batch, at: position))
                let length = Int(keyU32(batch, at: position + 4))
                let payload = UnsafeRawBufferPointer(rebasing: batch[(position + 8)..<(position + 8 + length)])
                position += 8 + length
                try addKeys(of: try PayloadReader(payload), firstEntry: firstEntry)
            }
        }

        /// A record's keys: each form by its folded text; each distinct word once per class (the
        /// first word; the later ones), and once in the grid.
        private func addKeys(of record: PayloadReader, firstEntry: Int) throws(IndexBuildError) {
            let segment = UInt8(IndexFormat.segment(of: record.kind))
            let group = IndexFormat.group(of: record.kind)
            let cell = record.position.map {
                IndexFormat.cell(group: group, latitude: Double($0.0) / 1e7, longitude: Double($0.1) / 1e7)
            }
            for (number, form) in record.forms.enumerated() {
                let entry = UInt32(truncatingIfNeeded: firstEntry + number)
                let hint = PostingHint.make(importance: record.importance, folded: form.folded)
                key.removeAll()
                key.append(segment)
                key.append(form.folded)
                key.append(0)
                key.key32(entry)
                key.key32(hint)
                try byName.add(key.buffer)

                later.removeAll(keepingCapacity: true)
                seen.removeAll(keepingCapacity: true)
                var start = 0
                var position = 0
                let bytes = form.folded
                while start < bytes.count {
                    var stop = start
                    while stop < bytes.count, bytes[stop] != 0x20 { stop += 1 }
                    let word = UnsafeRawBufferPointer(rebasing: bytes[start..<stop])
                    start = stop + 1
                    guard !word.isEmpty else { continue }
                    let isFirst = position == 0
                    position += 1
                    if !isFirst {
                        if later.contains(where: { compareBytes($0, word) == 0 }) { continue }
                        later.append(word)
                    }
                    key.removeAll()
                    key.append(word)
                    key.append(0)
                    key.append(UInt8(isFirst ? IndexFormat.PostingClass.first.rawValue : IndexFormat.PostingClass.later.rawValue))
                    key.key32(entry)
                    key.key32(hint)
                    try byWord.add(key.buffer)
                    guard let cell, !seen.contains(where: { compareBytes($0, word) == 0 }) else { continue }
                    seen.append(word)
                    key.removeAll()
                    key.append(word)
                    key.append(0)
                    key.append(UInt8(group))
                    key.key32(UInt32(cell.row * 65_536 + cell.column))
                    key.key32(entry)
                    key.key32(hint)
                    try byWordCell.add(key.buffer)
                }
            }
        }
    }
}
