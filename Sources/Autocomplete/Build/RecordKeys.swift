import Dispatch

/// Pass 2's sort keys, made on a second thread: the pass writes each record and its entries while
/// the keys of the records before it go into the three sorts of the later passes (entries by
/// folded form, words, words in the grid). The two halves cost about the same and touch nothing
/// in common but the record, so each record's payload and first entry number are copied into a
/// batch and handed over a batch at a time.
///
/// Memory: two batches of about ``batchBytes``.
final class RecordKeys: @unchecked Sendable {
    static let batchBytes = 1 << 20

    let byName: ExternalSorter
    let byWord: ExternalSorter
    let byWordCell: ExternalSorter
    /// (u32 first entry, u32 length, payload) records.
    private var filling = RawBytes(capacity: batchBytes + 4_096)
    private var spare: RawBytes? = RawBytes(capacity: batchBytes + 4_096)
    private var inFlight: RawBytes?
    private let done = DispatchGroup()
    private let queue = DispatchQueue(label: "places.names.keys")
    /// The second thread's failure, read after waiting for it.
    private var failure: IndexBuildError?
    private let scratch = KeyScratch()

    init(byName: ExternalSorter, byWord: ExternalSorter, byWordCell: ExternalSorter) {
        self.byName = byName
        self.byWord = byWord
        self.byWordCell = byWordCell
    }

    deinit { done.wait() }

    /// Queues the keys of a record (its encoded payload) whose entries are numbered from `firstEntry`.
    func add(firstEntry: Int, payload: UnsafeRawBufferPointer) throws(IndexBuildError) {
        filling.key32(UInt32(truncatingIfNeeded: firstEntry))
        filling.key32(UInt32(payload.count))
        filling.append(payload)
        if filling.count >= Self.batchBytes { try handOver() }
    }

    /// Waits for every key to be sorted in; the sorts are the caller's again.
    func finish() throws(IndexBuildError) -> (byName: ExternalSorter, byWord: ExternalSorter, byWordCell: ExternalSorter) {
        try handOver()
        try waitForBatch()
        return (byName, byWord, byWordCell)
    }

    private func handOver() throws(IndexBuildError) {
        try waitForBatch()
        guard filling.count > 0 else { return }
        let batch = filling
        filling = spare ?? RawBytes(capacity: Self.batchBytes + 4_096)
        spare = nil
        inFlight = batch
        queue.async(group: done) { self.sortKeys(of: batch) }
    }

    private func waitForBatch() throws(IndexBuildError) {
        guard let batch = inFlight else { return }
        done.wait()
        inFlight = nil
        batch.removeAll()
        spare = batch
        if let failure { throw failure }
    }

    private func sortKeys(of batch: RawBytes) {
        guard failure == nil else { return }
        do throws(IndexBuildError) {
            var position = 0
            let bytes = batch.buffer
            while position + 8 <= bytes.count {
                let firstEntry = Int(keyU32(bytes, at: position))
                let length = Int(keyU32(bytes, at: position + 4))
                let payload = UnsafeRawBufferPointer(rebasing: bytes[(position + 8)..<(position + 8 + length)])
                position += 8 + length
                try addKeys(of: try PayloadReader(payload), firstEntry: firstEntry)
            }
        } catch {
            failure = error
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
        let key = scratch.key
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

            scratch.later.removeAll(keepingCapacity: true)
            scratch.seen.removeAll(keepingCapacity: true)
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
                    if scratch.later.contains(where: { compareBytes($0, word) == 0 }) { continue }
                    scratch.later.append(word)
                }
                key.removeAll()
                key.append(word)
                key.append(0)
                key.append(UInt8(isFirst ? IndexFormat.PostingClass.first.rawValue : IndexFormat.PostingClass.later.rawValue))
                key.key32(entry)
                key.key32(hint)
                try byWord.add(key.buffer)
                guard let cell, !scratch.seen.contains(where: { compareBytes($0, word) == 0 }) else { continue }
                scratch.seen.append(word)
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

    /// What making one record's keys reuses.
    private final class KeyScratch {
        let key = RawBytes(capacity: 256)
        var later: [UnsafeRawBufferPointer] = []
        var seen: [UnsafeRawBufferPointer] = []
    }
}
