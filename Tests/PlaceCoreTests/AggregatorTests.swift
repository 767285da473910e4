import Foundation
import PlaceCore
import PlaceSearchTesting
import Synchronization
import Testing

struct AggregatorTests {
    static let request = SearchRequest(category: .coffee, focus: Coordinate(52.37, 4.89), radius: 1000)

    static func places(_ provider: ProviderID, _ names: [String]) -> [Place] {
        names.enumerated().map { index, name in
            Place.sample(provider, "\(index)", name: name, at: Coordinate(52.37 + Double(index) * 0.01, 4.89))
        }
    }

    @Test func aSlowAFailingAndALateProviderTogetherTakeAboutAsLongAsTheSlowestHealthyOne() async {
        let fast = StaticProvider(id: "fast", places: Self.places("fast", ["A"]), delay: .milliseconds(20))
        let slow = StaticProvider(id: "slow", places: Self.places("slow", ["B", "C"]), delay: .milliseconds(400))
        let failing = StaticProvider(
            id: "failing", delay: .milliseconds(50),
            error: ProviderError(provider: "failing", kind: .httpError, message: "api.example failed (HTTP 500)"))
        // Sleeps twenty minutes and ignores cancellation, like a call stuck in a library. (A minute
        // was not enough: a CI machine running every suite starved the answer past it.)
        let late = Watched(StaticProvider(id: "late", places: Self.places("late", ["D"]), delay: .seconds(1200), ignoresCancellation: true))
        let aggregator = Aggregator(deadline: .milliseconds(1200))
        let started = ContinuousClock.now
        let outcome = await aggregator.search(Self.request, providers: [fast, slow, failing, late])
        let elapsed = ContinuousClock.now - started

        #expect(elapsed >= .milliseconds(400))
        // The answer came while the late provider was still busy (its deadline cut it), however slow
        // the machine: no timing bound needed.
        #expect(!late.hasAnswered, "took \(elapsed): it waited for the late provider")
        #expect(Set(outcome.places.map(\.name)) == ["A", "B", "C"])
        #expect(outcome.reports.map(\.provider) == ["fast", "slow", "failing", "late"])
        #expect(outcome.reports[0].count == 1 && outcome.reports[1].count == 2)
        #expect(outcome.reports[2].failure?.kind == .httpError)
        #expect(outcome.reports[3].failure?.kind == .timedOut)
        #expect(outcome.reports[3].failure?.description.contains("late: no answer within 1.2 s") == true)
        #expect(!outcome.allFailed)
    }

    @Test func aPerProviderDeadlineOverridesTheDefault() async {
        let patient = StaticProvider(id: "patient", places: Self.places("patient", ["A"]), delay: .milliseconds(300))
        let aggregator = Aggregator(deadline: .milliseconds(100), deadlines: ["patient": .seconds(5)])
        let outcome = await aggregator.search(Self.request, providers: [patient])
        #expect(outcome.failures.isEmpty)
        #expect(outcome.places.count == 1)
    }

    @Test func whenEveryProviderFailsTheOutcomeSaysSo() async {
        let one = StaticProvider(id: "one", error: ProviderError(provider: "one", kind: .unavailable, message: "down"))
        let two = StaticProvider(id: "two", error: ProviderError(provider: "two", kind: .unauthorized, message: "no"))
        let outcome = await Aggregator().search(Self.request, providers: [one, two])
        #expect(outcome.allFailed)
        #expect(outcome.places.isEmpty)
        #expect(outcome.failures.map(\.provider) == ["one", "two"])
    }

    @Test func theMergedListIsInProviderOrderWhateverFinishedFirst() async {
        let first = StaticProvider(id: "first", places: Self.places("first", ["A1", "A2"]), delay: .milliseconds(150))
        let second = StaticProvider(id: "second", places: Self.places("second", ["Z1"]), delay: .milliseconds(1))
        let outcome = await Aggregator().search(Self.request, providers: [first, second])
        #expect(outcome.places.map(\.name) == ["A1", "A2", "Z1"])
    }
}

struct DeadlineTests {
    @Test func returnsTheResultWhenInTime() async throws {
        let value = try await withDeadline(.seconds(2)) { 42 }
        #expect(value == 42)
    }

    @Test func throwsDeadlineExceededWhenLate() async {
        await #expect(throws: DeadlineExceeded(deadline: .milliseconds(50))) {
            try await withDeadline(.milliseconds(50)) {
                try await Task.sleep(for: .seconds(5))
                return 1
            }
        }
    }

    @Test func passesTheOperationsOwnErrorThrough() async {
        struct Boom: Error, Equatable {}
        await #expect(throws: Boom()) { try await withDeadline(.seconds(1)) { () async throws -> Int in throw Boom() } }
    }

    @Test func cancellingTheCallerEndsTheWaitPromptly() async {
        let task = Task {
            try await withDeadline(.seconds(30)) {
                try await Task.sleep(for: .seconds(30))
                return 1
            }
        }
        try? await Task.sleep(for: .milliseconds(50))
        task.cancel()
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
    }
}

/// A provider that notes when its search has returned, so that a test can tell whether the aggregator
/// waited for it without timing anything.
struct Watched: PlaceProvider {
    private final class Flag: Sendable {
        let answered = Mutex(false)
    }

    let wrapped: StaticProvider
    private let flag = Flag()

    init(_ wrapped: StaticProvider) { self.wrapped = wrapped }

    var id: ProviderID { wrapped.id }
    var capabilities: ProviderCapabilities { wrapped.capabilities }
    var status: ProviderStatus { wrapped.status }
    var hasAnswered: Bool { flag.answered.withLock { $0 } }

    func search(_ request: SearchRequest) async throws -> [Place] {
        defer { flag.answered.withLock { $0 = true } }
        return try await wrapped.search(request)
    }
}
