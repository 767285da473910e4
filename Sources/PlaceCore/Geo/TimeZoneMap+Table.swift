import CTimeZoneMap
import Foundation
import PlaceBytes

extension TimeZoneMap {
    /// The table's bytes and how to walk them. The format (all numbers little-endian):
    ///
    /// | bytes | what |
    /// | --- | --- |
    /// | 4 | `PTZM` |
    /// | 2 | version, 1 |
    /// | 2 | Z, the named zones; zone 0 is the open sea, 1…Z the names in order |
    /// | 4 × 5 | the sizes: names' bytes, N nodes, L zone leaves, S split leaves, P zone pairs |
    /// | 4 | Adler-32 of everything after these 32 bytes |
    /// | 16 | the source, ASCII padded with NULs |
    /// | names | Z names, each ended by a NUL |
    /// | N | the nodes breadth-first, root first: a byte per node, 2 bits per child (SW, SE, NW, NE from bit 0): 0 a zone, 1 a split, 2 a node |
    /// | 12 × ⌈N/16⌉ | before every 16th node, how many children of the nodes before it are nodes, zones and splits |
    /// | 2 × L | the zone leaves in order: a zone number |
    /// | 4 × S | the split leaves in order: a pair (u16), the line's angle (u8) and offset (u8) |
    /// | 4 × P | the pairs: two zone numbers (u16 each) |
    ///
    /// The root covers the world, longitude −180…180 by latitude −90…90; each node splits its cell
    /// in four. Children that are nodes are numbered in the order they appear, so the k-th node
    /// child found breadth-first is node k + 1: the directory gives that count without pointers.
    /// A split leaf holds a border as a straight line across its cell: a point on the line's near
    /// side is in the pair's first zone, else in its second.
    struct Table: @unchecked Sendable {
        enum Storage {
            case copy([UInt8])
            case embedded(UnsafeRawBufferPointer)
        }

        static let headerSize = 48
        static let magic: [UInt8] = Array("PTZM".utf8)

        /// Keeps a copied table's bytes alive; `base` points into them.
        private let owner: MappedFile?
        private let base: UnsafeRawPointer
        let count: Int
        let names: [String]
        let source: String
        let nodeCount: Int
        let zoneLeafCount: Int
        let splitCount: Int
        let pairCount: Int
        private let kindsOffset: Int
        private let directoryOffset: Int
        private let zonesOffset: Int
        private let splitsOffset: Int
        private let pairsOffset: Int

