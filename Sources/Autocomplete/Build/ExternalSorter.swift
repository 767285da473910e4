import Dispatch
import Foundation

/// Sorts byte strings by their bytes (memcmp order, a shorter string before its extensions) in
/// bounded memory: past `budget` bytes the strings held are sorted and written out as a run, and
/// the runs are merged when read back. Every sort of the index build goes through it, with keys
/// encoded so that byte order is the order wanted (big-endian numbers, 0x00 after a folded text,
/// which has none).
///
/// An instance, like the ``SortedRecords`` it ends in, is used by one thread at a time (a run is
/// handed to its writer thread whole), so its state goes without Swift's run-time exclusivity
/// checks, a tenth of a build's time.
final class ExternalSorter {
    fileprivate struct Item {
        /// The first 16 bytes, big-endian, zero-padded: the radix sort's key; ties (and keys of
        /// equal prefix but different length) are then put in order by comparison.
        var high: UInt64
        var low: UInt64
        var offset: UInt32
        var length: UInt32
    }

    @exclusivity(unchecked) private var bytes = RawBytes(capacity: 1 << 16)
    @exclusivity(unchecked) private var items: [Item] = []
    private var runs: [String] = []
    /// A run being sorted and written on another thread while the next one fills.
    private var spilling: RunWriter?
    private let budget: Int
    private let directory: String?
    private let name: String
    @exclusivity(unchecked) private(set) var count = 0

    /// - Parameters:
    ///   - budget: bytes of strings and bookkeeping held before a run is written. Half goes to
    ///     the run being filled, half to the one being written meanwhile.
    ///   - directory: where runs go; nil keeps everything in memory.
    init(name: String, budget: Int, directory: String?) {
        self.name = name
        self.budget = max(budget, 1 << 16)
        self.directory = directory
    }

    deinit { spilling?.wait() }

    func add(_ record: UnsafeRawBufferPointer) throws(IndexBuildError) {
        try makeRoom(record.count)
        append(record)
    }

    func add(_ record: [UInt8]) throws(IndexBuildError) {
        try makeRoom(record.count)
        record.withUnsafeBytes { append($0) }
    }

    private func makeRoom(_ length: Int) throws(IndexBuildError) {
        if let directory,
            bytes.count + length + MemoryLayout<Item>.stride * (items.count + 1) > budget / 2
                || bytes.count + length > Int(UInt32.max)
        {
            try spill(directory)
        }
    }

