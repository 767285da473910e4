import OSMFormat

/// The nodes the walkable ways use, numbered densely once the file is read: all the graph needs
/// of the nodes. At a country's size they are a fraction of the file's nodes, whose positions the
/// builder reads from the import's ``LocationIndex`` while the file is read and never copies.
struct GraphNodes {
    private(set) var latitudes: [Int32] = []
    private(set) var longitudes: [Int32] = []
    /// Nodes a walker may not pass (a locked gate), by index.
    private(set) var blocked: Set<Int32> = []

    var count: Int { latitudes.count }

    init() {}

    /// - Parameters:
    ///   - numbers: the nodes used, by their number in `locations`, sorted and each once: their
    ///     order here is the order of their indices.
    ///   - blocked: nodes a walker may not pass, by number.
    init(_ numbers: [Int32], in locations: LocationIndex, blocked blockedNumbers: Set<Int32>) {
        latitudes.reserveCapacity(numbers.count)
        longitudes.reserveCapacity(numbers.count)
        for number in numbers {
            let (latitude, longitude) = locations.fixed(at: Int(number))
            latitudes.append(latitude)
            longitudes.append(longitude)
        }
        for number in blockedNumbers {
            if let index = Self.index(of: number, in: numbers) { blocked.insert(index) }
        }
    }

    /// Where `number` is in `numbers` (sorted), by halving.
    static func index(of number: Int32, in numbers: [Int32]) -> Int32? {
        var low = 0
        var high = numbers.count
        while low < high {
            let middle = (low + high) >> 1
            if numbers[middle] < number { low = middle + 1 } else { high = middle }
        }
        return low < numbers.count && numbers[low] == number ? Int32(low) : nil
    }
}
