import PlaceBytes
import PlaceCore

/// Where each element of a file is, by id: every node's position (a way may use any node), or
/// every way's centre (a relation may name any way). At a country's size (a hundred million
/// nodes) this is the largest thing an import holds, so it is held once, for the places and the
/// walking graph alike, and in 12 bytes an element: ids as 32-bit steps from the first id of their
/// run, positions as OSM's own fixed point (1e-7 degrees in an `Int32`).
///
/// Files sorted by id (PBF always, OSM XML from the API) are searched by halving, with no
/// hashing. A file out of order adds a dictionary from id to number from then on.
///
/// Elements are kept in chunks of 65,536 that are never copied to grow. Given a folder, each full
/// chunk is written to an unnamed file there (``SpillFile``) and read back through a mapping: the
/// system keeps those pages only while there is room, so the index need not fit in memory. A
/// chunk the disk refuses stays in memory.
///
/// Each element gets a *number*, its place in the order it came: the walking graph numbers its
/// nodes by it.
///
/// Way centres are the middles of boxes, with more decimals than fixed point holds: an index of
/// them keeps doubles instead (``Precision/doubles``, 20 bytes an element).
package final class LocationIndex {
    /// How positions are kept.
    package enum Precision {
        /// OSM's fixed point, and aside, as they came, the few positions it does not give back.
        case fixedPoint
        /// Doubles, as they came: for positions worked out rather than read.
        case doubles
    }

    private static let chunkShift = 16
    private static let chunkMask = (1 << chunkShift) - 1
    /// A step, a latitude and a longitude: 12 bytes in fixed point, 20 in doubles.
    private let recordSize: Int
    private var chunkBytes: Int { recordSize << Self.chunkShift }
    private let precision: Precision

    /// Full chunks: mapped from the spill file, or in memory when there is none or it refused them.
    private var sealed: [UnsafeRawPointer] = []
    private var mapped: [MappedChunk] = []
    private var owned: [UnsafeMutableRawPointer] = []
    /// The chunk being filled: its number is `sealed.count`.
    private var current: UnsafeMutableRawPointer
    private let spill: SpillFile?

    /// The first id of each run, and the number it starts at. A run never spans two chunks.
    private var runBases: [Int64] = []
    private var runStarts: [Int] = []
    private var last: Int64?
    /// From id to number, once an id came out of order.
    private var unsorted: [Int64: Int]?
    /// Positions fixed point does not give back exactly (more decimals than OSM has, or off the
    /// globe), by number: answered as they came.
    private var exact: [Int: OSMPoint] = [:]
    private var offGlobe: Set<Int> = []

    package private(set) var count = 0

    /// - Parameter directory: where full chunks go; nil keeps them all in memory.
    package init(spillingTo directory: String? = nil, precision: Precision = .fixedPoint) {
        self.precision = precision
        recordSize = precision == .fixedPoint ? 12 : 20
        spill = directory.flatMap(SpillFile.init(directory:))
        current = UnsafeMutableRawPointer.allocate(byteCount: recordSize << Self.chunkShift, alignment: 16)
    }

    deinit {
        current.deallocate()
        for chunk in owned { chunk.deallocate() }
    }

    /// Remembers where element `id` is; a later element with the same id replaces it.
    /// - Returns: its number.
    @discardableResult
    package func append(_ id: Int64, _ point: OSMPoint) -> Int {
        let number = count
        if unsorted == nil, let last, last >= id { unsorted = dictionary() }
        if unsorted != nil {
            unsorted?[id] = number
        } else if number & Self.chunkMask == 0 || runBases.isEmpty || Self.step(from: runBases[runBases.count - 1], to: id) == nil {
            runBases.append(id)
            runStarts.append(number)
        }
        let step = unsorted == nil ? Self.step(from: runBases[runBases.count - 1], to: id) ?? 0 : 0
        if !(-90...90).contains(point.latitude) || !(-180...180).contains(point.longitude) { offGlobe.insert(number) }
        let record = current + (number & Self.chunkMask) * recordSize
        record.storeBytes(of: step, as: UInt32.self)
        switch precision {
        case .fixedPoint:
            let latitude = Self.fixed(point.latitude)
            let longitude = Self.fixed(point.longitude)
            if Double(latitude) / 1e7 != point.latitude || Double(longitude) / 1e7 != point.longitude { exact[number] = point }
            record.storeBytes(of: latitude, toByteOffset: 4, as: Int32.self)
            record.storeBytes(of: longitude, toByteOffset: 8, as: Int32.self)
        case .doubles:
            record.storeBytes(of: point.latitude, toByteOffset: 4, as: Double.self)
            record.storeBytes(of: point.longitude, toByteOffset: 12, as: Double.self)
        }
        count += 1
        last = id
        if count & Self.chunkMask == 0 { seal() }
        return number
    }

    /// The number of element `id`, or nil when the file does not have it (outside the extract).
    package func number(of id: Int64) -> Int? {
        if let unsorted { return unsorted[id] }
        // The last run whose first id is at most `id`, then the step within it.
        var low = 0
        var high = runBases.count
        while low < high {
            let middle = (low + high) >> 1
            if runBases[middle] <= id { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        let run = low - 1
        guard let step = Self.step(from: runBases[run], to: id) else { return nil }
        let start = runStarts[run]
        let end = run + 1 < runStarts.count ? runStarts[run + 1] : count
        let chunk = chunk(start >> Self.chunkShift)
        var first = start & Self.chunkMask
        var beyond = first + (end - start)
        while first < beyond {
            let middle = (first + beyond) >> 1
            if chunk.load(fromByteOffset: middle * recordSize, as: UInt32.self) < step { first = middle + 1 } else { beyond = middle }
        }
        guard first < (start & Self.chunkMask) + (end - start),
            chunk.load(fromByteOffset: first * recordSize, as: UInt32.self) == step
        else { return nil }
        return start - (start & Self.chunkMask) + first
    }

    /// Where element `id` is, as it came; nil when the file does not have it.
    package subscript(id: Int64) -> OSMPoint? {
        number(of: id).map(point(at:))
    }

    /// Where element `number` is, as it came.
    package func point(at number: Int) -> OSMPoint {
        let record = record(number)
        switch precision {
        case .fixedPoint:
            if !exact.isEmpty, let point = exact[number] { return point }
            let latitude = record.load(fromByteOffset: 4, as: Int32.self)
            let longitude = record.load(fromByteOffset: 8, as: Int32.self)
            return OSMPoint(latitude: Double(latitude) / 1e7, longitude: Double(longitude) / 1e7)
        case .doubles:
            return OSMPoint(
                latitude: record.loadUnaligned(fromByteOffset: 4, as: Double.self),
                longitude: record.loadUnaligned(fromByteOffset: 12, as: Double.self))
        }
    }

    /// Where element `number` is, in fixed point (1e-7 degrees, rounded).
    package func fixed(at number: Int) -> (latitude: Int32, longitude: Int32) {
        let record = record(number)
        switch precision {
        case .fixedPoint:
            return (record.load(fromByteOffset: 4, as: Int32.self), record.load(fromByteOffset: 8, as: Int32.self))
        case .doubles:
            let point = point(at: number)
            return (Self.fixed(point.latitude), Self.fixed(point.longitude))
        }
    }

    private func record(_ number: Int) -> UnsafeRawPointer {
        chunk(number >> Self.chunkShift) + (number & Self.chunkMask) * recordSize
    }

    /// False for a position off the globe, which a walk may not pass.
    package func isOnGlobe(_ number: Int) -> Bool {
        offGlobe.isEmpty || !offGlobe.contains(number)
    }

    private func chunk(_ index: Int) -> UnsafeRawPointer {
        index < sealed.count ? sealed[index] : UnsafeRawPointer(current)
    }

    private func seal() {
        if let spill, let chunk = spill.store(UnsafeRawBufferPointer(start: current, count: chunkBytes)),
            let base = chunk.bytes.baseAddress
        {
            mapped.append(chunk)
            sealed.append(UnsafeRawPointer(base))
            return
        }
        owned.append(current)
        sealed.append(UnsafeRawPointer(current))
        current = UnsafeMutableRawPointer.allocate(byteCount: chunkBytes, alignment: 16)
    }

    /// Every id so far, to its number: for a file that turns out not to be sorted.
    private func dictionary() -> [Int64: Int] {
        var dictionary = [Int64: Int](minimumCapacity: count * 2)
        for run in runBases.indices {
            let end = run + 1 < runStarts.count ? runStarts[run + 1] : count
            for number in runStarts[run]..<end {
                dictionary[runBases[run] + Int64(record(number).load(as: UInt32.self))] = number
            }
        }
        return dictionary
    }

    /// How far `id` is past `base`, when a step holds it (ids far apart, even at the ends of
    /// `Int64` in a hand-made file, start a run of their own).
    private static func step(from base: Int64, to id: Int64) -> UInt32? {
        let (distance, overflow) = id.subtractingReportingOverflow(base)
        guard !overflow, distance >= 0 else { return nil }
        return UInt32(exactly: distance)
    }

    /// Degrees as 1e-7 fixed point, rounded; a value out of its range is kept aside as it came.
    private static func fixed(_ degrees: Double) -> Int32 {
        let scaled = (degrees * 1e7).rounded()
        guard abs(scaled) <= Double(Int32.max) else { return 0 }
        return Int32(scaled)
    }
}
