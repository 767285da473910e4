public import PlaceCore

/// A plugin that could not say what it is: listed by `places providers`, never ready, and named
/// once when a search passes it by.
public struct BrokenPlugin: PlaceProvider {
    public let id: ProviderID
    public let capabilities = ProviderCapabilities(categories: [])
    public let problem: String

    public init(id: ProviderID, problem: String) {
        self.id = id
        self.problem = problem
    }

    public var status: ProviderStatus { .notReady(.misconfigured(problem)) }

    public func search(_ request: SearchRequest) async throws -> [Place] {
        throw ProviderError(provider: id, kind: .unavailable, message: problem)
    }
}
