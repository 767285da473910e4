import CZlib

/// .osm.bz2 through the system libbz2, streaming so that the output size need not be known.
/// Multi-stream files (pbzip2, lbzip2 write one stream per block) are read stream after stream.
enum Bunzip2 {
    static func decompress(_ input: UnsafeBufferPointer<UInt8>) throws(DecompressionError) -> [UInt8] {
        guard let base = input.baseAddress, !input.isEmpty else {
            throw DecompressionError(message: "the bzip2 stream is empty")
        }
        var stream = bz_stream()
        guard BZ2_bzDecompressInit(&stream, 0, 0) == BZ_OK else {
            throw DecompressionError(message: "libbz2 could not be set up")
        }
        defer { BZ2_bzDecompressEnd(&stream) }
        var output = DecompressionOutput(expectedSize: input.count * 6)
        var fed = 0
        while true {
            output.makeRoom()
            if stream.avail_in == 0 && fed < input.count {
                let chunk = min(input.count - fed, Int(UInt32.max))
                stream.next_in = UnsafeMutableRawPointer(mutating: base + fed).assumingMemoryBound(to: CChar.self)
                stream.avail_in = UInt32(chunk)
                fed += chunk
            }
            var progressed = false
            let status = output.bytes.withUnsafeMutableBufferPointer { buffer -> Int32 in
                guard let out = buffer.baseAddress else { return BZ_MEM_ERROR }
                let room = min(buffer.count - output.produced, Int(UInt32.max))
                stream.next_out = UnsafeMutableRawPointer(out + output.produced).assumingMemoryBound(to: CChar.self)
                stream.avail_out = UInt32(room)
                let availableBefore = stream.avail_in
                let result = BZ2_bzDecompress(&stream)
                output.produced += room - Int(stream.avail_out)
                progressed = room != Int(stream.avail_out) || availableBefore != stream.avail_in
                return result
            }
            let unread = input.count - fed + Int(stream.avail_in)
            switch status {
            case BZ_OK:
                // libbz2 says OK even when the input ran out mid-stream: no progress then means truncated.
                if !progressed && unread == 0 {
                    throw DecompressionError(message: "the bzip2 stream ends early: the file is truncated")
                }
            case BZ_STREAM_END:
                let next = input.count - unread
                if unread >= 3, input[next] == UInt8(ascii: "B"), input[next + 1] == UInt8(ascii: "Z"),
                    input[next + 2] == UInt8(ascii: "h")
                {
                    let pending = stream.avail_in
                    let pendingPointer = stream.next_in
                    BZ2_bzDecompressEnd(&stream)
                    stream = bz_stream()
                    guard BZ2_bzDecompressInit(&stream, 0, 0) == BZ_OK else {
                        throw DecompressionError(message: "libbz2 could not be set up")
                    }
                    stream.next_in = pendingPointer
                    stream.avail_in = pending
                    continue
                }
                return output.finish()
            case BZ_MEM_ERROR:
                throw DecompressionError(message: "out of memory while decompressing the bzip2 stream")
            default:
                throw DecompressionError(message: "the bzip2 stream is corrupt (libbz2 error \(status))")
            }
        }
    }
}
