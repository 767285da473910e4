/// Why compressed bytes could not be expanded; the caller adds where (which blob, which file).
struct DecompressionError: Error, Equatable {
    var message: String
}

/// Growable output for the streaming decompressors: starts near the expected size and doubles, so
/// that a large file costs a few reallocations, not one per chunk.
struct DecompressionOutput {
    var bytes: [UInt8]
    var produced = 0

    init(expectedSize: Int) {
        // Capped: a guess from the compressed size must not allocate gigabytes up front.
        bytes = [UInt8](repeating: 0, count: min(max(expectedSize, 1 << 16), 1 << 28))
    }

    mutating func makeRoom() {
        if produced == bytes.count { bytes.append(contentsOf: repeatElement(0, count: bytes.count)) }
    }

    consuming func finish() -> [UInt8] {
        bytes.removeSubrange(produced...)
        return bytes
    }
}
