public import PlaceCore

/// A plugin that could not say what it is: listed by `places providers`, never ready, and named
/// once when a search passes it by.
public struct BrokenPlugin: PlaceProvider {
    /// The plugin's name, as found on PATH or in `[plugins]`.
    public let id: ProviderID
    /// None: it answers no category.
    public let capabilities = ProviderCapabilities(categories: [])
    /// What is wrong with it, in words: `the plugin /path/to/exe is not an executable file`.
    public let problem: String

    /// A broken plugin named `id`, which fails with `problem`.
    public init(id: ProviderID, problem: String) {
        self.id = id
        self.problem = problem
    }

    /// Never ready: misconfigured, for ``problem``.
    public var status: ProviderStatus { .notReady(.misconfigured(problem)) }

    /// Always throws ``ProviderError`` `.unavailable` with ``problem``.
    public func search(_ request: SearchRequest) async throws -> [Place] {
        throw ProviderError(provider: id, kind: .unavailable, message: problem)
    }
}
