import CZlib

extension Inflate {
    /// The first `count` bytes a gzip stream inflates to (fewer when it is shorter or broken): enough
    /// to tell what a compressed file is without inflating all of it.
    static func gzipHead(_ input: UnsafeBufferPointer<UInt8>, count: Int) -> [UInt8] {
        guard let base = input.baseAddress, !input.isEmpty else { return [] }
        var stream = z_stream()
        guard inflateInit2_(&stream, 15 + 32, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return [] }
        defer { inflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: count)
        stream.next_in = UnsafeMutablePointer(mutating: base)
        stream.avail_in = uInt(min(input.count, Int(UInt32.max)))
        let produced = output.withUnsafeMutableBufferPointer { buffer -> Int in
            stream.next_out = buffer.baseAddress
            stream.avail_out = uInt(count)
            _ = inflate(&stream, Z_SYNC_FLUSH)
            return count - Int(stream.avail_out)
        }
        return Array(output.prefix(produced))
    }
}
