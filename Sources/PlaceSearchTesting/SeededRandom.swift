#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A seeded random generator (SplitMix64) for tests that draw their inputs at random: each run draws
/// new ones, and a failing run is repeated by setting `PLACES_TEST_SEED` to the seed it printed.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    /// The seed, for messages: `#expect(…, "seed \(random.seed)")`.
    public let seed: UInt64
    private var state: UInt64

    public init(seed: UInt64) {
        self.seed = seed
        state = seed
    }

    /// A generator seeded from `PLACES_TEST_SEED` when it is set, else afresh; the seed is printed
    /// with `test`'s name so that the run can be repeated.
    public init(printingSeedFor test: String) {
        let given = getenv("PLACES_TEST_SEED").flatMap { UInt64(String(cString: $0)) }
        self.init(seed: given ?? UInt64.random(in: 1...UInt64.max))
        print("◇ \(test): random inputs from seed \(seed) (PLACES_TEST_SEED=\(seed) repeats them)")
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
