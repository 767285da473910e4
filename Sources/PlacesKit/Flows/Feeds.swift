import Foundation
public import PlaceProviders
public import PlaceCore

/// Which recommendation feed a flow reads, and finding one recommendation in it: shared by
/// `recommendations`, `route --to REC_ID` and `follow --to REC_ID`.
extension PlacesService {
    /// The feed `option` (`--feed FILE|URL|NAME`) names, else the one the config's `[feed]` sets.
    ///
    /// NAME is looked up first, in `[feeds]` (`NAME = "url or path"`); then `http(s)://…` is a URL and
    /// anything else a file path (relative to the current directory; `~/` is home). A URL feed
    /// gets this runtime's HTTP chain for `feed`, so cassettes, retries and logging apply.
    /// - Throws: ``PlacesError``: `usage` when the option is neither; `configuration` when no feed
    ///   is given or configured, or the config's value is not a URL or path.
    public func feed(_ option: String?) throws(PlacesError) -> RecommendationFeedProvider {
        let source: FeedSource
        if let option {
            let name = option.trimmingCharacters(in: .whitespaces)
            if let named = try settings.config.value("feeds.\(name)") {
                guard let parsed = FeedSource(parsing: named) else {
                    throw PlacesError(
                        .configuration, "\(name) in [feeds] of \(settings.config.displayName): '\(named)' is neither an http(s) URL nor a path")
                }
                source = parsed
            } else if let parsed = FeedSource(parsing: option) {
                source = parsed
            } else {
                throw PlacesError(
                    .usage, "'\(option)' is neither a file, an http(s) URL nor a name from [feeds] in the config\(knownFeedNames)", parameter: "feed")
            }
        } else {
            let section = try settings.config.section("feed")
            let configured: FeedSource?
            do {
                configured = try RecommendationFeedProvider.configuredSource(section)
            } catch {
                throw PlacesError(.configuration, "\(settings.config.displayName): \(error.message)", remedy: error.remedy)
            }
            guard let configured else {
                throw PlacesError(.configuration, "no feed configured" + knownFeedNames, remedy: Remedy(.chooseFeed))
            }
            source = configured
        }
        guard let client = client(for: RecommendationFeedProvider.providerID) else {
            throw PlacesError(.bug, "the feed provider is missing from the catalog (a bug in places)")
        }
        return RecommendationFeedProvider(source: source, client: client)
    }

    /// Reads the feed under the provider deadline. Says on stderr, one line each, which entries
    /// were skipped (`places: feed.json: entry 3 (rec-x): no latitude; skipped`) and, for a URL,
    /// where the answer came from when it was replayed.
    /// - Throws: ``PlacesError``: `notFound` for a missing file or HTTP 404, `badData` for a
    ///   document that is not a feed or has no usable entry, `unavailable` for a URL that did not
    ///   answer (or has no recording offline).
    public func loadFeed(_ provider: RecommendationFeedProvider) async throws(PlacesError) -> RecommendationFeed {
        let feed: RecommendationFeed
        do {
            feed = try await withDeadline(aggregator.deadline(for: provider.id)) { try await provider.load() }
        } catch {
            if case .url = provider.source { await sayWhereAnswersCameFrom() }
            let failure = ProviderError(provider: provider.id, wrapping: error)
            var message = wording.line(failure)
            if failure.kind == .notFound, case .file = provider.source {
                message += "; " + wording.parameter("feed") + " takes a file, an http(s) URL or a name from [feeds] in the config" + knownFeedNames
            }
            throw PlacesError(PlacesError.kind(for: failure.kind), message, underlyingError: failure)
        }
        if case .url = provider.source { await sayWhereAnswersCameFrom() }
        for issue in feed.skipped { notices.warn("\(provider.source): \(issue); skipped") }
        return feed
    }

    /// The recommendation `id` names in `feed`: its own id (`rec-1`) or the place id (`feed:rec-1`).
    /// - Throws: ``PlacesError`` (`notFound`) naming the ids the feed has.
    public func recommendation(_ id: String, in feed: RecommendationFeed) throws(PlacesError) -> Place {
        if let place = feed.recommendation(id) { return place }
        let ids = feed.places.map(\.id.nativeID)
        let shown = ids.prefix(10).joined(separator: ", ") + (ids.count > 10 ? " and \(ids.count - 10) more" : "")
        throw PlacesError(.notFound, "no recommendation '\(id)' in the feed '\(feed.name)'; its ids are \(shown)")
    }

    /// ` (named feeds: a, b)` when `[feeds]` has any, for messages.
    private var knownFeedNames: String {
        let names = settings.config.readableSection("feeds").keys.sorted()
        return names.isEmpty ? "" : " (named feeds: \(names.joined(separator: ", ")))"
    }
}