        init(storage: Storage) throws(TimeZoneMapError) {
            switch storage {
            case .copy(let bytes):
                let copy = MappedFile(copying: bytes)
                owner = copy
                base = copy.base
                count = copy.size
            case .embedded(let buffer):
                guard let start = buffer.baseAddress else { throw TimeZoneMapError(reason: "it is empty") }
                owner = nil
                base = start
                count = buffer.count
            }
            guard count >= Self.headerSize else { throw TimeZoneMapError(reason: "\(count) bytes, fewer than its header's \(Self.headerSize)") }
            let base = self.base
            func u16(_ offset: Int) -> Int { Int(UInt16(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt16.self))) }
            func u32(_ offset: Int) -> Int { Int(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self))) }
            guard (0..<4).allSatisfy({ base.load(fromByteOffset: $0, as: UInt8.self) == Self.magic[$0] }) else {
                throw TimeZoneMapError(reason: "it does not start with PTZM")
            }
            guard u16(4) == 1 else { throw TimeZoneMapError(reason: "version \(u16(4)), not 1") }
            let zoneCount = u16(6)
            let namesSize = u32(8)
            nodeCount = u32(12)
            zoneLeafCount = u32(16)
            splitCount = u32(20)
            pairCount = u32(24)
            let directorySize = 12 * ((nodeCount + 15) / 16)
            kindsOffset = Self.headerSize + namesSize
            directoryOffset = kindsOffset + nodeCount
            zonesOffset = directoryOffset + directorySize
            splitsOffset = zonesOffset + 2 * zoneLeafCount
            pairsOffset = splitsOffset + 4 * splitCount
            let expected = pairsOffset + 4 * pairCount
            guard nodeCount > 0, expected == count else {
                throw TimeZoneMapError(reason: "its sections add up to \(expected) bytes, not the \(count) it has")
            }
            let stored = UInt32(u32(28))
            let computed = places_time_zone_map_adler32(
                base.advanced(by: 32).assumingMemoryBound(to: UInt8.self), count - 32)
            guard stored == computed else { throw TimeZoneMapError(reason: "its checksum does not match its bytes") }

            let nameBytes = UnsafeRawBufferPointer(start: base.advanced(by: Self.headerSize), count: namesSize)
            let parts = nameBytes.split(separator: 0, omittingEmptySubsequences: false)
            // Z names, each ended by a NUL: Z + 1 parts, the last one empty.
            guard parts.count == zoneCount + 1, parts.last?.isEmpty == true, parts.dropLast().allSatisfy({ !$0.isEmpty }) else {
                throw TimeZoneMapError(reason: "its list of zone names is not \(zoneCount) names")
            }
            names = parts.dropLast().map { String(decoding: $0, as: UTF8.self) }
            let sourceBytes = UnsafeRawBufferPointer(start: base.advanced(by: 32), count: 16)
            source = String(decoding: sourceBytes.prefix { $0 != 0 }, as: UTF8.self)
        }

        @inline(__always) private func u8(_ offset: Int) -> Int { Int(base.load(fromByteOffset: offset, as: UInt8.self)) }

        @inline(__always) private func u16(_ offset: Int) -> Int {
            Int(UInt16(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt16.self)))
        }

        @inline(__always) private func u32(_ offset: Int) -> Int {
            Int(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
        }

        /// The zone number at a point (0 for the open sea), or nil where the bytes point outside
        /// themselves (which a table that passed its checksum never does).
        func zoneNumber(latitude: Double, longitude: Double) -> Int? {
            // The position as 32-bit fractions of the world: each level of the tree takes one bit
            // of each, and the bits below the leaf's place the point inside its cell.
            let x = Self.fraction((longitude + 180) / 360)
            let y = Self.fraction((latitude + 90) / 180)
            var node = 0
            for depth in 0..<32 {
                guard node < nodeCount else { return nil }
                let child = Int((y >> (31 - depth)) & 1) << 1 | Int((x >> (31 - depth)) & 1)
                let kinds = u8(kindsOffset + node)
                let kind = (kinds >> (2 * child)) & 3
                // How many children before this one, in the whole breadth-first order, are of its kind.
                let block = node / 16
                var before = u32(directoryOffset + 12 * block + 4 * Self.directorySlot(kind))
                for earlier in (block * 16)..<node { before += Self.count(kind, in: u8(kindsOffset + earlier)) }
                for sibling in 0..<child where (kinds >> (2 * sibling)) & 3 == kind { before += 1 }
                switch kind {
                case 0:
                    guard before < zoneLeafCount else { return nil }
                    return u16(zonesOffset + 2 * before)
                case 1:
                    guard before < splitCount else { return nil }
                    let split = splitsOffset + 4 * before
                    let pair = u16(split)
                    guard pair < pairCount else { return nil }
                    let first = Self.nearSide(x: x, y: y, depth: depth + 1, angle: u8(split + 2), offset: u8(split + 3))
                    return u16(pairsOffset + 4 * pair + (first ? 0 : 2))
                case 2:
                    node = before + 1
                default:
                    return nil
                }
            }
            return nil
        }

        /// Kinds 2 (node), 0 (zone), 1 (split) are the directory's first, second and third count.
        @inline(__always) private static func directorySlot(_ kind: Int) -> Int { kind == 2 ? 0 : kind + 1 }

        @inline(__always) private static func count(_ kind: Int, in kinds: Int) -> Int {
            var total = 0
            for child in 0..<4 where (kinds >> (2 * child)) & 3 == kind { total += 1 }
            return total
        }

        /// `value` in 0…1 as a 32-bit fraction, the top end kept inside.
        @inline(__always) static func fraction(_ value: Double) -> UInt64 {
            let scaled = (value * 4_294_967_296).rounded(.down)
            return scaled.isNaN || scaled < 0 ? 0 : scaled >= 4_294_967_295 ? 4_294_967_295 : UInt64(scaled)
        }

        /// Whether the point lies on the near side of a split's line, in whole numbers so that this
        /// reader and the script that drew the lines agree to the last bit. (u, v) is the point in its
        /// cell in 1/65536ths; the line's normal points at angle × 2π/256, and its signed distance from
        /// the cell's centre is (offset − 128) × `step`.
        static func nearSide(x: UInt64, y: UInt64, depth: Int, angle: Int, offset: Int) -> Bool {
            let u = Int64(((x << depth) & 0xFFFF_FFFF) >> 16) - 32_768
            let v = Int64(((y << depth) & 0xFFFF_FFFF) >> 16) - 32_768
            let (cosine, sine) = directions[angle]
            return u * cosine + v * sine < Int64(offset - 128) * step
        }

        /// 0.7072 cell widths (just over half the diagonal) in the units of u × cosine, over 128.
        static let step: Int64 = 5_932_385

        /// cos and sin of angle × 2π/256, times 16384 and rounded: the script uses the same numbers.
        static let directions: [(Int64, Int64)] = (0..<256).map { angle in
            let radians = Double(angle) * (2 * Double.pi / 256)
            return (Int64((cos(radians) * 16_384).rounded()), Int64((sin(radians) * 16_384).rounded()))
        }
    }
}
