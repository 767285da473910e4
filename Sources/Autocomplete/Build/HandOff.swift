import Dispatch

/// Byte records handed to a second thread a batch at a time: the caller appends records to
/// ``batch``, and `consume` reads a full batch on the second thread while the caller fills the
/// next. Pass 2's keys (``RecordKeys``) and pass 3's grid keys (``CellKeys``) go through one.
///
/// Memory: two batches of about ``batchBytes``.
final class HandOff: @unchecked Sendable {
    static let batchBytes = 1 << 20

    /// Where the caller appends; handed over by ``flushIfFull()`` and ``finish()``.
    private(set) var batch = RawBytes(capacity: batchBytes + 4_096)
    private var spare: RawBytes? = RawBytes(capacity: batchBytes + 4_096)
    private var inFlight: RawBytes?
    private let consume: (UnsafeRawBufferPointer) throws(IndexBuildError) -> Void
    private let done = DispatchGroup()
    private let queue: DispatchQueue
    /// The second thread's failure, read after waiting for it; later batches are not read.
    private var failure: IndexBuildError?

    init(label: String, consume: @escaping (UnsafeRawBufferPointer) throws(IndexBuildError) -> Void) {
        self.consume = consume
        queue = DispatchQueue(label: label)
    }

    deinit { done.wait() }

    /// Hands the batch over once it is full; the second thread's failure, if it failed.
    @inline(__always) func flushIfFull() throws(IndexBuildError) {
        if batch.count >= Self.batchBytes { try handOver() }
    }

    /// Hands over what is left and waits until all of it is consumed.
    func finish() throws(IndexBuildError) {
        try handOver()
        try waitForBatch()
    }

    private func handOver() throws(IndexBuildError) {
        try waitForBatch()
        guard batch.count > 0 else { return }
        let full = batch
        batch = spare ?? RawBytes(capacity: Self.batchBytes + 4_096)
        spare = nil
        inFlight = full
        queue.async(group: done) { self.run(full) }
    }

    private func waitForBatch() throws(IndexBuildError) {
        guard let full = inFlight else { return }
        done.wait()
        inFlight = nil
        full.removeAll()
        spare = full
        if let failure { throw failure }
    }

    private func run(_ full: RawBytes) {
        guard failure == nil else { return }
        do throws(IndexBuildError) {
            try consume(full.buffer)
        } catch {
            failure = error
        }
    }
}
