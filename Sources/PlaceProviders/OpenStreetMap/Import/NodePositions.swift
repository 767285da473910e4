import OSMFormat

/// Every node's position, for the centres of ways: the one thing an import must remember about
/// nodes it does not keep.
///
/// Files sorted by id (PBF always, OSM XML from the API) fill two flat arrays searched by halving:
/// 16 bytes a node and no hashing. A file out of order falls back to a dictionary from then on.
struct NodePositions {
    private var ids: [Int64] = []
    private var points: [OSMPoint] = []
    private var unsorted: [Int64: OSMPoint]?

    var count: Int { ids.count + (unsorted?.count ?? 0) }

    mutating func insert(_ id: Int64, _ point: OSMPoint) {
        if unsorted == nil, ids.last.map({ $0 < id }) ?? true {
            ids.append(id)
            points.append(point)
            return
        }
        if unsorted == nil {
            var dictionary = [Int64: OSMPoint](minimumCapacity: ids.count * 2)
            for (index, id) in ids.enumerated() { dictionary[id] = points[index] }
            unsorted = dictionary
            ids = []
            points = []
        }
        unsorted?[id] = point
    }

    subscript(id: Int64) -> OSMPoint? {
        if let unsorted { return unsorted[id] }
        var low = 0
        var high = ids.count
        while low < high {
            let middle = (low + high) / 2
            if ids[middle] < id { low = middle + 1 } else { high = middle }
        }
        return low < ids.count && ids[low] == id ? points[low] : nil
    }
}
