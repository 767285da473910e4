public import Foundation
import PlaceBytes
public import PlaceCore
import PlaceStore
public import Tracking

/// One thing following a walk reports.
public enum FollowEvent: Sendable {
    /// A route to follow: asked for (`source` is the provider) or given (`source` is the file).
    case route(source: String, distance: Double, duration: Double?, points: Int, at: Date?, reroute: Bool)
    case monitor(RouteMonitor.Event, award: AwardNote?)
    case end(fixes: Int, used: Int, skipped: Int, arrived: Bool, remaining: Double?, lastFix: LocationFix?)

    /// What arriving at a recommendation did to the points.
    public enum AwardNote: Sendable, Equatable {
        case awarded(points: Int, balance: Int)
        case already(points: Int, on: Date)
        case expired(Date)
        /// Arrived by a wider arrival radius, but farther than the recommendation's own radius.
        case outOfReach(radius: Double, distance: Double)
        /// The arrival cannot earn points (a replayed or implausible walk), and why.
        case refused(String)
    }
}

/// `follow`: a walk along a route.
public struct FollowQuery: Sendable {
    /// `LAT,LON`, a place's name, or with ``feed`` a recommendation id.
    public var to: String
    /// The feed ``to`` names a recommendation of: a file, an http(s) URL or a name from `[feeds]`.
    public var feed: String?
    /// A route to follow instead of asking a provider, and what it is called in events.
    public var route: (path: [Coordinate], source: String)?
    /// The routing provider; nil for the best ready one.
    public var provider: ProviderID?
    /// The monitor's settings; an arrival radius of nil means the recommendation's own (else 50 m).
    public var settings: RouteMonitor.Settings
    /// Metres from the target that count as arriving; nil: the recommendation's own, else 50 m.
    public var arrivalRadius: Double?
    /// Ask for a new route from where the walker left the old one.
    public var reroute: Bool

    /// A walk to `to`, on a route asked of `provider` unless `route` is given.
    public init(
        to: String, feed: String? = nil, route: (path: [Coordinate], source: String)? = nil, provider: ProviderID? = nil,
        settings: RouteMonitor.Settings = RouteMonitor.Settings(), arrivalRadius: Double? = nil, reroute: Bool = false
    ) {
        self.to = to
        self.feed = feed
        self.route = route
        self.provider = provider
        self.settings = settings
        self.arrivalRadius = arrivalRadius
        self.reroute = reroute
    }
}

/// Who the points of an arrival go to, and whether the arrival may earn them. The CLI awards to the
/// local ledger; the server to the walker's own, after checking the fixes were live.
public protocol AwardLedger: Sendable {
    /// Writes `entry` once per (owner, feed, recommendation); returns what happened.
    func award(_ entry: PointsEntry) async throws(PlacesError) -> AwardOutcome
    /// Why the arrival at `fix` may not earn `entry`'s points under `offer` (the ledger keeps the
    /// refusal), or nil when it may. Asked first, before the offer's expiry and reach.
    func refusal(for entry: PointsEntry, offer: RecommendationOffer, at fix: LocationFix) async throws(PlacesError) -> String?
}

// MARK: - Default implementations

extension AwardLedger {
    /// A person's own trace is trusted: every arrival may earn.
    public func refusal(for entry: PointsEntry, offer: RecommendationOffer, at fix: LocationFix) throws(PlacesError) -> String? { nil }
}

/// The local store's ledger.
public struct StoreLedger: AwardLedger {
    /// The store whose points ledger is written.
    public let store: StoreAccess

    /// The ledger of `store`.
    public init(store: StoreAccess) { self.store = store }

    /// Writes `entry` once: a second arrival at the same recommendation keeps the first award.
    public func award(_ entry: PointsEntry) throws(PlacesError) -> AwardOutcome {
        let opened = try store.writing()
        return try StoreAccess.run { () throws(StoreError) in try opened.award(entry) }
    }
}

/// A walk ready to be followed: where it goes and with what, resolved before any fix is read.
public struct FollowPlan: Sendable {
    /// What was asked.
    public let query: FollowQuery
    /// Where the walk goes, resolved.
    public let target: WalkTarget
    /// The monitor's settings, with the arrival radius decided.
    public let settings: RouteMonitor.Settings
    let routing: (any RoutingProvider)?

