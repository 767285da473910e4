import Foundation
import PlaceSearch
import PlaceProviders

/// Which recommendation feed a command reads, and finding one recommendation in it: shared by
/// `places recommendations` and `places follow --to REC_ID`.
extension Runtime {
    /// The feed `option` (`--feed FILE|URL|NAME`) names, else the one the config's `[feed]` sets.
    ///
    /// NAME is looked up first, in `[feeds]` (`NAME = "url or path"`); then `http(s)://…` is a URL and
    /// anything else a file path (relative to the current directory; `~/` is home). A URL feed
    /// gets this runtime's HTTP chain for `feed`, so cassettes, retries and logging apply.
    /// - Throws: ``CLIError``: `usage` when the option is neither; `config` when no feed is given
    ///   or configured, or the config's value is not a URL or path.
    func feed(_ option: String?) throws -> RecommendationFeedProvider {
        let source: FeedSource
        if let option {
            let name = option.trimmingCharacters(in: .whitespaces)
            if let named = config.value("feeds.\(name)") {
                guard let parsed = FeedSource(parsing: named) else {
                    throw CLIError(
                        "\(name) in [feeds] of \(config.path ?? "the config file"): '\(named)' is neither an http(s) URL nor a path", status: .config)
                }
                source = parsed
            } else if let parsed = FeedSource(parsing: option) {
                source = parsed
            } else {
                throw CLIError(
                    "--feed '\(option)' is neither a file, an http(s) URL nor a name from [feeds] in the config\(knownFeedNames)", status: .usage)
            }
        } else {
            let settings = config.values.filter { $0.key.hasPrefix("feed.") }
                .reduce(into: [String: String]()) { $0[String($1.key.dropFirst("feed.".count))] = $1.value }
            do {
                guard let configured = try RecommendationFeedProvider.configuredSource(settings) else {
                    throw CLIError(RecommendationFeedProvider.unconfiguredAdvice + knownFeedNames, status: .config)
                }
                source = configured
            } catch let error as ProviderError {
                throw CLIError("\(config.path ?? "the config file"): \(error.message)" + (error.hint.map { "; \($0)" } ?? ""), status: .config)
            }
        }
        guard let client = client(for: RecommendationFeedProvider.providerID) else {
            throw CLIError("the feed provider is missing from the catalog (a bug in places)", status: .software)
        }
        return RecommendationFeedProvider(source: source, client: client)
    }

    /// Reads the feed under the provider deadline. Says on stderr, one line each, which entries
    /// were skipped (`places: feed.json: entry 3 (rec-x): no latitude; skipped`) and, for a URL,
    /// where the answer came from when it was replayed.
    /// - Throws: ``CLIError``: `noInput` (66) for a missing file or HTTP 404, `data` (65) for a
    ///   document that is not a feed or has no usable entry, `unavailable` (69) for a URL that
    ///   did not answer (or has no recording offline).
    func loadFeed(_ provider: RecommendationFeedProvider) async throws -> RecommendationFeed {
        let feed: RecommendationFeed
        do {
            feed = try await withDeadline(aggregator.deadline(for: provider.id)) { try await provider.load() }
        } catch {
            if case .url = provider.source, let note = await replayNote() { StandardError.line("places: \(note)") }
            let failure = ProviderError(provider: provider.id, wrapping: error)
            var message = failure.description
            if failure.kind == .notFound, case .file = provider.source {
                message += "; --feed takes a file, an http(s) URL or a name from [feeds] in the config" + knownFeedNames
            }
            throw CLIError(message, status: ExitStatus.forFailure(failure.kind))
        }
        if case .url = provider.source, let note = await replayNote() { StandardError.line("places: \(note)") }
        for issue in feed.skipped { StandardError.line("places: \(provider.source): \(issue); skipped") }
        return feed
    }

    /// The recommendation `id` names in `feed`: its own id (`rec-1`) or the place id (`feed:rec-1`).
    /// - Throws: ``CLIError`` (`noInput`, 66) naming the ids the feed has.
    func recommendation(_ id: String, in feed: RecommendationFeed) throws -> Place {
        if let place = feed.recommendation(id) { return place }
        let ids = feed.places.map(\.id.nativeID)
        let shown = ids.prefix(10).joined(separator: ", ") + (ids.count > 10 ? " and \(ids.count - 10) more" : "")
        throw CLIError("no recommendation '\(id)' in the feed '\(feed.name)'; its ids are \(shown)", status: .noInput)
    }

    /// ` (named feeds: a, b)` when `[feeds]` has any, for messages.
    private var knownFeedNames: String {
        let names = config.values.keys.filter { $0.hasPrefix("feeds.") }.map { String($0.dropFirst("feeds.".count)) }.sorted()
        return names.isEmpty ? "" : " (named feeds: \(names.joined(separator: ", ")))"
    }
}
