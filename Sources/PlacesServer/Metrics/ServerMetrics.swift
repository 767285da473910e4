import PlaceCore
import PlaceHTTP
import Prometheus
import Synchronization

/// What `/metrics` says, in Prometheus' text format: requests by route and status, their
/// latencies, the providers' failures, the HTTP cache's hits, points awarded and refused.
///
/// One registry per server (not the process-wide MetricsSystem), so that two servers in one test
/// process count separately.
final class ServerMetrics: Sendable {
    let registry = PrometheusCollectorRegistry()
    /// The cache's counts at the last scrape: counters grow by the difference.
    private let cacheSeen = Mutex<HTTPCacheStore.Counts?>(nil)

    private static func name(_ metric: String, unit: String = "", help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(namespace: "places", metricName: metric, unitName: unit, helpText: help)
    }

    /// Latency buckets from 0.5 ms (a completion) to 10 s (a provider's deadline).
    private static let buckets: [Duration] = [
        .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50),
        .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(5), .seconds(10),
    ]

    func request(method: String, route: String, status: Int, duration: Duration) {
        registry.makeCounter(
            descriptor: Self.name("http_requests", unit: "total", help: "HTTP requests answered, by route and status."),
            labels: [("method", method), ("route", route), ("status", String(status))]
        ).increment()
        registry.makeDurationHistogram(
            descriptor: Self.name("http_request_duration", unit: "seconds", help: "Time to answer an HTTP request, by route."),
            labels: [("route", route)], buckets: Self.buckets
        ).record(duration)
    }

    func providerFailure(_ failure: ProviderError) {
        registry.makeCounter(
            descriptor: Self.name("provider_failures", unit: "total", help: "Provider requests that failed, by provider and kind."),
            labels: [("provider", failure.provider.rawValue), ("kind", String(describing: failure.kind))]
        ).increment()
    }

    func rateLimited() {
        registry.makeCounter(descriptor: Self.name("rate_limited", unit: "total", help: "Requests refused with 429.")).increment()
    }

    func awarded(_ points: Int) {
        registry.makeCounter(descriptor: Self.name("points_awarded", unit: "total", help: "Points awarded for live walks.")).increment(
            by: Int64(points))
    }

    func refused(_ reason: String) {
        registry.makeCounter(
            descriptor: Self.name("points_refused", unit: "total", help: "Arrivals that earned nothing, by reason."),
            labels: [("reason", reason)]
        ).increment()
    }

    /// The exposition, with the HTTP cache's counts brought up to date first.
    func emit(cache: HTTPCacheStore.Counts?) -> [UInt8] {
        if let cache {
            let seen = cacheSeen.withLock { seen in
                defer { seen = cache }
                return seen
            }
            let counts: [(String, Int, Int)] = [
                ("fresh", cache.fromCache, seen?.fromCache ?? 0), ("revalidated", cache.revalidated, seen?.revalidated ?? 0),
                ("stale", cache.stale, seen?.stale ?? 0),
            ]
            for (kind, now, before) in counts {
                let counter = registry.makeCounter(
                    descriptor: Self.name("http_cache_hits", unit: "total", help: "Provider answers served from the HTTP cache, by kind."),
                    labels: [("kind", kind)])
                if now > before { counter.increment(by: Int64(now - before)) }
            }
        }
        return registry.emitToBuffer()
    }
}
