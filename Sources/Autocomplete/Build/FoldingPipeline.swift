import Dispatch
import Foundation
import PlaceBytes
import PlaceCore

/// Folds the names given to the builder on the other cores, a batch on each, while the caller
/// produces the next batch and the builder sorts the last one: folding a name into its forms
/// (``BuildRecord``) was a fifth of a build. When every other thread is busy, the caller folds a
/// batch itself. Batches come back in any order; the sort decides the file's order either way,
/// so the index is the same bytes as when everything ran on one thread.
///
/// Memory: one batch of ``batchSize`` records and their keys per worker, and one more.
final class FoldingPipeline {
    static let batchSize = 4_096

    /// One batch of records, and what folding made of them: each record's sort key, as pass 2
    /// sorts them (kind segment, u32 ~importance, main folded form, 0, encoded record), end to
    /// end, or a count of names with nothing to index; and where the records came from.
    final class Batch: @unchecked Sendable {
        let records: [NameRecord]
        private(set) var keys = ByteWriter()
        private(set) var ends: [Int] = []
        private(set) var skipped = 0
        /// The first indexed record's source (``BuildRecord/source``), and whether another
        /// record has a different one.
        private(set) var source: [UInt8]?
        private(set) var hasSeveralSources = false

        init(_ records: [NameRecord]) { self.records = records }

        private func note(source: ArraySlice<UInt8>) {
            if let known = self.source {
                if !hasSeveralSources, !Self.same(source, known) { hasSeveralSources = true }
            } else {
                self.source = Array(source)
            }
        }

        /// The bytes compared with memcmp: `elementsEqual` stepped through a slice and an array
        /// an element at a time, for every record.
        private static func same(_ slice: ArraySlice<UInt8>, _ array: [UInt8]) -> Bool {
            guard slice.count == array.count else { return false }
            return slice.withUnsafeBufferPointer { left in
                array.withUnsafeBufferPointer { right in
                    guard let l = left.baseAddress, let r = right.baseAddress else { return true }
                    return memcmp(l, r, left.count) == 0
                }
            }
        }

        private static let countrySource = Array(CountryRecords.source.utf8)

        /// Notes the source of the id written at `id` in the keys. The countries made from the
        /// names (``CountryRecords``) are no source of their own: they would turn on pass 1 for
        /// every extract of one source. (A function of its own: the slice of the keys is let go
        /// before the next record is appended to them, which would otherwise copy them.)
        private func noteSource(ofIDAt id: Range<Int>) {
            let source = BuildRecord.source(ofID: keys.data[id])
            if !Self.same(source, Self.countrySource) { note(source: source) }
        }

        func fold() {
            ends.reserveCapacity(records.count)
            for record in records {
                let (forms, alternates) = BuildRecord.forms(of: record)
                guard let main = forms.first else {
                    skipped += 1
                    continue
                }
                keys.u8(UInt8(IndexFormat.segment(of: record.kind)))
                keys.key32(~BuildRecord.clamped(record.importance).bitPattern)
                keys.append(main.folded)
                keys.u8(0)
                let id = BuildRecord.encode(record, forms: forms, alternates: alternates, into: &keys)
                noteSource(ofIDAt: id)
                ends.append(keys.data.count)
            }
        }

        /// Hands each key to `body`, in order.
        func forEachKey(_ body: (UnsafeRawBufferPointer) throws(IndexBuildError) -> Void) throws(IndexBuildError) {
            try withBytes(keys.data) { (all) throws(IndexBuildError) in
                var start = 0
                for end in ends {
                    try body(UnsafeRawBufferPointer(rebasing: all[start..<end]))
                    start = end
                }
            }
        }
    }

    /// Threads that fold beside the caller: one for each other core the process may use.
    let workers: Int
    private var pending: [NameRecord] = []
    /// Batches being folded on other threads, oldest first, each with what says it is done.
    private var inFlight: [(batch: Batch, done: DispatchGroup)] = []
    private let queue = DispatchQueue(label: "places.names.folding", attributes: .concurrent)

    init(workers: Int = ProcessInfo.processInfo.activeProcessorCount - 1) {
        self.workers = max(1, workers)
        pending.reserveCapacity(Self.batchSize)
    }

    /// Queues a record. When a batch is full, returns a folded batch: one that another thread
    /// finished, or, while every other thread is still folding, this one folded here instead of
    /// waiting (folding costs more than what the caller does per record, so each thread takes
    /// what it can).
    func add(_ record: NameRecord) -> Batch? {
        pending.append(record)
        guard pending.count >= Self.batchSize else { return nil }
        let batch = Batch(pending)
        pending = []
        pending.reserveCapacity(Self.batchSize)
        let finished = inFlight.firstIndex { $0.done.wait(timeout: .now()) == .success }.map { inFlight.remove(at: $0).batch }
        guard finished != nil || inFlight.count < workers else {
            batch.fold()
            return batch
        }
        let done = DispatchGroup()
        queue.async(group: done) { batch.fold() }
        inFlight.append((batch, done))
        return finished
    }

    /// What is left, folded: the batches in flight and the records not yet sent.
    func drain() -> [Batch] {
        var finished = waitForFolding()
        let rest = Batch(pending)
        pending = []
        rest.fold()
        finished.append(rest)
        return finished
    }

    private func waitForFolding() -> [Batch] {
        defer { inFlight = [] }
        return inFlight.map { flight in
            flight.done.wait()
            return flight.batch
        }
    }

    deinit { for flight in inFlight { flight.done.wait() } }
}
