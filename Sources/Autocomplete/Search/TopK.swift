/// The best `limit` records seen so far: a small array kept sorted, worst last. A record found
/// through several of its entries counts once, with its best score (on a tie, its lowest entry:
/// its own name before an alternate). Ties between records break by folded name, then id, so the
/// same index always answers the same way.
struct TopK {
    struct Item {
        var record: Int
        var entry: Int
        var score: Double
        var folded: [UInt8]
        var id: [UInt8]
    }

    let limit: Int
    private(set) var items: [Item] = []

    init(limit: Int) { self.limit = limit }

    var isFull: Bool { items.count >= limit }
    var isEmpty: Bool { items.isEmpty }
    /// The score a new candidate must reach to get in; −∞ until full.
    var threshold: Double { isFull ? items[items.count - 1].score : -.infinity }

    static func precedes(_ a: Item, _ b: Item) -> Bool {
        if a.score != b.score { return a.score > b.score }
        if a.folded != b.folded { return a.folded.lexicographicallyPrecedes(b.folded) }
        if a.id != b.id { return a.id.lexicographicallyPrecedes(b.id) }
        return a.entry < b.entry
    }

    /// Whether a candidate with this score could enter (cheap test before building its item).
    @inline(__always) func admits(_ score: Double) -> Bool { limit > 0 && (!isFull || score >= threshold) }

    /// Keeps `record` when it enters. `folded` and `id` are asked for only then.
    mutating func insert(record: Int, entry: Int, score: Double, folded: () -> [UInt8], id: () -> [UInt8]) {
        guard admits(score) else { return }
        if let existing = items.firstIndex(where: { $0.record == record }) {
            let old = items[existing]
            guard score > old.score || (score == old.score && entry < old.entry) else { return }
            items.remove(at: existing)
            place(Item(record: record, entry: entry, score: score, folded: old.folded, id: old.id))
            return
        }
        place(Item(record: record, entry: entry, score: score, folded: folded(), id: id()))
    }

    private mutating func place(_ item: Item) {
        var position = items.count
        while position > 0, Self.precedes(item, items[position - 1]) { position -= 1 }
        guard position < limit else { return }
        items.insert(item, at: position)
        if items.count > limit { items.removeLast() }
    }
}
