import OSMFormat

/// Every node's position, for the centres of ways: the one thing an import must remember about
/// nodes it does not keep, and at a country's size (a hundred million nodes) the largest.
///
/// Files sorted by id (PBF always, OSM XML from the API) are kept in 12 bytes a node instead of
/// the 24 of an id and two doubles: ids as 32-bit steps from the first id of their run, and
/// positions as 32-bit fixed point (1e-7 degrees, OpenStreetMap's own precision). A position
/// fixed point cannot give back exactly (more decimals than OSM has, or off the globe) is kept
/// as it was, aside, so centres come out as they did. Storage grows in chunks, never by copying
/// everything into an array twice the size. A file out of order falls back to a dictionary.
struct NodePositions {
    /// Nodes per chunk, and at most per run of ids.
    private static let chunk = 1 << 16
    /// The first id of each run, and where the run starts; ids of a run are `base + step`.
    private var runBases: [Int64] = []
    private var runStarts: [Int] = []
    private var steps = ChunkedArray<UInt32>()
    private var latitudes = ChunkedArray<Int32>()
    private var longitudes = ChunkedArray<Int32>()
    /// Positions that fixed point would change, by node number.
    private var exact: [Int: OSMPoint] = [:]
    private var last: Int64?
    private var unsorted: [Int64: OSMPoint]?

    var count: Int { steps.count + (unsorted?.count ?? 0) }

    mutating func insert(_ id: Int64, _ point: OSMPoint) {
        if unsorted == nil, last.map({ $0 < id }) ?? true {
            append(id, point)
            return
        }
        if unsorted == nil {
            var dictionary = [Int64: OSMPoint](minimumCapacity: steps.count * 2)
            for run in runBases.indices {
                let end = run + 1 < runStarts.count ? runStarts[run + 1] : steps.count
                for number in runStarts[run]..<end { dictionary[runBases[run] + Int64(steps[number])] = position(at: number) }
            }
            self = NodePositions(unsorted: dictionary)
        }
        unsorted?[id] = point
    }

    private init(unsorted: [Int64: OSMPoint]) {
        self.unsorted = unsorted
    }

    init() {}

    private mutating func append(_ id: Int64, _ point: OSMPoint) {
        let number = steps.count
        if let base = runBases.last, let start = runStarts.last, number - start < Self.chunk, id - base <= Int64(UInt32.max) {
            steps.append(UInt32(id - base))
        } else {
            runBases.append(id)
            runStarts.append(number)
            steps.append(0)
        }
        last = id
        if let latitude = Self.fixed(point.latitude), let longitude = Self.fixed(point.longitude) {
            latitudes.append(latitude)
            longitudes.append(longitude)
        } else {
            latitudes.append(0)
            longitudes.append(0)
            exact[number] = point
        }
    }

    /// Degrees as 1e-7 fixed point, when that gives exactly the same double back.
    private static func fixed(_ degrees: Double) -> Int32? {
        let scaled = (degrees * 1e7).rounded()
        guard abs(scaled) <= Double(Int32.max) else { return nil }
        let value = Int32(scaled)
        return Double(value) / 1e7 == degrees ? value : nil
    }

    private func position(at number: Int) -> OSMPoint {
        if !exact.isEmpty, let point = exact[number] { return point }
        return OSMPoint(latitude: Double(latitudes[number]) / 1e7, longitude: Double(longitudes[number]) / 1e7)
    }

    subscript(id: Int64) -> OSMPoint? {
        if let unsorted { return unsorted[id] }
        // The last run whose first id is at most `id`, then the step within it.
        var low = 0
        var high = runBases.count
        while low < high {
            let middle = (low + high) / 2
            if runBases[middle] <= id { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        let run = low - 1
        let offset = id - runBases[run]
        guard offset <= Int64(UInt32.max) else { return nil }
        let step = UInt32(offset)
        var first = runStarts[run]
        var end = run + 1 < runStarts.count ? runStarts[run + 1] : steps.count
        while first < end {
            let middle = (first + end) / 2
            if steps[middle] < step { first = middle + 1 } else { end = middle }
        }
        let runEnd = run + 1 < runStarts.count ? runStarts[run + 1] : steps.count
        return first < runEnd && steps[first] == step ? position(at: first) : nil
    }
}

/// An array that grows by fixed chunks: appending never copies what is there, so a large one
/// needs its own size in memory, not the two or three times an array's doubling briefly takes.
struct ChunkedArray<Element> {
    private static var chunk: Int { 1 << 16 }
    private var chunks: [[Element]] = []
    private(set) var count = 0

    mutating func append(_ element: Element) {
        if count % Self.chunk == 0 {
            var fresh: [Element] = []
            fresh.reserveCapacity(Self.chunk)
            chunks.append(fresh)
        }
        chunks[chunks.count - 1].append(element)
        count += 1
    }

    subscript(index: Int) -> Element {
        chunks[index >> 16][index & 0xFFFF]
    }
}