    private func append(_ record: UnsafeRawBufferPointer) {
        var high: UInt64 = 0
        var low: UInt64 = 0
        if record.count >= 16 {
            high = UInt64(bigEndian: record.loadUnaligned(fromByteOffset: 0, as: UInt64.self))
            low = UInt64(bigEndian: record.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        } else {
            for index in 0..<8 { high = high << 8 | UInt64(index < record.count ? record[index] : 0) }
            for index in 8..<16 { low = low << 8 | UInt64(index < record.count ? record[index] : 0) }
        }
        items.append(Item(high: high, low: low, offset: UInt32(bytes.count), length: UInt32(record.count)))
        bytes.append(record)
        count += 1
    }

    /// Whether `a` sorts before `b`, given equal 16-byte prefixes.
    @inline(__always) private static func tailPrecedes(_ a: Item, _ b: Item, _ base: UnsafeRawPointer) -> Bool {
        let common = Int(min(a.length, b.length))
        if common > 16 {
            let result = memcmp(base + Int(a.offset) + 16, base + Int(b.offset) + 16, common - 16)
            if result != 0 { return result < 0 }
        }
        return a.length < b.length
    }

    /// One most-significant-digit pass on the first two bytes (a histogram and a scatter: keys
    /// that start alike share a bucket, and text keys use a few hundred of the 65,536), then each
    /// bucket sorted in place by byte after byte of the 16-byte prefix (``sortBucket(_:from:base:)``)
    /// and, on a tie, by the rest of the key.
    /// Eight least-significant-digit passes over 65,536 buckets each cost more: every scatter
    /// wrote all over a 65,536-way fan-out (a cache miss per item per pass).
    fileprivate static func sort(_ items: inout [Item], base: UnsafeRawPointer) {
        guard items.count >= 2_048 else {
            items.withUnsafeMutableBufferPointer { sortBucket($0, from: 0, base: base) }
            return
        }
        var buffer = items
        var starts = [Int](repeating: 0, count: 65_537)
        items.withUnsafeMutableBufferPointer { source in
            buffer.withUnsafeMutableBufferPointer { target in
                for item in source { starts[Int(truncatingIfNeeded: item.high >> 48) + 1] += 1 }
                for index in 1..<starts.count { starts[index] += starts[index - 1] }
                var next = starts
                for item in source {
                    let digit = Int(truncatingIfNeeded: item.high >> 48)
                    target[next[digit]] = item
                    next[digit] += 1
                }
                for digit in 0..<65_536 where starts[digit + 1] - starts[digit] > 1 {
                    sortBucket(UnsafeMutableBufferPointer(rebasing: target[starts[digit]..<starts[digit + 1]]), from: 2, base: base)
                }
            }
        }
        swap(&items, &buffer)
    }

    /// Sorts items that agree on their first `byte` bytes: in place, one byte at a time (an
    /// American flag sort), while a bucket is large and within the 16-byte prefix; by comparison
    /// below that. Keys that start with a kind and an importance (pass 2's) fill a few first-pass
    /// buckets with hundreds of thousands of items each, too many to sort by comparison.
    private static func sortBucket(_ items: UnsafeMutableBufferPointer<Item>, from byte: Int, base: UnsafeRawPointer) {
        @inline(__always) func precedes(_ a: Item, _ b: Item) -> Bool {
            if a.high != b.high { return a.high < b.high }
            if a.low != b.low { return a.low < b.low }
            return tailPrecedes(a, b, base)
        }
        guard items.count >= 64, byte < 16 else {
            var items = items
            items.sort(by: precedes)
            return
        }
        @inline(__always) func digit(_ item: Item) -> Int {
            let word = byte < 8 ? item.high : item.low
            return Int(truncatingIfNeeded: word >> UInt64(56 - 8 * (byte & 7))) & 0xFF
        }
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 514) { counts in
            let ends = UnsafeMutableBufferPointer(rebasing: counts[0..<257])
            let next = UnsafeMutableBufferPointer(rebasing: counts[257..<514])
            ends.initialize(repeating: 0)
            for item in items { ends[digit(item) + 1] += 1 }
            if ends[digit(items[0]) + 1] == items.count {
                sortBucket(items, from: byte + 1, base: base)  // one value here: on to the next byte
                return
            }
            for index in 1...256 { ends[index] += ends[index - 1] }
            for index in 0..<256 { next[index] = ends[index] }
            for bucket in 0..<256 {
                while next[bucket] < ends[bucket + 1] {
                    var item = items[next[bucket]]
                    var target = digit(item)
                    while target != bucket {
                        swap(&item, &items[next[target]])
                        next[target] += 1
                        target = digit(item)
                    }
                    items[next[bucket]] = item
                    next[bucket] += 1
                }
            }
            for bucket in 0..<256 where ends[bucket + 1] - ends[bucket] > 1 {
                sortBucket(UnsafeMutableBufferPointer(rebasing: items[ends[bucket]..<ends[bucket + 1]]), from: byte + 1, base: base)
            }
        }
    }

    /// Hands the strings held to a writer thread as a run, after the one before it is written.
    private func spill(_ directory: String) throws(IndexBuildError) {
        guard !items.isEmpty else { return }
        try finishSpilling()
        let path = (directory as NSString).appendingPathComponent("\(name)-run\(runs.count)")
        runs.append(path)
        spilling = RunWriter(bytes: bytes, items: items, path: path)
        bytes = RawBytes(capacity: 1 << 16)
        items = []
    }

    private func finishSpilling() throws(IndexBuildError) {
        guard let writer = spilling else { return }
        spilling = nil
        writer.wait()
        if let error = writer.error { throw error }
    }

    /// The strings in order. The sorter is spent afterwards.
    func sorted() throws(IndexBuildError) -> SortedRecords {
        if runs.isEmpty {
            Self.sort(&items, base: UnsafeRawPointer(bytes.base))
            return SortedRecords(memory: bytes, items: items.map { ($0.offset, $0.length) })
        }
        if let directory { try spill(directory) }
        try finishSpilling()
        return try SortedRecords(runs: runs)
    }

    /// Sorts one run and writes it, (u32 length, bytes) records, on a thread of its own.
    private final class RunWriter: @unchecked Sendable {
        let bytes: RawBytes
        var items: [Item]
        let path: String
        var error: IndexBuildError?
        private let done = DispatchGroup()

