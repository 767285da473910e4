/// How one provider fared in a search.
public struct ProviderReport: Sendable {
    public let provider: ProviderID
    /// How many places it returned (before merging); 0 when it failed.
    public let count: Int
    public let failure: ProviderError?
    public let elapsed: Duration
    /// Whose data its answers are (``ProviderStatus/credits``), for the output to say.
    public var credits: [DataCredit] = []

    public var succeeded: Bool { failure == nil }
}

/// The merged places of every provider that answered, and a report per provider.
public struct SearchOutcome: Sendable {
    public let places: [Place]
    /// In the order the providers were given.
    public let reports: [ProviderReport]

    public var failures: [ProviderError] { reports.compactMap(\.failure) }
    /// True when providers were asked and none of them answered.
    public var allFailed: Bool { !reports.isEmpty && reports.allSatisfy { !$0.succeeded } }
}

/// Asks several providers at once and merges their answers.
///
/// Every provider runs concurrently under its own deadline. One that fails or is late becomes a
/// ``ProviderReport`` with a ``ProviderError`` while the others still answer, so the whole search
/// takes about as long as the slowest provider that met its deadline, never the sum.
public struct Aggregator: Sendable {
    public var deadline: Duration
    /// Per-provider deadlines that override ``deadline``.
    public var deadlines: [ProviderID: Duration]
    public var merger: DuplicateMerger

    public init(deadline: Duration = .seconds(10), deadlines: [ProviderID: Duration] = [:], merger: DuplicateMerger = DuplicateMerger()) {
        self.deadline = deadline
        self.deadlines = deadlines
        self.merger = merger
    }

    public func deadline(for provider: ProviderID) -> Duration { deadlines[provider] ?? deadline }

    public func search(_ request: SearchRequest, providers: [any PlaceProvider]) async -> SearchOutcome {
        let results = await withTaskGroup(of: (Int, [Place], ProviderReport).self) { group in
            for (position, provider) in providers.enumerated() {
                let limit = deadline(for: provider.id)
                group.addTask {
                    let started = ContinuousClock.now
                    do {
                        let answer = try await withDeadline(limit) { try await provider.searchWithCredits(request) }
                        var report = ProviderReport(
                            provider: provider.id, count: answer.places.count, failure: nil, elapsed: ContinuousClock.now - started)
                        report.credits = answer.credits
                        return (position, answer.places, report)
                    } catch {
                        let failure = ProviderError(provider: provider.id, wrapping: error)
                        let report = ProviderReport(
                            provider: provider.id, count: 0, failure: failure, elapsed: ContinuousClock.now - started)
                        return (position, [], report)
                    }
                }
            }
            var collected: [(Int, [Place], ProviderReport)] = []
            for await result in group { collected.append(result) }
            return collected.sorted { $0.0 < $1.0 }
        }
        // Provider order, not finishing order, so the merged list is the same on every run.
        let places = results.flatMap(\.1)
        return SearchOutcome(places: merger.merge(places), reports: results.map(\.2))
    }
}