    /// "Waterlooplein (feed:rec-waterlooplein)" for a recommendation, nil for a point.
    public var targetName: String? { target.recommendation.map { "\($0.name) (\($0.id))" } }
}

extension PlacesService {
    /// Resolves the target (a point, a name, a recommendation), the monitor's settings and the
    /// routing provider.
    public func planFollow(_ query: FollowQuery) async throws(PlacesError) -> FollowPlan {
        // Routed over the imported streets (--offline): the name is looked up among the imported names only.
        let target = try await walkTarget(query.to, feed: query.feed, offline: query.provider == LocalRouting.providerID)
        var settings = query.settings
        settings.arrivalRadius = query.arrivalRadius ?? target.offer?.arrivalRadius ?? RecommendationOffer.defaultRadius
        let routing = query.route == nil ? try routingProvider(named: query.provider) : nil
        return FollowPlan(query: query, target: target, settings: settings, routing: routing)
    }

    /// Follows the fixes of `trace` along a route to the plan's target, as a sequence of events: the
    /// route (asked from the first usable fix, and again when the checks re-anchor or, with
    /// `reroute`, when the walker leaves it), off route, back on route, arrived (awarding a
    /// recommendation's points once, into `ledger`), and an end with a summary. Nothing follows
    /// arrival. Skipped fixes are said as notices.
    /// - Parameters:
    ///   - trace: the trace's items as they come (a file read in a loop, fixes arriving over a network).
    ///   - name: the trace as named in notices.
    public func follow(
        _ plan: FollowPlan, trace: some AsyncSequence<TraceItem, any Error> & Sendable, name: String, ledger: (any AwardLedger)? = nil
    ) -> AsyncThrowingStream<FollowEvent, any Error> {
        let ledger = ledger ?? StoreLedger(store: store)
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    var walk = FollowWalk(service: self, plan: plan, ledger: ledger, filter: TraceFilter(name: name, notices: notices))
                    for try await item in trace {
                        for event in try await walk.take(item) { continuation.yield(event) }
                        if walk.arrived { break }
                    }
                    continuation.yield(try walk.finish())
                    continuation.finish()
                } catch let error as TraceError {
                    continuation.finish(throwing: TraceFilter.error(error))
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}

/// The state of one walk being followed.
struct FollowWalk {
    let service: PlacesService
    let query: FollowQuery
    let ledger: any AwardLedger
    var filter: TraceFilter
    let target: WalkTarget
    let settings: RouteMonitor.Settings
    let routing: (any RoutingProvider)?
    var monitor: RouteMonitor?
    private(set) var arrived = false
    var lastFix: LocationFix?

    init(service: PlacesService, plan: FollowPlan, ledger: any AwardLedger, filter: TraceFilter) {
        self.service = service
        self.query = plan.query
        self.target = plan.target
        self.settings = plan.settings
        self.routing = plan.routing
        self.ledger = ledger
        self.filter = filter
    }

    mutating func take(_ item: TraceItem) async throws(PlacesError) -> [FollowEvent] {
        guard let fix = filter.take(item) else { return [] }
        lastFix = fix
        var events: [FollowEvent] = []
        if monitor == nil {
            // The first usable fix: the route starts here (or is the one given).
            _ = filter.takeReanchor()
            events.append(try await startRoute(from: fix, to: target))
        } else if filter.takeReanchor(), let routing {
            // The route was asked from a fix the checks have since found wrong: ask again from here.
            let path = try await walkingRoute(from: fix, to: target.coordinate, with: routing, reroute: false, into: &events)
            do { monitor = try RouteMonitor(route: path, destination: target.coordinate, settings: settings) } catch {
                throw PlacesError(.badData, "\(routing.id) returned an empty route; try another provider or give a route")
            }
        }
        guard var current = monitor else { return events }
        let processed = current.process(fix)
        monitor = current
        guard let event = processed else { return events }
        var award: FollowEvent.AwardNote?
        if case .arrived = event {
            arrived = true
            award = try await self.award(target, at: fix)
        }
        events.append(.monitor(event, award: award))
        if query.reroute, case .offRoute = event, let routing {
            // A failed reroute keeps the old route: the walk goes on being followed.
            do {
                let path = try await walkingRoute(from: fix, to: target.coordinate, with: routing, reroute: true, into: &events)
                monitor = try RouteMonitor(route: path, destination: target.coordinate, settings: settings)
            } catch {
                service.notices.warn("could not reroute from \(fix.coordinate) (\(error)); following the old route")
            }
        }
        return events
    }

