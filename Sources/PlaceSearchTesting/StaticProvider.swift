import Foundation
public import PlaceCore

/// A provider that answers with fixed places, after an optional delay, or fails as told.
///
/// It ignores cancellation on purpose when `ignoresCancellation` is set, to test that a late
/// provider is cut at its deadline even when it does not cooperate.
public struct StaticProvider: PlaceDetailsProvider {
    public let id: ProviderID
    public let capabilities: ProviderCapabilities
    public var places: [Place]
    public var delay: Duration
    public var error: ProviderError?
    public var ignoresCancellation: Bool

    public init(
        id: ProviderID, categories: Set<SearchCategory> = [.coffee], places: [Place] = [], delay: Duration = .zero,
        error: ProviderError? = nil, ignoresCancellation: Bool = false
    ) {
        self.id = id
        self.capabilities = ProviderCapabilities(categories: categories)
        self.places = places
        self.delay = delay
        self.error = error
        self.ignoresCancellation = ignoresCancellation
    }

    public var status: ProviderStatus {
        error == nil ? .local("fixed places for tests") : .notReady(.misconfigured(error?.message ?? "told to fail"))
    }

    public func search(_ request: SearchRequest) async throws -> [Place] {
        try await wait()
        if let error { throw error }
        return places
    }

    public func details(for id: PlaceID) async throws -> Place {
        try await wait()
        if let error { throw error }
        guard let place = places.first(where: { $0.id == id }) else {
            throw ProviderError(provider: self.id, kind: .notFound, message: "no place \(id)")
        }
        return place
    }

    private func wait() async throws {
        guard delay > .zero else { return }
        if ignoresCancellation {
            // Sleep in a way cancellation cannot shorten, like a blocking library call would: in a
            // task of its own, which the caller's cancellation does not reach. A loop of sleeps in
            // this task spun once it was cancelled (each one throws at once), and held one of a
            // 2-core machine's two threads for the whole delay, starving the tests beside it.
            await Task { try? await Task.sleep(for: delay) }.value
        } else {
            try await Task.sleep(for: delay)
        }
    }
}

extension Place {
    /// A place for tests: id `provider:native`, optional rating on a 0–10 scale.
    public static func sample(
        _ provider: ProviderID = "test", _ native: String, name: String, at coordinate: Coordinate,
        concepts: Set<PlaceConcept> = [.coffeeShop], rating: Double? = nil, ratingCount: Int? = nil
    ) -> Place {
        Place(
            id: PlaceID(provider: provider, nativeID: native), name: name, coordinate: coordinate,
            categories: [Category(name: "Coffee Shop")], concepts: concepts,
            rating: rating.flatMap { Rating($0, outOf: 10, count: ratingCount) })
    }
}
