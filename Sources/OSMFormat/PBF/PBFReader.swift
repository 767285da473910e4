/// Reads an OSM PBF file: a sequence of blobs, each a 4-byte big-endian length, a BlobHeader and a
/// Blob (raw or zlib). The first blob is the "OSMHeader"; the others are "OSMData" PrimitiveBlocks.
/// Errors name the byte offset of the blob and its number (the header is blob 1).
enum PBFReader {
    /// The format's own limits: a BlobHeader under 64 KiB, a blob under 32 MiB. Larger values come
    /// from a corrupt file or one that is not PBF, and are refused before anything is allocated.
    static let maximumHeaderSize = 64 * 1024
    static let maximumBlobSize = 32 * 1024 * 1024

    static func read(
        _ bytes: UnsafeBufferPointer<UInt8>, progress: inout ProgressReporter,
        header: (OSMFileHeader) throws -> Void, element: (OSMElement) throws -> Void
    ) throws {
        var offset = 0
        var blobNumber = 0
        var sawHeader = false
        var decoder = PBFBlockDecoder()
        while offset < bytes.count {
            blobNumber += 1
            let location = "byte \(offset) (blob \(blobNumber))"
            func failure(_ message: String) -> OSMFormatError { OSMFormatError(location: location, message: message) }

            let blob = try frame(bytes, at: offset, failure: failure)
            switch blob.type {
            case "OSMHeader":
                guard !sawHeader else { break }  // a second header (concatenated files) adds nothing
                sawHeader = true
                let fileHeader: OSMFileHeader
                do {
                    fileHeader = try withPayload(bytes, blob, failure: failure) { payload in try PBFHeaderBlock.decode(payload) }
                } catch let error as ProtobufError {
                    throw failure("the OSMHeader block is corrupt: \(error.message)")
                } catch let error as PBFHeaderBlock.UnsupportedFeature {
                    throw failure("this PBF file requires the feature \"\(error.name)\", which this reader does not support")
                }
                try header(fileHeader)
            case "OSMData":
                guard sawHeader else { throw failure("not an OpenStreetMap file: the PBF data starts without an OSMHeader blob") }
                do {
                    try withPayload(bytes, blob, failure: failure) { payload in try decoder.decode(payload, element: element) }
                } catch let error as ProtobufError {
                    throw failure("a PrimitiveBlock is corrupt: \(error.message)")
                }
            default:
                break  // the format says readers skip blob types they do not know
            }
            offset = blob.end
            progress.report(offset)
        }
        guard sawHeader else { throw OSMFormatError(location: "byte 0", message: "not an OpenStreetMap file: the PBF file has no OSMHeader blob") }
    }

    /// One blob's framing: where its type and data are.
    private struct Blob {
        var type: String
        var data: Range<Int>
        var end: Int
    }

    private static func frame(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, failure: (String) -> OSMFormatError) throws -> Blob {
        let remaining = bytes.count - offset
        guard remaining >= 4 else { throw failure("the file ends inside the length of a PBF blob header: it is truncated") }
        let headerLength = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
        guard headerLength <= maximumHeaderSize else {
            throw failure("a PBF blob header claims \(headerLength) bytes, more than the format's 64 KiB: the file is corrupt")
        }
        guard headerLength <= remaining - 4 else { throw failure("the file ends inside a PBF blob header: it is truncated") }
        var type: String?
        var dataSize: UInt64?
        do {
            var reader = ProtobufReader(bytes, range: (offset + 4)..<(offset + 4 + headerLength))
            while let (number, wireType) = try reader.field() {
                switch (number, wireType) {
                case (1, .lengthDelimited): type = try reader.string()
                case (3, .varint): dataSize = try reader.varint()
                default: try reader.skip(wireType)
                }
            }
        } catch {
            throw failure("a PBF blob header is corrupt: \(error.message)")
        }
        guard let type, let dataSize else { throw failure("a PBF blob header has no type or no data size: the file is corrupt") }
        guard dataSize <= UInt64(maximumBlobSize) else {
            throw failure("a PBF blob claims \(dataSize) bytes, more than the format's 32 MiB: the file is corrupt")
        }
        let dataStart = offset + 4 + headerLength
        guard Int(dataSize) <= bytes.count - dataStart else { throw failure("the file ends inside a PBF blob: it is truncated") }
        return Blob(type: type, data: dataStart..<(dataStart + Int(dataSize)), end: dataStart + Int(dataSize))
    }

    /// Calls `body` with the blob's uncompressed bytes: the file's own bytes for a raw blob, an
    /// inflated copy for a zlib one.
    private static func withPayload<T>(
        _ bytes: UnsafeBufferPointer<UInt8>, _ blob: Blob, failure: (String) -> OSMFormatError,
        _ body: (UnsafeBufferPointer<UInt8>) throws -> T
    ) throws -> T {
        var reader = ProtobufReader(bytes, range: blob.data)
        var rawSize: UInt64 = 0
        var raw: Range<Int>?
        var zlib: Range<Int>?
        do {
            while let (number, wireType) = try reader.field() {
                switch (number, wireType) {
                case (1, .lengthDelimited): raw = try reader.lengthDelimited()
                case (2, .varint): rawSize = try reader.varint()
                case (3, .lengthDelimited): zlib = try reader.lengthDelimited()
                case (4, _):
                    throw failure(
                        "this PBF blob is LZMA-compressed, which this reader does not support (only raw and zlib): rewrite the file with `osmium cat`"
                    )
                case (5, _):
                    throw failure("this PBF blob uses the obsolete bzip2 compression, which this reader does not support (only raw and zlib)")
                case (6, _):
                    throw failure(
                        "this PBF blob is LZ4-compressed, which this reader does not support (only raw and zlib): rewrite the file with `osmium cat`")
                case (7, _):
                    throw failure(
                        "this PBF blob is zstd-compressed, which this reader does not support (only raw and zlib): rewrite the file with `osmium cat`"
                    )
                default: try reader.skip(wireType)
                }
            }
        } catch let error as ProtobufError {
            throw failure("a PBF blob is corrupt: \(error.message)")
        }
        if let raw {
            return try body(UnsafeBufferPointer(rebasing: bytes[raw]))
        }
        guard let zlib else { throw failure("a PBF blob has no data") }
        guard rawSize <= UInt64(maximumBlobSize) else {
            throw failure("a PBF blob claims to inflate to \(rawSize) bytes, more than the format's 32 MiB: the file is corrupt")
        }
        let inflated: [UInt8]
        do {
            inflated = try Inflate.zlib(UnsafeBufferPointer(rebasing: bytes[zlib]), rawSize: Int(rawSize))
        } catch {
            throw failure("a PBF blob cannot be inflated: \(error.message)")
        }
        return try inflated.withUnsafeBufferPointer { try body($0) }
    }
}
