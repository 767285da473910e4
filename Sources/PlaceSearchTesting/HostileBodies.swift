public import Foundation

/// Answers a hostile or broken service might send, made without holding them whole.
public enum HostileBodies {
    /// A gzip stream of zeros that grows by 2,064 bytes for every 13 bytes sent: send `prefix`, then
    /// `period` as often as wanted (``LocalHTTPServer/Delivery/generated(prefix:total:announced:)``
    /// does), so 7 MB on the wire expand to over a gigabyte. The stream never ends properly (no
    /// end-of-block code, no checksum): a client that reads it to the end is already lost.
    ///
    /// One fixed-Huffman deflate block: the literal 0, then "copy 258 bytes from 1 back" over and
    /// over. That copy is 13 bits (length code 285, distance code 0), so eight of them fill 13
    /// bytes, and from the third byte on the stream repeats every 13 bytes.
    public static let gzipOfZeros: (prefix: Data, period: Data) = {
        var bits = BitWriter()
        bits.write(1, count: 1)  // BFINAL
        bits.write(1, count: 2)  // BTYPE 01: fixed Huffman codes
        bits.writeCode(0x30, length: 8)  // the literal 0
        for _ in 0..<16 {
            bits.writeCode(0xC5, length: 8)  // length 258 (code 285)
            bits.writeCode(0, length: 5)  // distance 1 (code 0)
        }
        let deflate = bits.bytes
        let header: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3]
        return (Data(header + deflate[0..<2]), Data(deflate[2..<15]))
    }()

    /// Bytes that are not UTF-8 inside an otherwise well-formed JSON answer: a lone continuation
    /// byte, an overlong encoding of '/', a surrogate encoded as UTF-8 and a byte never valid.
    public static let invalidUTF8Names: [UInt8] = [0x80, 0xC0, 0xAF, 0xED, 0xA0, 0x80, 0xFF]
}

/// Deflate's bit order: values from their least significant bit, Huffman codes from their most.
private struct BitWriter {
    private(set) var bytes: [UInt8] = []
    private var used = 8

    mutating func write(_ value: UInt32, count: Int) {
        for index in 0..<count { put(value >> index & 1) }
    }

    mutating func writeCode(_ code: UInt32, length: Int) {
        for index in (0..<length).reversed() { put(code >> index & 1) }
    }

    private mutating func put(_ bit: UInt32) {
        if used == 8 {
            bytes.append(0)
            used = 0
        }
        bytes[bytes.count - 1] |= UInt8(bit) << used
        used += 1
    }
}