    private mutating func startRoute(from fix: LocationFix, to target: WalkTarget) async throws(PlacesError) -> FollowEvent {
        if let given = query.route {
            let length: Double
            do { length = try PlanarPath(given.path).length } catch {
                throw PlacesError(.badData, "\(given.source): \(error.description); give a route with at least one line")
            }
            do { monitor = try RouteMonitor(route: given.path, destination: target.coordinate, settings: settings) } catch {
                throw PlacesError(.badData, "\(given.source): \(error.description); give a route with at least one line")
            }
            return .route(source: given.source, distance: length, duration: nil, points: given.path.count, at: fix.time, reroute: false)
        }
        guard let routing else { throw PlacesError(.bug, "no routing provider and no route") }
        try PlacesService.checkWalkable(
            from: ResolvedPosition(coordinate: fix.coordinate, name: "the trace's first fix", origin: .given), to: target.position)
        var events: [FollowEvent] = []
        let path = try await walkingRoute(from: fix, to: target.coordinate, with: routing, reroute: false, into: &events)
        do { monitor = try RouteMonitor(route: path, destination: target.coordinate, settings: settings) } catch {
            throw PlacesError(.badData, "\(routing.id) returned an empty route; try another provider or give a route")
        }
        return events[0]
    }

    /// A route from `fix` to `destination`, said as a route event.
    private func walkingRoute(
        from fix: LocationFix, to destination: Coordinate, with provider: any RoutingProvider, reroute: Bool, into events: inout [FollowEvent]
    ) async throws(PlacesError) -> [Coordinate] {
        let found = try await service.route(RouteRequest(origin: fix.coordinate, destination: destination), with: provider)
        guard !found.path.isEmpty else {
            throw PlacesError(.badData, "\(provider.id) returned a route without a path; try another provider or give a route")
        }
        for warning in found.warnings { service.notices.warn("\(provider.id): \(warning)") }
        events.append(
            .route(
                // Who answered: `local` when the live router fell back to the imported streets.
                source: found.provider.rawValue, distance: found.distance, duration: found.duration, points: found.path.count,
                at: fix.time, reroute: reroute))
        return found.path
    }

    /// Arriving at a recommendation writes its points to the ledger, once.
    private func award(_ target: WalkTarget, at fix: LocationFix) async throws(PlacesError) -> FollowEvent.AwardNote? {
        guard let place = target.recommendation, let offer = target.offer else { return nil }
        let arrivedAt = fix.time ?? service.now
        let entry = PointsEntry(
            feed: offer.feed, recommendationID: place.id, name: place.name, points: offer.points, arrivedAt: arrivedAt,
            recordedAt: service.now, position: fix.coordinate)
        if let reason = try await ledger.refusal(for: entry, offer: offer, at: fix) { return .refused(reason) }
        if let expires = offer.expires, offer.hasExpired(at: arrivedAt) { return .expired(expires) }
        // A wider arrival radius ends the walk sooner; the points still need the recommendation's own reach.
        let distance = fix.coordinate.distance(to: place.coordinate)
        if distance > offer.arrivalRadius { return .outOfReach(radius: offer.arrivalRadius, distance: distance) }
        switch try await ledger.award(entry) {
        case .awarded(let balance): return .awarded(points: offer.points, balance: balance)
        case .alreadyAwarded(let earlier): return .already(points: earlier.points, on: earlier.arrivedAt)
        case .sameWalk(let first): return .refused("the same walk was sent before, at \(ISO8601Text.format(first))")
        }
    }

    /// The summary event; throws when the trace had nothing usable.
    mutating func finish() throws(PlacesError) -> FollowEvent {
        filter.finish(
            withoutAccuracy: "the plain thresholds applied (set them with " + service.wording.parameter("tolerance") + " and "
                + service.wording.parameter("off-route-distance") + ")")
        guard filter.used > 0 else { throw filter.noUsableFix() }
        return .end(
            fixes: filter.read, used: filter.used, skipped: filter.skipped, arrived: arrived,
            remaining: arrived ? nil : monitor?.progress.remaining, lastFix: lastFix)
    }
}
