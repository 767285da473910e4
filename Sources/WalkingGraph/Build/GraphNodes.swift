import OSMFormat

/// Every node's position, remembered while the file is read because a way may use any node.
///
/// Files sorted by id (PBF always, OSM XML from the API) fill flat arrays searched by halving:
/// 16 bytes a node, no hashing, and a node's place in the arrays serves as its dense index later.
/// A file out of order adds a dictionary from id to place from then on.
struct NodeTable {
    private(set) var ids: [Int64] = []
    private(set) var latitudes: [Int32] = []
    private(set) var longitudes: [Int32] = []
    /// Nodes a walker may not pass (a locked gate), by index.
    private(set) var blocked: Set<Int32> = []
    private var unsorted: [Int64: Int32]?

    var count: Int { ids.count }

    /// Remembers a node. Positions off the globe are not kept: a way through them is cut there.
    mutating func insert(_ node: OSMNode) {
        guard (-90...90).contains(node.latitude), (-180...180).contains(node.longitude) else { return }
        guard ids.count < Int(Int32.max) else { return }
        let index = Int32(ids.count)
        if unsorted == nil, let last = ids.last, last >= node.id {
            var dictionary = [Int64: Int32](minimumCapacity: ids.count * 2)
            for (position, id) in ids.enumerated() { dictionary[id] = Int32(position) }
            unsorted = dictionary
        }
        unsorted?[node.id] = index
        ids.append(node.id)
        latitudes.append(FixedPoint.value(node.latitude))
        longitudes.append(FixedPoint.value(node.longitude))
        if !node.tags.isEmpty, FootAccess.blocks(node: node.tags) { blocked.insert(index) }
    }

    /// The dense index of node `id`, or nil when the file does not have it (outside the extract).
    func index(of id: Int64) -> Int32? {
        if let unsorted { return unsorted[id] }
        return ids.withUnsafeBufferPointer { ids in
            var low = 0
            var high = ids.count
            while low < high {
                let middle = (low + high) >> 1
                if ids[middle] < id { low = middle + 1 } else { high = middle }
            }
            return low < ids.count && ids[low] == id ? Int32(low) : nil
        }
    }

    mutating func reserve(_ count: Int) {
        ids.reserveCapacity(count)
        latitudes.reserveCapacity(count)
        longitudes.reserveCapacity(count)
    }
}
