import Foundation
import OSMFormat
import Testing

@Suite struct PBFErrorTests {
    /// Offsets where one blob ends and the next begins: a file cut there is a valid, shorter PBF.
    private func blobBoundaries(_ data: Data) -> Set<Int> {
        let bytes = [UInt8](data)
        var boundaries: Set<Int> = [0]
        var offset = 0
        while offset + 4 <= bytes.count {
            let headerLength = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            // BlobHeader: type (field 1) then datasize (field 3, a varint) as the last field.
            var index = offset + 4 + headerLength - 1
            var dataSize = 0
            var shift = 0
            var start = index
            while start > offset + 4 && bytes[start - 1] >= 0x80 { start -= 1 }
            index = start
            while index < offset + 4 + headerLength {
                dataSize |= Int(bytes[index] & 0x7F) << shift
                shift += 7
                index += 1
            }
            offset += 4 + headerLength + dataSize
            boundaries.insert(offset)
        }
        return boundaries
    }

    @Test(arguments: ["sample.osm.pbf", "sample-plain.osm.pbf"])
    func everyCutThrowsTruncated(file: String) throws {
        let data = try TestFiles.fixture(file)
        let boundaries = blobBoundaries(data)
        #expect(boundaries.contains(data.count), "the blob walk must end at the end of the file")
        for cut in stride(from: 1, to: data.count, by: 7) where !boundaries.contains(cut) {
            let failure = #expect(throws: OSMFormatError.self, "cut at \(cut)") { try readAll(data.prefix(cut)) }
            if cut >= 6 {
                #expect(failure?.message.hasSuffix("it is truncated") == true, "cut at \(cut): \(String(describing: failure))")
                #expect(failure?.location?.hasPrefix("byte ") == true)
            }
        }
    }

    @Test func truncationNamesTheBlob() throws {
        let data = try TestFiles.fixture("sample.osm.pbf")
        let failure = #expect(throws: OSMFormatError.self) { try readAll(data.prefix(data.count - 1)) }
        #expect(failure?.message == "the file ends inside a PBF blob: it is truncated")
        let boundaries = blobBoundaries(data).sorted()
        let lastBlob = boundaries[boundaries.count - 2]
        #expect(failure?.location == "byte \(lastBlob) (blob \(boundaries.count - 1))")
    }

    @Test func absurdBlobHeaderLength() throws {
        var data = try TestFiles.fixture("sample.osm.pbf")
        let secondBlob = blobBoundaries(data).sorted()[1]
        data.replaceSubrange(secondBlob..<(secondBlob + 4), with: [0x7F, 0xFF, 0xFF, 0xFF])
        let failure = #expect(throws: OSMFormatError.self) { try readAll(data) }
        #expect(failure?.message == "a PBF blob header claims 2147483647 bytes, more than the format's 64 KiB: the file is corrupt")
        #expect(failure?.location == "byte \(secondBlob) (blob 2)")
    }

    @Test func absurdBlobDataSize() throws {
        // A header blob whose BlobHeader says datasize = 2^62.
        var bytes: [UInt8] = [0x0A, 0x09] + Array("OSMHeader".utf8) + [0x18]
        bytes += [0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x40]
        let data = Data([0, 0, 0, UInt8(bytes.count)] + bytes)
        let failure = #expect(throws: OSMFormatError.self) { try readAll(data) }
        #expect(failure?.message == "a PBF blob claims 4611686018427387904 bytes, more than the format's 32 MiB: the file is corrupt")
        #expect(failure?.location == "byte 0 (blob 1)")
    }

    /// Bytes flipped inside the blobs give errors or other values, never a trap.
    @Test(arguments: ["sample.osm.pbf", "sample-plain.osm.pbf"])
    func corruptedBytesNeverTrap(file: String) throws {
        let original = try TestFiles.fixture(file)
        for position in 0..<original.count {
            for value: UInt8 in [0x00, 0xFF, 0x80] {
                var data = original
                data[data.startIndex + position] = value
                _ = try? readAll(data)
            }
        }
    }

    @Test func unsupportedCompression() throws {
        // Header blob whose Blob has lzma_data (field 4).
        let blob: [UInt8] = [0x10, 0x01, 0x22, 0x01, 0x00]
        let header: [UInt8] = [0x0A, 0x09] + Array("OSMHeader".utf8) + [0x18, UInt8(blob.count)]
        let data = Data([0, 0, 0, UInt8(header.count)] + header + blob)
        let failure = #expect(throws: OSMFormatError.self) { try readAll(data) }
        #expect(failure?.message.hasPrefix("this PBF blob is LZMA-compressed, which this reader does not support") == true)
    }

    @Test func unsupportedRequiredFeature() throws {
        // A raw HeaderBlock with required_features = "FancyFeature".
        let feature = Array("FancyFeature".utf8)
        let headerBlock: [UInt8] = [0x22, UInt8(feature.count)] + feature
        let blob: [UInt8] = [0x0A, UInt8(headerBlock.count)] + headerBlock
        let header: [UInt8] = [0x0A, 0x09] + Array("OSMHeader".utf8) + [0x18, UInt8(blob.count)]
        let data = Data([0, 0, 0, UInt8(header.count)] + header + blob)
        let failure = #expect(throws: OSMFormatError.self) { try readAll(data) }
        #expect(failure?.message == "this PBF file requires the feature \"FancyFeature\", which this reader does not support")
        #expect(failure?.location == "byte 0 (blob 1)")
    }
}
