import PlaceBytes
import PlaceCore

/// Where the heavy prefix nodes go as they are found: each node's list of smallest entries into
/// a part of the node lists section, and the node, keyed for its place in the nodes section,
/// into a sort. Passes 3 and 4 each have one, so that they can run side by side; pass 4's lists
/// follow pass 3's in the file (``appendShifted(to:by:)``), as when they ran one after the other.
final class NodeSink {
    let order: ExternalSorter
    let lists: ByteOutput
    /// Entries written to `lists` so far.
    private(set) var count = 0
    private var key = ByteWriter()

    init(order: ExternalSorter, lists: ByteOutput) {
        self.order = order
        self.lists = lists
    }

    /// Key: u32 first string, u32 end (big-endian, the order), u8 segment, u8 kind, then u32 list
    /// offset, u32 list length, u32 total (little-endian, copied into the section as they are).
    func emit(_ found: PrefixNodeBuilder.Node, segment: Int, kind: UInt8) throws(IndexBuildError) {
        key.data.removeAll(keepingCapacity: true)
        key.key32(UInt32(found.strings.lowerBound))
        key.key32(UInt32(found.strings.upperBound))
        key.u8(UInt8(segment))
        key.u8(kind)
        key.u32(UInt32(count))
        key.u32(UInt32(found.entries.count))
        key.u32(UInt32(min(found.total, Int(UInt32.max))))
        try order.add(key.data)
        for value in found.entries {
            try lists.u32(UInt32(truncatingIfNeeded: value >> 32))
            try lists.u32(UInt32(truncatingIfNeeded: value))
        }
        count += found.entries.count
    }

    /// A node of pass 3, whose lists are (kind segment, posting class) pairs.
    func emitWordNode(_ found: PrefixNodeBuilder.Node) throws(IndexBuildError) {
        try emit(found, segment: found.list / 2, kind: UInt8(found.list % 2))
    }

    /// Adds this sink's nodes to `other`'s sort with their list offsets moved by `offset` (the
    /// entries in front of this sink's lists). The two sinks' nodes never tie on the sorted
    /// fields (their kinds differ), so the moved offsets change no order.
    func appendShifted(to other: NodeSink, by offset: Int) throws(IndexBuildError) {
        let sorted = try order.sorted()
        var moved: [UInt8] = []
        while let node = try sorted.next() {
            guard node.count == 22 else { continue }
            moved.removeAll(keepingCapacity: true)
            moved.append(contentsOf: node)
            let shifted = UInt32(truncatingIfNeeded: Int(node.loadUnaligned(fromByteOffset: 10, as: UInt32.self).littleEndian) + offset)
            withUnsafeBytes(of: shifted.littleEndian) { bytes in for index in 0..<4 { moved[10 + index] = bytes[index] } }
            try other.order.add(moved)
        }
    }
}
