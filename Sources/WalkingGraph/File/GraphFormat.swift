import PlaceCore

/// The walking graph file (`places.walk` beside `places.sqlite`), version 2. Little-endian, every
/// section 8-byte aligned, used in place after mmap.
///
/// ```
/// 0    "PLCSWALK"                                   magic
/// 8    u32 version (2)         u32 header size (384)
/// 16   u64 file size
/// 24   u32 nodes   u32 arcs    u32 chains   u32 points
/// 40   u32 names   u32 components   u32 ways   u32 cell entries
/// 56   i32 grid south   i32 grid west   i32 cell height   i32 cell width   (1e-7 degrees)
/// 72   u32 grid rows    u32 grid columns
/// 80   i32 south, west, north, east of every point (1e-7 degrees)
/// 96   14 × (u64 offset, u64 length), one per ``Section``
/// 320  u64 checksum of the body (every byte after the header; ``bodyChecksum(_:)``)
/// 328  u32 areas   u32 area points   u32 area anchors
/// 376  u64 FNV-1a of bytes 0..<376
/// ```
///
/// Sections:
/// - nodePositions: i32 latitude, i32 longitude per node (a junction or the end of a way).
/// - firstArc: u32 × (nodes + 1); node n's arcs are firstArc[n]..<firstArc[n+1].
/// - arcs, 12 bytes: u32 target node, f32 metres, u32 chain with two flags on top (bit 31: may be
///   walked from the node to the target; bit 30: from the target to the node).
/// - nodeComponents: u32 per node; componentSizes: u32 nodes per component.
/// - chains, 28 bytes: u32 first point, u32 point count (both ends included), u32 start node,
///   u32 end node, f32 metres, u32 name (0xFFFFFFFF: none), u8 ``WayKind``, u8 directions
///   (bit 0 start → end, bit 1 end → start), u8 ``WayTraits`` (tunnel, covered, restricted,
///   across an area), 1 byte padding. Sorted by first point.
/// - points: i32 latitude, i32 longitude, chain after chain.
/// - nameOffsets: u32 × (names + 1) into nameBytes (UTF-8).
/// - cellFirst: u32 × (rows × columns + 1) into cellEntries; cellEntries: u32 index of the first
///   point of a segment passing through the cell (row-major cells of the grid).
/// - areas, 40 bytes, one per pedestrian area: u32 first area point, u32 area point count, u32
///   first anchor, u32 anchor count, u32 name, u8 ``WayKind``, u8 ``WayTraits``, 2 bytes padding,
///   i32 south, west, north, east.
/// - areaPoints: i32 latitude, i32 longitude; each ring of an area, then a ``ringBreak`` pair.
/// - areaAnchors: u32 node: where a walk from a point inside the area goes straight to.
///
/// Version 1 (before pedestrian areas and traits) is refused as ``WalkingGraphError/Problem/unsupportedVersion(_:)``,
/// which is rebuildable: the store builds it again from its OpenStreetMap file.
enum GraphFormat {
    static let magic: [UInt8] = Array("PLCSWALK".utf8)
    static let version: UInt32 = 2
    static let headerSize = 384
    static let sectionTableOffset = 96
    static let bodyChecksumOffset = 320
    static let areaCountsOffset = 328
    static let headerChecksumOffset = 376
    static let arcSize = 12
    static let chainSize = 28
    static let areaSize = 40
    /// The latitude and longitude that end a ring in areaPoints: off the globe.
    static let ringBreak = Int32.min
    static let noName = UInt32.max

    enum Section: Int, CaseIterable {
        case nodePositions, firstArc, arcs, nodeComponents, componentSizes, chains, points, nameOffsets, nameBytes
        case cellFirst, cellEntries, areas, areaPoints, areaAnchors

        var stride: Int {
            switch self {
            case .nodePositions, .points, .areaPoints: 8
            case .arcs: GraphFormat.arcSize
            case .chains: GraphFormat.chainSize
            case .areas: GraphFormat.areaSize
            case .nameBytes: 1
            case .firstArc, .nodeComponents, .componentSizes, .nameOffsets, .cellFirst, .cellEntries, .areaAnchors: 4
            }
        }
    }

    /// A checksum of the body fast enough to run on every open: four independent multiply-rotate
    /// lanes over 8-byte words (about 1 ms for 10 MB), then the bytes that do not fill a word.
    static func bodyChecksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (
            0x9E37_79B9_7F4A_7C15, 0xC2B2_AE3D_27D4_EB4F, 0x1656_67B1_9E37_79F9, 0x27D4_EB2F_1656_67C5
        )
        let prime: UInt64 = 0x9E37_79B9_7F4A_7C15
        @inline(__always) func mix(_ lane: UInt64, _ word: UInt64) -> UInt64 {
            let value = (lane ^ word) &* prime
            return (value << 29) | (value >> 35)
        }
        let count = bytes.count
        var offset = 0
        if let base = bytes.baseAddress {
            while offset + 32 <= count {
                lanes.0 = mix(lanes.0, base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                lanes.1 = mix(lanes.1, base.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self))
                lanes.2 = mix(lanes.2, base.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self))
                lanes.3 = mix(lanes.3, base.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self))
                offset += 32
            }
        }
        var hash = mix(mix(mix(mix(UInt64(count), lanes.0), lanes.1), lanes.2), lanes.3)
        while offset < count {
            hash = mix(hash, UInt64(bytes[offset]))
            offset += 1
        }
        return hash
    }
}
