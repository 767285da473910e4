// What an entry or a posting carries about a name, so that a candidate is judged before its
// text (or the entry itself) is read.

/// The first and first two bytes of each word of a folded form, as bits: a query word without
/// typos is a prefix of a word of every name it matches, so a name whose bits lack the query
/// word's cannot match, and is passed over without reading its text. Low 32 bits: the first byte
/// (modulo 32, which keeps a–z apart); high 32 bits: a hash of the first two.
enum WordStarts {
    @inline(__always) static func first(_ byte: UInt8) -> UInt64 { 1 << UInt64(byte & 31) }

    @inline(__always) static func firstTwo(_ a: UInt8, _ b: UInt8) -> UInt64 {
        let hash = (UInt32(a) &* 0x9E37_79B1 ^ UInt32(b) &* 0x85EB_CA6B) >> 27
        return 1 << (32 + UInt64(hash))
    }

    /// The bits of a word (or query word): its first byte, and its first two when it has them.
    static func of(word: some Collection<UInt8>) -> UInt64 {
        guard let a = word.first else { return 0 }
        var bits = first(a)
        let rest = word.dropFirst()
        if let b = rest.first { bits |= firstTwo(a, b) }
        return bits
    }

    /// The bits of every word of a folded form (words separated by single spaces).
    static func of(folded: some Collection<UInt8>) -> UInt64 {
        var bits: UInt64 = 0
        var atStart = true
        var previous: UInt8 = 0
        for byte in folded {
            if byte == 0x20 {
                atStart = true
                continue
            }
            if atStart {
                bits |= first(byte)
                previous = byte
                atStart = false
            } else if previous != 0 {
                bits |= firstTwo(previous, byte)
                previous = 0
            }
        }
        return bits
    }
}

/// What a posting says about its entry, so that most candidates are passed over without reading
/// it: the importance rounded up to 1/4095 (a bound, never less than the entry's; bits 20–31) and,
/// for each of 10 buckets of first bytes (`byte % 10`), how many of its words start in it (2 bits
/// each, at most 3; bits 0–19). Every query word without typos takes a word of its own that
/// starts with its first byte, so an entry with fewer such words in a bucket than the query has
/// cannot match ("platz pl" needs two words starting in p's bucket: "Platz Zuid" has one).
enum PostingHint {
    static let buckets = 10
    static let importanceScale = 4_095.0
    /// The low bit of each 2-bit count.
    static let lowBits: UInt32 = 0b01_0101_0101_0101_0101_0101

    static func make(importance: Float, folded: some Collection<UInt8>) -> UInt32 {
        make(importance: Double(max(0, min(1, importance.isFinite ? importance : 0))), counts: counts(folded))
    }

    static func make(importance: Double, counts: UInt32) -> UInt32 {
        let scaled = (importance * importanceScale).rounded(.up)
        return UInt32(min(importanceScale, max(0, scaled))) << 20 | counts
    }

    /// The 2-bit counts of words starting in each bucket.
    static func counts(_ folded: some Collection<UInt8>) -> UInt32 {
        var counts: UInt32 = 0
        var atStart = true
        for byte in folded {
            if byte == 0x20 {
                atStart = true
            } else if atStart {
                let shift = UInt32(byte % 10) * 2
                if (counts >> shift) & 3 < 3 { counts += 1 << shift }
                atStart = false
            }
        }
        return counts
    }

    /// What a query's words without typos need: bucket counts of at least one, two, three.
    struct Requirement {
        var one: UInt32 = 0
        var two: UInt32 = 0
        var three: UInt32 = 0

        init(_ words: [[UInt8]]) {
            let needed = PostingHint.counts(Array(words.joined(separator: [0x20])))
            for bucket in 0..<PostingHint.buckets {
                let count = (needed >> UInt32(2 * bucket)) & 3
                let bit: UInt32 = 1 << UInt32(2 * bucket)
                if count >= 1 { one |= bit }
                if count >= 2 { two |= bit }
                if count >= 3 { three |= bit }
            }
        }
    }

    @inline(__always) static func importance(_ hint: UInt32) -> Double { Double(hint >> 20) / importanceScale }

    @inline(__always) static func meets(_ hint: UInt32, _ need: Requirement) -> Bool {
        let counts = hint & 0xF_FFFF
        let atLeastOne = (counts | counts >> 1) & lowBits
        let atLeastTwo = (counts >> 1) & lowBits
        let three = counts & (counts >> 1) & lowBits
        return atLeastOne & need.one == need.one && atLeastTwo & need.two == need.two
            && three & need.three == need.three
    }

    /// A hint that says only the importance: every count at its most.
    static func only(importance: Double) -> UInt32 { make(importance: importance, counts: 0xF_FFFF) }
}

/// The first 8 bytes of a folded text, big-endian, zero-padded: comparing two of them as numbers
/// compares the texts, unless they are equal and one text is longer than 8 bytes.
@inline(__always) func textPrefix(_ bytes: some Collection<UInt8>) -> UInt64 {
    var value: UInt64 = 0
    var count = 0
    for byte in bytes.prefix(8) {
        value = value << 8 | UInt64(byte)
        count += 1
    }
    return value << UInt64(8 * (8 - count))
}

/// Bytes 8–15 of a folded text, the same way.
@inline(__always) func textPrefix2(_ bytes: some Collection<UInt8>) -> UInt64 { textPrefix(bytes.dropFirst(8)) }
