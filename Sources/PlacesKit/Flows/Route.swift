import PlaceProviders
public import PlaceCore

/// Where a walk goes: a point or a place's name, or a recommendation of a feed (whose arrival earns points).
public struct WalkTarget: Sendable {
    /// The point the walk goes to, and how it was found.
    public let position: ResolvedPosition
    /// The recommendation, when the target named one.
    public let recommendation: Place?

    /// Where the walk ends.
    public var coordinate: Coordinate { position.coordinate }
    /// What arriving earns, for a recommendation.
    public var offer: RecommendationOffer? { recommendation?.recommendation }
}

/// `route`: a walking route between two points.
public struct RouteQuery: Sendable {
    /// Where the walk starts: a point or a name; nil for the saved centre.
    public var from: PositionInput?
    /// `LAT,LON`, a place's name, or with ``feed`` a recommendation id (`rec-1` or `feed:rec-1`).
    public var to: String
    /// The feed ``to`` names a recommendation of: a file, an http(s) URL or a name from `[feeds]`.
    public var feed: String?
    /// The routing provider; nil for the best ready one. `local` routes over the imported streets.
    public var provider: ProviderID?
    /// Over the imported streets only: no network, no recordings.
    public var offline: Bool

    /// A walk to `to`, from `from` (or the saved centre).
    public init(from: PositionInput? = nil, to: String, feed: String? = nil, provider: ProviderID? = nil, offline: Bool = false) {
        self.from = from
        self.to = to
        self.feed = feed
        self.provider = provider
        self.offline = offline
    }
}

/// A route as the flow answers it.
public struct RouteResult: Sendable {
    /// The path, its length, its time and its steps.
    public let route: Route
    /// Where the walk starts, resolved.
    public let origin: ResolvedPosition
    /// Where it ends.
    public let destination: WalkTarget
    /// Who routed it.
    public let provider: ProviderID
}

extension PlacesService {
    /// A walking route from the query's origin to its target, asked of the routing provider (or over
    /// the imported streets when offline).
    /// - Throws: ``PlacesError``: usage for a position that cannot be read, notFound for a target or
    ///   recommendation no one knows, unavailable when no provider answers.
    public func route(_ query: RouteQuery) async throws(PlacesError) -> RouteResult {
        let origin = try await position(query.from, parameter: "from", offline: query.offline)
        let target = try await walkTarget(query.to, feed: query.feed, bias: origin.coordinate, offline: query.offline)
        try Self.checkWalkable(from: origin, to: target.position)
        let provider = try routingProvider(named: query.offline ? LocalRouting.providerID : query.provider)
        let route = try await route(RouteRequest(origin: origin.coordinate, destination: target.coordinate), with: provider)
        // The provider that answered: the imported streets' when a live one fell back to them.
        return RouteResult(route: route, origin: origin, destination: target, provider: route.provider)
    }

    /// The farthest apart two ends of a walking route may be: past it, one of the names was
    /// surely read as a place the person did not mean (Dam Dam in India for Dam square).
    public static let longestWalk = 50_000.0

    /// Refuses a walk whose ends are more than ``longestWalk`` apart, naming both.
    static func checkWalkable(from origin: ResolvedPosition, to destination: ResolvedPosition) throws(PlacesError) {
        let metres = origin.coordinate.distance(to: destination.coordinate)
        guard metres > longestWalk else { return }
        func named(_ position: ResolvedPosition) -> String {
            position.name.map { "\($0) (\(position.coordinate))" } ?? position.coordinate.description
        }
        throw PlacesError(
            .usage,
            "no walk from \(named(origin)) to \(named(destination)): they are \(Int((metres / 1000).rounded())) km apart, and a walk "
                + "joins places at most \(Int(longestWalk / 1000)) km apart; check the names, or give LAT,LON or the town after a comma "
                + "(\"Dam, Amsterdam\")")
    }

