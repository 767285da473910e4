import CZlib

/// zlib through the system library: PBF blobs (zlib format, size known in advance) and .osm.gz files
/// (gzip format, size unknown).
enum Inflate {
    /// One PBF blob: `raw_size` is in the blob header, so one `uncompress` call into an exact buffer.
    static func zlib(_ input: UnsafeBufferPointer<UInt8>, rawSize: Int) throws(DecompressionError) -> [UInt8] {
        guard rawSize > 0 else {
            // No raw_size: inflate without knowing the size, but never past the format's blob limit.
            return try stream(input, windowBits: 15, expectedSize: input.count * 4, limit: 32 << 20, format: "zlib")
        }
        guard let source = input.baseAddress else { throw DecompressionError(message: "the zlib data is empty") }
        var output = [UInt8](repeating: 0, count: rawSize)
        var outputLength = uLongf(rawSize)
        let status = output.withUnsafeMutableBufferPointer { buffer in
            uncompress(buffer.baseAddress, &outputLength, source, uLong(input.count))
        }
        switch status {
        case Z_OK where Int(outputLength) == rawSize:
            return output
        case Z_OK:
            throw DecompressionError(message: "the zlib data inflates to \(outputLength) bytes, not the \(rawSize) its header promises")
        case Z_BUF_ERROR:
            throw DecompressionError(message: "the zlib data is cut short or inflates to more than the \(rawSize) bytes its header promises")
        case Z_MEM_ERROR:
            throw DecompressionError(message: "out of memory while inflating \(rawSize) bytes of zlib data")
        default:
            throw DecompressionError(message: "the zlib data is corrupt")
        }
    }

    /// A whole .gz file. `windowBits` 15 + 32 lets zlib accept either a gzip or a zlib header.
    /// Concatenated gzip members (as pigz and `cat a.gz b.gz` make) are read one after the other.
    static func gzip(_ input: UnsafeBufferPointer<UInt8>) throws(DecompressionError) -> [UInt8] {
        try stream(input, windowBits: 15 + 32, expectedSize: input.count * 8, limit: .max, format: "gzip")
    }

    private static func stream(
        _ input: UnsafeBufferPointer<UInt8>, windowBits: Int32, expectedSize: Int, limit: Int, format: String
    ) throws(DecompressionError) -> [UInt8] {
        guard let base = input.baseAddress, !input.isEmpty else {
            throw DecompressionError(message: "the \(format) stream is empty")
        }
        var stream = z_stream()
        guard inflateInit2_(&stream, windowBits, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw DecompressionError(message: "zlib could not be set up")
        }
        defer { inflateEnd(&stream) }
        var output = DecompressionOutput(expectedSize: expectedSize)
        var fed = 0  // bytes handed to zlib so far; zlib takes at most 4 GiB per call
        while true {
            guard output.produced < limit else {
                throw DecompressionError(message: "the \(format) data inflates to more than \(limit) bytes")
            }
            output.makeRoom()
            if stream.avail_in == 0 && fed < input.count {
                let chunk = min(input.count - fed, Int(UInt32.max))
                stream.next_in = UnsafeMutablePointer(mutating: base + fed)
                stream.avail_in = uInt(chunk)
                fed += chunk
            }
            let status = output.bytes.withUnsafeMutableBufferPointer { buffer -> Int32 in
                guard let out = buffer.baseAddress else { return Z_MEM_ERROR }
                let room = min(buffer.count - output.produced, Int(UInt32.max))
                stream.next_out = out + output.produced
                stream.avail_out = uInt(room)
                let result = inflate(&stream, Z_NO_FLUSH)
                output.produced += room - Int(stream.avail_out)
                return result
            }
            let unread = input.count - fed + Int(stream.avail_in)
            switch status {
            case Z_OK:
                continue
            case Z_STREAM_END:
                // Another gzip member follows: go on with it. Anything else after the end is ignored
                // (some tools pad with zeros).
                let next = input.count - unread
                if unread >= 2, input[next] == 0x1F, input[next + 1] == 0x8B {
                    inflateReset(&stream)
                    continue
                }
                return output.finish()
            case Z_BUF_ERROR where unread == 0:
                throw DecompressionError(message: "the \(format) stream ends early: the file is truncated")
            case Z_BUF_ERROR:
                continue  // no room was left: makeRoom grows the buffer
            case Z_MEM_ERROR:
                throw DecompressionError(message: "out of memory while inflating the \(format) stream")
            default:
                let reason = stream.msg.map { String(cString: $0) } ?? "error \(status)"
                throw DecompressionError(message: "the \(format) stream is corrupt (zlib: \(reason))")
            }
        }
    }
}
