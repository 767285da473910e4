import Synchronization

/// Token buckets, one per key (a token's hash, or an address for anonymous requests): each holds
/// up to `burst` requests and refills at `perSecond`. A request finds its bucket empty → 429, with
/// how long until it would not be.
final class RateLimiter: Sendable {
    let perSecond: Double
    let burst: Double
    private let buckets = Mutex<[String: Bucket]>([:])

    private struct Bucket {
        var tokens: Double
        var updated: ContinuousClock.Instant
    }

    /// Buckets kept before full ones are forgotten: a full bucket is the same as a new one.
    private static let keptBuckets = 10_000

    init(perSecond: Double, burst: Double) {
        self.perSecond = perSecond
        self.burst = max(1, burst)
    }

    /// Takes one request from `key`'s bucket.
    /// - Returns: nil when allowed; else the seconds until one request would be.
    func take(_ key: String, now: ContinuousClock.Instant = .now) -> Double? {
        buckets.withLock { buckets in
            if buckets.count > Self.keptBuckets { forgetFull(&buckets, now: now) }
            var bucket = buckets[key] ?? Bucket(tokens: burst, updated: now)
            let elapsed = now - bucket.updated
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            bucket.tokens = min(burst, bucket.tokens + seconds * perSecond)
            bucket.updated = now
            defer { buckets[key] = bucket }
            guard bucket.tokens >= 1 else { return (1 - bucket.tokens) / perSecond }
            bucket.tokens -= 1
            return nil
        }
    }

    private func forgetFull(_ buckets: inout [String: Bucket], now: ContinuousClock.Instant) {
        buckets = buckets.filter { _, bucket in
            let elapsed = now - bucket.updated
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            return bucket.tokens + seconds * perSecond < burst
        }
    }
}
