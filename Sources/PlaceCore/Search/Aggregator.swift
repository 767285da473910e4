/// How one provider fared in a search.
public struct ProviderReport: Sendable {
    /// The provider that was asked.
    public let provider: ProviderID
    /// How many places it returned (before merging); 0 when it failed.
    public let count: Int
    /// Why the provider gave no answer; nil when it answered.
    public let failure: ProviderError?
    /// How long the provider took, to its answer or to its failure.
    public let elapsed: Duration
    /// Whose data its answers are (``ProviderStatus/credits``), for the output to say.
    public var credits: [DataCredit] = []

    /// Whether the provider answered: true when there is no ``failure``.
    public var succeeded: Bool { failure == nil }
}

/// The merged places of every provider that answered, and a report per provider.
public struct SearchOutcome: Sendable {
    /// The places of every provider that answered, with duplicates merged, in provider order.
    public let places: [Place]
    /// In the order the providers were given.
    public let reports: [ProviderReport]

    /// The errors of the providers that failed, in provider order.
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
    /// How long each provider may take unless ``deadlines`` names it; 10 seconds by default.
    public var deadline: Duration
    /// Per-provider deadlines that override ``deadline``.
    public var deadlines: [ProviderID: Duration]
    /// Merges the records that providers give of the same place.
    public var merger: DuplicateMerger

    /// Makes an aggregator from the default deadline, per-provider deadlines and the merger to use.
    public init(deadline: Duration = .seconds(10), deadlines: [ProviderID: Duration] = [:], merger: DuplicateMerger = DuplicateMerger()) {
        self.deadline = deadline
        self.deadlines = deadlines
        self.merger = merger
    }

    /// The deadline for `provider`: its own in ``deadlines``, else ``deadline``.
    public func deadline(for provider: ProviderID) -> Duration { deadlines[provider] ?? deadline }

    /// Asks every provider at once, each under its deadline, and merges the places of those that answered.
    /// It never throws: a provider that fails or is late is reported in its ``ProviderReport``.
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