    /// `text` as a walk's target: `LAT,LON`; with a feed, one of its recommendations; else a name.
    public func walkTarget(_ text: String, feed: String?, bias: Coordinate? = nil, offline: Bool = false) async throws(PlacesError) -> WalkTarget {
        let input: PositionInput
        do { input = try PositionInput(parsing: text) } catch { throw PlacesError(.usage, error.message, parameter: "to") }
        if case .coordinate(let coordinate) = input {
            return WalkTarget(position: ResolvedPosition(coordinate: coordinate, origin: .given), recommendation: nil)
        }
        if let feed {
            let contents = try await loadFeed(try self.feed(feed))
            let place = try recommendation(text, in: contents)
            return WalkTarget(position: ResolvedPosition(coordinate: place.coordinate, name: place.name, origin: .given), recommendation: place)
        }
        // A place's id as coffee, parking or complete print it (osm:node/42, foursquare:…): where
        // its provider says it is.
        if let id = try? PlaceID(parsing: text), registry.provider(id.provider) != nil {
            let place = try await details(for: id, as: text, offline: offline)
            notices.say("to: \(place.name) (\(id)) \(place.coordinate)")
            return WalkTarget(position: ResolvedPosition(coordinate: place.coordinate, name: place.name, origin: .given), recommendation: nil)
        }
        // The feed the config sets is the default here too, as for recommendations: a
        // recommendation's id needs no feed named when there is one.
        if let configured = try? self.feed(nil), let contents = try? await loadFeed(configured), let place = contents.recommendation(text) {
            return WalkTarget(position: ResolvedPosition(coordinate: place.coordinate, name: place.name, origin: .given), recommendation: place)
        }
        let hint = "to name a recommendation, also give " + wording.parameter("feed")
        return WalkTarget(position: try await resolve(name: text, parameter: "to", hint: hint, offline: offline), recommendation: nil)
    }

    /// The provider to route with: the one named, else the first that is ready with its own key
    /// (Google, when GOOGLE_MAPS_API_KEY is set), else the first keyless one (OSRM).
    public func routingProvider(named name: ProviderID?) throws(PlacesError) -> any RoutingProvider {
        let providers = registry.routingProviders
        if let name {
            guard let provider = providers.first(where: { $0.id == name }) else {
                throw PlacesError(
                    .usage, "unknown routing provider '\(name)'; use one of \(providers.map(\.id.rawValue).joined(separator: ", "))")
            }
            guard provider.status.isReady else {
                throw PlacesError(.configuration, "\(provider.id) cannot route: \(wording.detail(provider.status))")
            }
            return provider
        }
        let local = registry.provider(LocalRouting.providerID) as? LocalRouting
        // The imported streets stand in when the network and the recordings cannot answer.
        func withLocal(_ provider: any RoutingProvider) -> any RoutingProvider {
            guard let local, local.status.isReady, provider.id != local.id else { return provider }
            return LocalFallbackRouting(live: provider, local: local, notices: notices)
        }
        if let keyed = providers.first(where: { credential(for: $0.id) != nil && $0.status.isReady }) { return withLocal(keyed) }
        // Without a key, the keyless one (a replayed Google answer would not be what the user has);
        // a keyless one that is misconfigured is said, not passed over.
        let keyless = Set(catalog.factories.filter { $0.keyVariable == nil }.map(\.id))
        guard let fallback = providers.first(where: { keyless.contains($0.id) }) ?? providers.first(where: { $0.status.isReady }) else {
            throw PlacesError(.configuration, "no routing provider is ready", remedy: Remedy(.reviewProviders))
        }
        guard fallback.status.isReady else { throw PlacesError(.configuration, "\(fallback.id) cannot route: \(wording.detail(fallback.status))") }
        return withLocal(fallback)
    }

    /// A route from the provider, under its deadline.
    public func route(_ request: RouteRequest, with provider: any RoutingProvider) async throws(PlacesError) -> Route {
        do {
            let route = try await withDeadline(aggregator.deadline(for: provider.id)) { try await provider.route(request) }
            await sayWhereAnswersCameFrom()
            return route
        } catch {
            await sayWhereAnswersCameFrom()
            var failure = ProviderError(provider: provider.id, wrapping: error)
            if failure.kind == .noRecording {
                let advice = locator.roots.isEmpty ? Remedy(.chooseRecordings) : Remedy(.importOrGoLive(areas: locator.areas.map(\.name)))
                failure = ProviderError(provider: failure.provider, kind: failure.kind, message: failure.message, remedy: advice)
            }
            throw PlacesError(PlacesError.kind(for: failure.kind), wording.line(failure), underlyingError: failure)
        }
    }
}
