import Foundation
import OSMFormat
import Testing

/// PBF encodings that the fixtures (written by osmium) do not contain.
@Suite struct PBFEncodingTests {
    private typealias PB = ProtobufWriter

    /// A PrimitiveBlock with the string table ["", "name", "Kerk", "outer"], granularity and offsets.
    private func block(_ group: [UInt8], granularity: UInt64? = nil, latitudeOffset: Int64 = 0) -> [UInt8] {
        PB.message { block in
            block.field(
                1,
                bytes: PB.message { table in
                    for string in ["", "name", "Kerk", "outer"] { table.field(1, string: string) }
                })
            block.field(2, bytes: group)
            if let granularity { block.field(17, varint: granularity) }
            if latitudeOffset != 0 { block.field(19, varint: UInt64(bitPattern: latitudeOffset)) }
        }
    }

    @Test func unpackedRepeatedFields() throws {
        let group = PB.message { group in
            group.field(
                1,
                bytes: PB.message { node in  // plain Node, keys and vals one field each
                    node.field(1, sint: -5)
                    node.field(2, varint: 1)
                    node.field(3, varint: 2)
                    node.field(8, sint: 523_700_000)
                    node.field(9, sint: 48_900_000)
                })
            group.field(
                3,
                bytes: PB.message { way in  // refs as separate delta fields
                    way.field(1, varint: 7)
                    for delta: Int64 in [100, 1, -2] { way.field(8, sint: delta) }
                })
            group.field(
                4,
                bytes: PB.message { relation in
                    relation.field(1, varint: 9)
                    relation.field(8, varint: 3)
                    relation.field(9, sint: 7)
                    relation.field(10, varint: 1)
                })
        }
        let result = try readAll(PB.pbfFile(blocks: [block(group)]))
        #expect(
            result.elements == [
                .node(OSMNode(id: -5, latitude: 52.37, longitude: 4.89, tags: ["name": "Kerk"])),
                .way(OSMWay(id: 7, nodeRefs: [100, 101, 99])),
                .relation(OSMRelation(id: 9, members: [.init(type: .way, ref: 7, role: "outer")])),
            ])
    }

    @Test func granularityOffsetsAndHistoryVisibility() throws {
        let dense = PB.message { dense in
            dense.field(1, bytes: PB.message { for delta: Int64 in [10, 1, 1] { $0.varint(UInt64(bitPattern: (delta << 1) ^ (delta >> 63))) } })
            // DenseInfo.visible (field 6, packed): the second node is a deleted version.
            dense.field(5, bytes: PB.message { $0.field(6, bytes: [1, 0, 1]) })
            dense.field(8, bytes: PB.message { for delta: Int64 in [1000, 1, 1] { $0.varint(UInt64(bitPattern: (delta << 1) ^ (delta >> 63))) } })
            dense.field(9, bytes: PB.message { for delta: Int64 in [-2000, 0, 0] { $0.varint(UInt64(bitPattern: (delta << 1) ^ (delta >> 63))) } })
            dense.field(10, bytes: [0, 0, 1, 2, 0])  // no tags, (deleted), name=Kerk
        }
        let group = PB.message { $0.field(2, bytes: dense) }
        let result = try readAll(PB.pbfFile(blocks: [block(group, granularity: 1000, latitudeOffset: 50_000_000_000)]))
        #expect(result.nodes.map(\.id) == [10, 12])
        #expect(abs(result.nodes[0].latitude - 50.001) < 1e-12)
        #expect(abs(result.nodes[0].longitude - -0.002) < 1e-12)
        #expect(abs(result.nodes[1].latitude - 50.001002) < 1e-12)
        #expect(result.nodes[1].tags == ["name": "Kerk"])
    }

    @Test func stringIndexOutsideTheTable() throws {
        let group = PB.message { group in
            group.field(
                3,
                bytes: PB.message { way in
                    way.field(1, varint: 7)
                    way.field(2, varint: 40)
                    way.field(3, varint: 2)
                })
        }
        let failure = #expect(throws: OSMFormatError.self) { try readAll(PB.pbfFile(blocks: [block(group)])) }
        #expect(failure?.message == "a PrimitiveBlock is corrupt: string 40 is outside the string table of 4 strings")
        #expect(failure?.location?.hasSuffix("(blob 2)") == true)
    }

    @Test func hostileVarintsAndLengths() throws {
        let tenByteVarint: [UInt8] = Array(repeating: 0xFF, count: 11)
        let group = PB.message { group in
            group.field(3, bytes: [0x08] + tenByteVarint)  // way id: a varint longer than ten bytes
        }
        let failure = #expect(throws: OSMFormatError.self) { try readAll(PB.pbfFile(blocks: [block(group)])) }
        #expect(failure?.message == "a PrimitiveBlock is corrupt: a varint is longer than ten bytes")
        // A length that runs past the end of its message.
        let longField = PB.message {
            $0.varint(3 << 3 | 2); $0.varint(UInt64.max)
        }
        let failure2 = #expect(throws: OSMFormatError.self) { try readAll(PB.pbfFile(blocks: [block(longField)])) }
        #expect(failure2?.message.contains("bytes left in its message") == true)
        // Extreme deltas and granularity wrap instead of trapping.
        let extreme = PB.message { group in
            group.field(
                1,
                bytes: PB.message { node in
                    node.field(1, sint: .max)
                    node.field(8, sint: .min)
                    node.field(9, sint: .max)
                })
            group.field(
                3,
                bytes: PB.message { way in
                    way.field(1, varint: .max)
                    way.field(8, sint: .max)
                    way.field(8, sint: .max)
                })
        }
        _ = try readAll(PB.pbfFile(blocks: [block(extreme, granularity: UInt64(Int64.max))]))
    }

    @Test func dataBeforeTheHeaderIsRefused() throws {
        var data = PB.pbfFile(blocks: [block([])])
        // Rename the header blob's type: "OSMHeader" becomes "OSMHeadeX", so only data remains.
        let range = try #require(data.range(of: Data("OSMHeader".utf8)))
        data[range.upperBound - 1] = UInt8(ascii: "X")
        let failure = #expect(throws: OSMFormatError.self) { try readAll(data) }
        #expect(failure?.message.hasPrefix("not an OpenStreetMap file") == true)
    }
}