        init(bytes: RawBytes, items: [Item], path: String) {
            self.bytes = bytes
            self.items = items
            self.path = path
            DispatchQueue.global().async(group: done) { self.write() }
        }

        func wait() { done.wait() }

        private func write() {
            ExternalSorter.sort(&items, base: UnsafeRawPointer(bytes.base))
            do throws(IndexBuildError) {
                let output = try ByteOutput(path: path)
                for item in items {
                    try output.u32(item.length)
                    try output.write(UnsafeRawBufferPointer(start: bytes.base + Int(item.offset), count: Int(item.length)))
                }
                try output.close()
            } catch {
                self.error = error
            }
            items = []
        }
    }
}

/// The output of an ``ExternalSorter``, read once, front to back.
final class SortedRecords {
    @exclusivity(unchecked) private var memory: RawBytes?
    @exclusivity(unchecked) private var items: [(UInt32, UInt32)] = []
    @exclusivity(unchecked) private var position = 0
    @exclusivity(unchecked) private var readers: [RunReader] = []
    /// Indices into `readers`, a binary min-heap by current record.
    @exclusivity(unchecked) private var heap: [Int] = []
    @exclusivity(unchecked) private var started = false

    init(memory: RawBytes, items: [(UInt32, UInt32)]) {
        self.memory = memory
        self.items = items
    }

    init(runs: [String]) throws(IndexBuildError) {
        for path in runs {
            let reader = try RunReader(path: path)
            if try reader.advance() { readers.append(reader) }
        }
        heap = Array(readers.indices)
        for index in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
    }

    /// The next string, valid until the next call; nil at the end.
    func next() throws(IndexBuildError) -> UnsafeRawBufferPointer? {
        if let memory {
            guard position < items.count else { return nil }
            let (offset, length) = items[position]
            position += 1
            return UnsafeRawBufferPointer(start: memory.base + Int(offset), count: Int(length))
        }
        // The top reader's record was handed out last time: move it on first.
        if started, let top = heap.first {
            if try readers[top].advance() {
                siftDown(0)
            } else {
                heap[0] = heap[heap.count - 1]
                heap.removeLast()
                if !heap.isEmpty { siftDown(0) }
            }
        }
        started = true
        guard let top = heap.first else { return nil }
        return readers[top].current
    }

    private func less(_ a: Int, _ b: Int) -> Bool {
        let left = readers[a]
        let right = readers[b]
        if left.prefix != right.prefix { return left.prefix < right.prefix }
        return compareBytes(left.current, right.current) < 0
    }

    private func siftDown(_ start: Int) {
        var index = start
        while true {
            let left = 2 * index + 1
            guard left < heap.count else { return }
            var smallest = left
            if left + 1 < heap.count, less(heap[left + 1], heap[left]) { smallest = left + 1 }
            guard less(heap[smallest], heap[index]) else { return }
            heap.swapAt(index, smallest)
            index = smallest
        }
    }

    /// One spilled run: (u32 length, bytes) records. The current record is read in place, in the
    /// input's buffer: it stays valid until this reader advances, and nobody needs it after that.
    private final class RunReader {
        let input: ByteInput
        @exclusivity(unchecked) private(set) var current = UnsafeRawBufferPointer(start: nil, count: 0)
        /// The record's first 8 bytes, big-endian, zero-padded: most comparisons stop here.
        @exclusivity(unchecked) private(set) var prefix: UInt64 = 0
        let path: String

        init(path: String) throws(IndexBuildError) {
            self.path = path
            input = try ByteInput(path: path)
        }

        deinit { unlink(path) }

        func advance() throws(IndexBuildError) -> Bool {
            guard let header = try input.next(4) else { return false }
            let length = Int(header.loadUnaligned(as: UInt32.self).littleEndian)
            guard let body = try input.next(length) else {
                throw IndexBuildError(path: path, reason: "a sorted run ends inside a record")
            }
            current = body
            if body.count >= 8 {
                prefix = UInt64(bigEndian: body.loadUnaligned(as: UInt64.self))
            } else {
                prefix = 0
                for index in 0..<8 { prefix = prefix << 8 | UInt64(index < body.count ? body[index] : 0) }
            }
            return true
        }
    }
}
