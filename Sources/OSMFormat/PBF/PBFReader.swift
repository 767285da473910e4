import Dispatch
import Foundation

/// Reads an OSM PBF file: a sequence of blobs, each a 4-byte big-endian length, a BlobHeader and a
/// Blob (raw or zlib). The first blob is the "OSMHeader"; the others are "OSMData" PrimitiveBlocks.
/// Errors name the byte offset of the blob and its number (the header is blob 1).
enum PBFReader {
    /// The format's own limits: a BlobHeader under 64 KiB, a blob under 32 MiB. Larger values come
    /// from a corrupt file or one that is not PBF, and are refused before anything is allocated.
    static let maximumHeaderSize = 64 * 1024
    static let maximumBlobSize = 32 * 1024 * 1024

    /// Blobs decoded ahead of the one being handed out, per core: enough to keep every core busy
    /// while the caller works through a block, few enough that memory stays a few blocks' worth.
    static let blobsAheadPerCore = 2

    /// Reads the blobs in file order and hands out their elements in file order. Inflating and
    /// decoding a blob is most of a read's work and needs nothing from the blobs before it, so the
    /// blobs ahead are decoded on the other cores while the caller handles the current one: the
    /// elements, the errors and where they are said are those of a one-thread read.
    static func read(
        _ bytes: UnsafeBufferPointer<UInt8>, progress: inout ProgressReporter,
        header: (OSMFileHeader) throws -> Void, element: (OSMElement) throws -> Void,
        cores: Int = ProcessInfo.processInfo.activeProcessorCount
    ) throws {
        let shared = SharedBytes(bytes: bytes)
        let window = max(1, cores) * blobsAheadPerCore
        var jobs: [Job] = []
        var next = 0  // the first job not handed out yet
        var offset = 0
        var blobNumber = 0
        var sawHeader = false
        var stopped = false
        // The decoders read the file's bytes: none may outlive this call, even when it throws.
        defer { for job in jobs[next...] { job.slot?.done.wait() } }
        while true {
            while !stopped, offset < bytes.count, jobs.count - next < window {
                blobNumber += 1
                let job = frameJob(shared, at: offset, number: blobNumber, sawHeader: &sawHeader)
                if case .failure = job.step { stopped = true }
                offset = job.end
                jobs.append(job)
            }
            guard next < jobs.count else { break }
            let job = jobs[next]
            let step = job.finished()
            next += 1
            // Handed-out jobs are dropped now and then so that the queue stays the window's size.
            if next >= 64 {
                jobs.removeFirst(next)
                next = 0
            }
            switch step {
            case .header(let fileHeader): try header(fileHeader)
            case .elements(let elements): for item in elements { try element(item) }
            case .skip: break
            case .failure(let error): throw error
            }
            progress.report(job.end)
        }
        guard sawHeader else { throw OSMFormatError(location: "byte 0", message: "not an OpenStreetMap file: the PBF file has no OSMHeader blob") }
    }

    /// The file's bytes, shared with the decoding threads; ``read(_:progress:header:element:cores:)``
    /// waits for every decoder before the bytes go.
    private struct SharedBytes: @unchecked Sendable {
        let bytes: UnsafeBufferPointer<UInt8>
    }

    /// What one blob gives, in file order.
    private enum Step {
        case header(OSMFileHeader)
        case elements([OSMElement])
        /// A blob type the reader does not know, or a second OSMHeader.
        case skip
        case failure(any Error)
    }

    /// A blob being decoded on another thread: its step is set before `done` is signalled.
    private final class Slot: @unchecked Sendable {
        let done = DispatchSemaphore(value: 0)
        var step = Step.skip
    }

    private struct Job {
        var end: Int
        var step: Step
        var slot: Slot?

        /// The blob's step, waiting for its decoder when it has one (once per job): the slot lets
        /// go of the elements, which the caller holds only while it handles them.
        func finished() -> Step {
            guard let slot else { return step }
            slot.done.wait()
            defer { slot.step = .skip }
            return slot.step
        }
    }

    /// Frames the blob at `offset`; an OSMData blob is decoded on another thread, the rest here.
    private static func frameJob(_ shared: SharedBytes, at offset: Int, number: Int, sawHeader: inout Bool) -> Job {
        let bytes = shared.bytes
        let location = "byte \(offset) (blob \(number))"
        let failure = { (message: String) in OSMFormatError(location: location, message: message) }
        let blob: Blob
        do {
            blob = try frame(bytes, at: offset, failure: failure)
        } catch {
            return Job(end: bytes.count, step: .failure(error))
        }
        switch blob.type {
        case "OSMHeader":
            guard !sawHeader else { return Job(end: blob.end, step: .skip) }  // a second header (concatenated files) adds nothing
            sawHeader = true
            do {
                let fileHeader = try withPayload(bytes, blob, failure: failure) { payload in try PBFHeaderBlock.decode(payload) }
                return Job(end: blob.end, step: .header(fileHeader))
            } catch let error as ProtobufError {
                return Job(end: blob.end, step: .failure(failure("the OSMHeader block is corrupt: \(error.message)")))
            } catch let error as PBFHeaderBlock.UnsupportedFeature {
                return Job(
                    end: blob.end,
                    step: .failure(failure("this PBF file requires the feature \"\(error.name)\", which this reader does not support")))
            } catch {
                return Job(end: blob.end, step: .failure(error))
            }
        case "OSMData":
            guard sawHeader else {
                return Job(end: blob.end, step: .failure(failure("not an OpenStreetMap file: the PBF data starts without an OSMHeader blob")))
            }
            let slot = Slot()
            DispatchQueue.global(qos: .userInitiated).async {
                slot.step = decodeData(shared, blob, location: location)
                slot.done.signal()
            }
            return Job(end: blob.end, step: .skip, slot: slot)
        default:
            return Job(end: blob.end, step: .skip)  // the format says readers skip blob types they do not know
        }
    }

    /// One OSMData blob's elements, or why it cannot be read.
    private static func decodeData(_ shared: SharedBytes, _ blob: Blob, location: String) -> Step {
        let failure = { (message: String) in OSMFormatError(location: location, message: message) }
        var decoder = PBFBlockDecoder()
        var elements: [OSMElement] = []
        do {
            try withPayload(shared.bytes, blob, failure: failure) { payload in try decoder.decode(payload) { elements.append($0) } }
            return .elements(elements)
        } catch let error as ProtobufError {
            return .failure(failure("a PrimitiveBlock is corrupt: \(error.message)"))
        } catch {
            return .failure(error)
        }
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
