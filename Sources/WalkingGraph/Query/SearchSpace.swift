import Synchronization

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

/// One direction of a search: tentative distances, how each node was reached, and the heap.
/// Entries are valid only where their stamp equals the current generation, so starting a new
/// search costs nothing however large the graph.
final class SearchSide {
    static let fromEndpoint = UInt32.max
    let capacity: Int
    private(set) var distance: UnsafeMutablePointer<Double>
    private(set) var parentNode: UnsafeMutablePointer<UInt32>
    private(set) var parentChain: UnsafeMutablePointer<UInt32>
    private var reachedStamp: UnsafeMutablePointer<UInt32>
    private var settledStamp: UnsafeMutablePointer<UInt32>
    private var generation: UInt32 = 0
    var heap = NodeHeap()

    init(capacity: Int) {
        self.capacity = capacity
        let size = max(capacity, 1)
        distance = .allocate(capacity: size)
        parentNode = .allocate(capacity: size)
        parentChain = .allocate(capacity: size)
        reachedStamp = .allocate(capacity: size)
        reachedStamp.initialize(repeating: 0, count: size)
        settledStamp = .allocate(capacity: size)
        settledStamp.initialize(repeating: 0, count: size)
        distance.initialize(repeating: 0, count: size)
        parentNode.initialize(repeating: 0, count: size)
        parentChain.initialize(repeating: 0, count: size)
    }

    deinit {
        distance.deallocate()
        parentNode.deallocate()
        parentChain.deallocate()
        reachedStamp.deallocate()
        settledStamp.deallocate()
    }

    func reset() {
        heap.removeAll()
        if generation == UInt32.max {
            reachedStamp.update(repeating: 0, count: max(capacity, 1))
            settledStamp.update(repeating: 0, count: max(capacity, 1))
            generation = 0
        }
        generation += 1
    }

    @inline(__always) func isReached(_ node: Int) -> Bool { reachedStamp[node] == generation }
    @inline(__always) func isSettled(_ node: Int) -> Bool { settledStamp[node] == generation }
    @inline(__always) func settle(_ node: Int) { settledStamp[node] = generation }

    /// Records a better way to `node` and queues it; false when the known way is as good.
    @inline(__always) @discardableResult
    func improve(_ node: Int, distance newDistance: Double, key: Double, parent: UInt32, chain: UInt32) -> Bool {
        if reachedStamp[node] == generation, distance[node] <= newDistance { return false }
        reachedStamp[node] = generation
        distance[node] = newDistance
        parentNode[node] = parent
        parentChain[node] = chain
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

    func withSpace<Result>(_ body: (SearchSpace) throws(WalkingRouteError) -> Result) throws(WalkingRouteError) -> Result {
        let space = free.withLock { $0.popLast() } ?? SearchSpace(capacity: capacity)
        defer { free.withLock { if $0.count < 4 { $0.append(space) } } }
        return try body(space)
    }
}
