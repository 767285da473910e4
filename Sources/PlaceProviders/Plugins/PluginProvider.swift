public import Foundation
public import PlaceCore

/// A provider that is a program of its own, in any language: found as `places-provider-NAME` on
/// PATH or named in the config (`[plugins] NAME = "/path/to/exe"`), asked through
/// ``PluginProtocol``, cut at the deadline like any provider, and never trusted: what it prints is
/// checked before it becomes a place, and a plugin that fails is named while the others answer.
public struct PluginProvider: PlaceProvider {
    /// The id the plugin gave in `describe`.
    public let id: ProviderID
    /// The categories the plugin gave in `describe`.
    public let capabilities: ProviderCapabilities
    /// The plugin's program, started once for each search.
    public let executable: URL
    /// Lines the plugin writes to stderr, passed on under its name.
    private let stderrLine: @Sendable (String) -> Void

    /// A provider for the plugin at `executable`, as it described itself; `stderrLine` receives each line it writes to stderr.
    public init(description: PluginProtocol.Description, executable: URL, stderrLine: @escaping @Sendable (String) -> Void) {
        id = ProviderID(description.id)
        capabilities = ProviderCapabilities(categories: Set(description.categories))
        self.executable = executable
        self.stderrLine = stderrLine
    }

    /// Ready, from the plugin on this machine.
    public var status: ProviderStatus { .local("the plugin \(executable.path)") }

    /// Runs `EXE search` with the request on stdin and checks every place it prints.
    /// - Throws: ``ProviderError``: `.unsupported` for a category it did not describe, `.timedOut` when it is stopped at the
    ///   deadline, `.unavailable` when it cannot run or exits with a status other than 0, `.unexpectedResponse` when its answer
    ///   cannot be used.
    public func search(_ request: SearchRequest) async throws -> [Place] {
        guard answers(request.category) else {
            throw ProviderError(provider: id, kind: .unsupported, message: "the plugin does not answer \(request.category)")
        }
        let result: PluginProcess.Result
        do {
            result = try await PluginProcess(executable: executable).run("search", input: PluginProtocol.request(request), stderrLine: stderrLine)
        } catch let failure as PluginProcess.Failure {
            throw ProviderError(provider: id, kind: failure.isDeadline ? .timedOut : .unavailable, message: "the plugin \(failure)")
        }
        guard result.status == 0 else {
            throw ProviderError(provider: id, kind: .unavailable, message: "the plugin exited with status \(result.status)")
        }
        do {
            return try PluginProtocol.places(result.output, provider: id, category: request.category)
        } catch {
            throw ProviderError(
                provider: id, kind: .unexpectedResponse, message: "the plugin's answer cannot be used: \(error.description)",
                remedy: .advice("fix the plugin (\(executable.path)); see the plugin protocol in docs/live.md"))
        }
    }

    /// Runs `EXE describe` (under `deadline`).
    public static func describe(_ executable: URL, deadline: Duration, stderrLine: @escaping @Sendable (String) -> Void) async throws
        -> PluginProtocol.Description
    {
        let result = try await withDeadline(deadline) {
            try await PluginProcess(executable: executable).run("describe", input: Data(), stderrLine: stderrLine)
        }
        guard result.status == 0 else { throw PluginProtocol.Problem(description: "describe exited with status \(result.status)") }
        return try PluginProtocol.description(result.output)
    }
}

extension PluginProcess.Failure {
    var isDeadline: Bool {
        if case .killed = self { return true }
        return false
    }
}
