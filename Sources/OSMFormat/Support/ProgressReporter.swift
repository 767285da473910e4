/// Calls an `OSMReadProgress` at most about a hundred times per file, whatever the number of elements:
/// a progress bar redrawn per node would cost more than reading the node.
struct ProgressReporter {
    private let callback: OSMReadProgress?
    let total: Int
    private let step: Int
    private var next: Int

    init(_ callback: OSMReadProgress?, total: Int) {
        self.callback = callback
        self.total = total
        step = max(1, total / 100)
        next = 0
    }

    /// Cheap enough to call per element: one comparison unless a report is due.
    @inline(__always)
    mutating func report(_ bytesRead: Int) {
        guard bytesRead >= next, let callback else { return }
        callback(min(bytesRead, total), total)
        next = bytesRead + step
    }

    func finish() {
        callback?(total, total)
    }
}
