import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A binary min-heap of (key, node) with lazy deletion: a node pushed again with a smaller key
/// leaves its old entry behind, to be skipped when popped. Cheaper than a decrease-key heap on
/// graphs this sparse.
struct NodeHeap {
    private(set) var keys: [Double] = []
    private(set) var nodes: [UInt32] = []

    var isEmpty: Bool { keys.isEmpty }
    var minimumKey: Double { keys.first ?? .infinity }

    mutating func removeAll() {
        keys.removeAll(keepingCapacity: true)
        nodes.removeAll(keepingCapacity: true)
    }

    mutating func push(_ key: Double, _ node: UInt32) {
        keys.append(key)
        nodes.append(node)
        var child = keys.count - 1
        while child > 0 {
            let parent = (child - 1) >> 1
            guard keys[parent] > key else { break }
            keys[child] = keys[parent]
            nodes[child] = nodes[parent]
            child = parent
        }
        keys[child] = key
        nodes[child] = node
    }

    mutating func pop() -> (key: Double, node: UInt32)? {
        guard let top = keys.first, let topNode = nodes.first else { return nil }
        let lastKey = keys.removeLast()
        let lastNode = nodes.removeLast()
        let count = keys.count
        if count > 0 {
            var parent = 0
            while true {
                var child = 2 * parent + 1
                guard child < count else { break }
                if child + 1 < count, keys[child + 1] < keys[child] { child += 1 }
                guard keys[child] < lastKey else { break }
                keys[parent] = keys[child]
                nodes[parent] = nodes[child]
                parent = child
            }
            keys[parent] = lastKey
            nodes[parent] = lastNode
        }
        return (top, topNode)
    }
}

/// One direction of a search, as kept between queries: tentative distances, how each node was
/// reached, and the heap's storage. Entries are valid only where their stamp equals the current
/// generation, so starting a new search costs nothing however large the graph.
final class SearchSide {
    static let fromEndpoint = UInt32.max
    let capacity: Int
    let distance: UnsafeMutablePointer<Double>
    let parentNode: UnsafeMutablePointer<UInt32>
    let parentChain: UnsafeMutablePointer<UInt32>
    private let reachedStamp: UnsafeMutablePointer<UInt32>
    private let settledStamp: UnsafeMutablePointer<UInt32>
    private var generation: UInt32 = 0
    private var heap = NodeHeap()

    /// Allocates without touching: the arrays come from calloc, whose large blocks are pages the
    /// system maps as zeros when first written. A search over a country's graph pays only for the
    /// pages of the nodes it reaches, not for clearing the whole graph's worth in every process.
    init(capacity: Int) {
        self.capacity = capacity
        let size = max(capacity, 1)
        distance = Self.zeroed(size)
        parentNode = Self.zeroed(size)
        parentChain = Self.zeroed(size)
        reachedStamp = Self.zeroed(size)
        settledStamp = Self.zeroed(size)
    }

    private static func zeroed<Element>(_ count: Int) -> UnsafeMutablePointer<Element> {
        guard let raw = calloc(count, MemoryLayout<Element>.stride) else {
            fatalError("out of memory for a search over \(count) nodes")
        }
        return raw.bindMemory(to: Element.self, capacity: count)
    }

    deinit {
        free(distance)
        free(parentNode)
        free(parentChain)
        free(reachedStamp)
        free(settledStamp)
    }

    /// Starts a new search on this side. The cursor owns the heap until ``finish(_:)`` gives it
    /// back (its storage is kept for the next search).
    func begin() -> SideCursor {
        if generation == UInt32.max {
            reachedStamp.update(repeating: 0, count: max(capacity, 1))
            settledStamp.update(repeating: 0, count: max(capacity, 1))
            generation = 0
        }
        generation += 1
        var taken = NodeHeap()
        swap(&taken, &heap)
        taken.removeAll()
        let marks = SideMarks(
            distance: distance, parentNode: parentNode, parentChain: parentChain, reachedStamp: reachedStamp,
            settledStamp: settledStamp,
            generation: generation)
        return SideCursor(marks: marks, heap: taken)
    }

    func finish(_ cursor: consuming SideCursor) {
        heap = cursor.heap
    }
}

/// What one side of a search knows about the nodes, in plain pointers: cheap to pass to the other
/// side, and free of reference counting and exclusivity checks in the inner loop.
struct SideMarks {
    let distance: UnsafeMutablePointer<Double>
    let parentNode: UnsafeMutablePointer<UInt32>
    let parentChain: UnsafeMutablePointer<UInt32>
    let reachedStamp: UnsafeMutablePointer<UInt32>
    let settledStamp: UnsafeMutablePointer<UInt32>
    let generation: UInt32

    @inline(__always) func isReached(_ node: Int) -> Bool { reachedStamp[node] == generation }
    @inline(__always) func isSettled(_ node: Int) -> Bool { settledStamp[node] == generation }
    @inline(__always) func settle(_ node: Int) { settledStamp[node] = generation }
}

/// One side of a running search: its marks and its heap.
struct SideCursor {
    let marks: SideMarks
    var heap: NodeHeap

    /// Records a better way to `node` and queues it; false when the known way is as good.
    @inline(__always) @discardableResult
    mutating func improve(_ node: Int, distance newDistance: Double, key: Double, parent: UInt32, chain: UInt32) -> Bool {
        if marks.reachedStamp[node] == marks.generation, marks.distance[node] <= newDistance { return false }
        marks.reachedStamp[node] = marks.generation
        marks.distance[node] = newDistance
        marks.parentNode[node] = parent
        marks.parentChain[node] = chain
        heap.push(key, UInt32(node))
        return true
    }
}

/// Both directions, sized for one graph. Used by one query at a time: the pool hands it out and
/// takes it back, which is what makes passing it between threads safe.
final class SearchSpace: @unchecked Sendable {
    let forward: SearchSide
    let backward: SearchSide

    init(capacity: Int) {
        forward = SearchSide(capacity: capacity)
        backward = SearchSide(capacity: capacity)
    }
}

/// Search spaces kept for reuse, so that a query allocates nothing after the first: ranking asks
/// one search per candidate list, and a server many at once from several threads.
final class SearchPool: Sendable {
    private let capacity: Int
    private let free = Mutex<[SearchSpace]>([])

    init(capacity: Int) { self.capacity = capacity }

    func withSpace<Result>(_ body: (SearchSpace) throws(WalkingRouteError) -> Result) throws(WalkingRouteError)
        -> Result
    {
        let space = free.withLock { $0.popLast() } ?? SearchSpace(capacity: capacity)
        defer { free.withLock { if $0.count < 4 { $0.append(space) } } }
        return try body(space)
    }
}
