import Foundation
import PlaceBytes

/// The places of one import, each kept as its bytes (about 80 for an address) rather than as an
/// ``ImportedPlace``, whose strings and tag dictionary take about 700. At a country's size the
/// places are what an import holds longest: made once the file is read, sorted and merged, then
/// written to the store while the name index is built from them on another thread. A place is
/// made again from its bytes each time it is read.
///
/// Places are kept in megabyte chunks (``ByteChunks``). Setting a place writes its new bytes after
/// the others; the old ones stay until the list goes.
/// Moving places (``reorder(_:)``, ``swapAt(_:_:)``, ``keep(_:)``) moves only where they start.
public struct ImportedPlaceList: RandomAccessCollection, MutableCollection, ExpressibleByArrayLiteral, Sendable, Equatable {
    private var chunks = ByteChunks()
    /// Where each place starts in `chunks`.
    private var starts: [Int] = []
    /// Where a place is encoded before it is copied to its chunk.
    private var scratch: [UInt8] = []

    /// Makes an empty list that keeps all its chunks in memory.
    public init() {}

    /// A list whose full chunks go to a file in `directory` and are read back through a mapping
    /// (``ByteChunks``): for a country's places, which need not then fit in memory.
    public init(spillingTo directory: String?) {
        chunks = ByteChunks(spillingTo: directory)
    }

    /// Makes a list of `places`, in their order.
    public init<Places: Sequence<ImportedPlace>>(_ places: Places) {
        for place in places { append(place) }
    }

    /// Makes a list of the places in the literal, in their order.
    public init(arrayLiteral places: ImportedPlace...) {
        self.init(places)
    }

    /// The position of the first place: always 0.
    public var startIndex: Int { 0 }
    /// The position after the last place: the number of places.
    public var endIndex: Int { starts.count }

    /// The place at `position`, made again from its bytes on every read; setting one writes its bytes after the others.
    public subscript(position: Int) -> ImportedPlace {
        get { withBytes(at: position) { PlaceBytes.decode($0) } }
        set { starts[position] = store(newValue) }
    }

    /// Adds `place` at the end, as its bytes.
    public mutating func append(_ place: ImportedPlace) {
        starts.append(store(place))
    }

    /// Puts `other`'s places after these, in their order, without copying them: places made on
    /// another thread join the list this way.
    public mutating func append(contentsOf other: ImportedPlaceList) {
        let shift = chunks.append(contentsOf: other.chunks)
        starts.reserveCapacity(starts.count + other.starts.count)
        for start in other.starts { starts.append(start + shift) }
    }

    /// Makes room for `count` places in the list of where places start (not for their bytes).
    public mutating func reserveCapacity(_ count: Int) {
        starts.reserveCapacity(count)
    }

    /// Swaps the places at `i` and `j` by swapping where they start; no bytes move.
    public mutating func swapAt(_ i: Int, _ j: Int) {
        starts.swapAt(i, j)
    }

    /// Puts the places in `order`: position k takes the place that was at `order[k]`.
    public mutating func reorder(_ order: [Int]) {
        precondition(order.count == starts.count, "an order names every place once")
        starts = order.map { starts[$0] }
    }

    /// Keeps the places whose flag in `kept` is set, in their order.
    public mutating func keep(_ kept: [Bool]) {
        var next = 0
        for position in starts.indices where kept[position] {
            starts[next] = starts[position]
            next += 1
        }
        starts.removeLast(starts.count - next)
    }

    // MARK: Reading one field without making the place

    /// The kind of the place at `position`, read from its first byte (a point of interest when the byte names no kind).
    public func kind(at position: Int) -> NameKind {
        withBytes(at: position) { NameKind(rawValue: $0[0]) ?? .poi }
    }

    /// Whether the name of the place at `position` goes into the autocomplete index, read without making the place.
    public func isIndexed(at position: Int) -> Bool {
        withBytes(at: position) { $0[1] & PlaceBytes.indexed != 0 }
    }

    /// The position of the place at `position`, read from its fixed place in the bytes without
    /// making the place (the extent of a country's million places).
    public func coordinate(at position: Int) -> Coordinate? {
        withBytes(at: position) { bytes in
            guard bytes[1] & PlaceBytes.located != 0 else { return nil }
            var reader = ByteRecordReader(bytes, at: 6)
            let latitude = Double(bitPattern: reader.number(width: 8))
            return try? Coordinate(latitude: latitude, longitude: Double(bitPattern: reader.number(width: 8)))
        }
    }

    /// The place's record without its tags: what the name index and the extent need.
    public func record(at position: Int) -> NameRecord {
        withBytes(at: position) { PlaceBytes.decodeRecord($0) }
    }

    /// The main tag of the place at `position` (`amenity=cafe`), nil when it has none; read without making the place.
    public func category(at position: Int) -> String? {
        withFields(at: position) { fields in fields.category.map { String(decoding: $0, as: UTF8.self) } }
    }

    /// The id of the place at `position` (`osm:node/123`), read without making the place.
    public func id(at position: Int) -> String {
        withBytes(at: position) { bytes in PlaceBytes.withID(bytes) { String(decoding: $0, as: UTF8.self) } }
    }

    /// Whether the places at `a` and `b` have the same id, byte for byte (as SQLite compares them).
    public func sameID(_ a: Int, _ b: Int) -> Bool {
        compareIDs(a, b) == 0
    }

    /// Whether both lists hold equal places in the same order, wherever their bytes lie.
    public static func == (left: ImportedPlaceList, right: ImportedPlaceList) -> Bool {
        left.count == right.count && left.elementsEqual(right)
    }

    // MARK: Bytes

    func compareIDs(_ a: Int, _ b: Int) -> Int {
        withBytes(at: a) { left in
            withBytes(at: b) { right in
                PlaceBytes.withID(left) { leftID in
                    PlaceBytes.withID(right) { rightID in
                        let shared = Swift.min(leftID.count, rightID.count)
                        if shared > 0, let l = leftID.baseAddress, let r = rightID.baseAddress {
                            let order = memcmp(l, r, shared)
                            if order != 0 { return Int(order) }
                        }
                        return leftID.count - rightID.count
                    }
                }
            }
        }
    }

    func withBytes<Result>(at position: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        chunks.withRecord(at: starts[position], body)
    }

    /// Writes `place`'s bytes after the others' and says where they start.
    private mutating func store(_ place: ImportedPlace) -> Int {
        PlaceBytes.encode(place, into: &scratch)
        return chunks.append(scratch)
    }
}
