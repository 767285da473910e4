import Foundation
import PlaceBytes
public import PlaceProviders
import PlaceRanking
public import PlaceCore

/// `coffee`: the best coffee within walking distance.
public struct CoffeeQuery: Sendable {
    /// Where to look: a point or a name; nil for the saved centre.
    public var near: PositionInput?
    /// How many places to list: 1–50.
    public var top: Int
    /// How far to search; nil for what can be walked within ``maxWalk``.
    public var radius: Distance?
    /// The longest walk accepted, above 0 and at most 3 hours.
    public var maxWalk: StatedDuration
    /// Only places open at this moment (by their opening hours, on their own clock).
    public var openNow: Bool
    /// Only these providers; empty for every ready one.
    public var providers: [ProviderID]
    /// Answer from imported OpenStreetMap data only.
    public var offline: Bool

    /// A search near `near`; the defaults are those of `places coffee`.
    public init(
        near: PositionInput? = nil, top: Int = 10, radius: Distance? = nil, maxWalk: StatedDuration = StatedDuration(seconds: 900),
        openNow: Bool = false,
        providers: [ProviderID] = [], offline: Bool = false
    ) {
        self.near = near
        self.top = top
        self.radius = radius
        self.maxWalk = maxWalk
        self.openNow = openNow
        self.providers = providers
        self.offline = offline
    }

    /// Checks every value; the same words whether the CLI or the server asks.
    /// - Parameter catalog: the providers `providers` may name; nil checks everything else (a plugin
    ///   found later may answer).
    public func validate(catalog: ProviderCatalog?) throws(PlacesError) {
        try Check.top(top)
        if let radius { try Check.radius(radius) }
        try Check.walk(maxWalk, parameter: "max-walk", limit: 3 * 3600, example: "15 or 10m")
        if let catalog { try Check.selection(providers, for: .coffee, catalog: catalog) }
    }
}

extension PlacesService {
    /// The best coffee within walking distance of the query's place: every ready provider asked at
    /// once, their answers merged and ranked by the walk, rating and how much coffee is their focus.
    /// - Throws: ``PlacesError``: usage for a query out of bounds; unavailable when no provider is ready.
    ///   A provider that fails is in the outcome's failures, and the others still answer.
    public func coffee(_ query: CoffeeQuery) async throws(PlacesError) -> RankedSearch {
        try query.validate(catalog: catalog)
        let focus = try await position(query.near, offline: query.offline)
        let profile = CoffeeProfile(maximumWalkSeconds: query.maxWalk.seconds, requireOpen: query.openNow, top: query.top)
        let radius = query.radius?.meters ?? profile.searchRadius
        let request = SearchRequest(category: .coffee, focus: focus.coordinate, radius: radius, limit: 50, openAt: now)
        let outcome = try await answers(request, selected: query.providers, offline: query.offline)
        // Each place's hours are read on its own clock (Place.timeZone), never this machine's.
        let routed = routedWalks(from: focus.coordinate, to: outcome.places, maximumWalkSeconds: query.maxWalk.seconds)
        let context = RankingContext(focus: focus.coordinate, now: now, routedMeters: routed.metres, walkEnds: routed.ends)
        warnIfPlacesClocksAreUnknown()
        let ranking = profile.rank(outcome.places, context: context)
        if let note = await edgeNote(request, outcome: outcome, offline: query.offline) { notices.warn(note) }
        if ranking.ranked.isEmpty {
            let remedy = "try a longer " + wording.parameter("max-walk") + (query.openNow ? " or drop " + wording.parameter("open-now") : "")
            notices.say(
                await nothingFound(
                    "coffee place", condition: query.openNow ? "open now and " : "", request: request, outcome: outcome, offline: query.offline,
                    walk: "\(Int((query.maxWalk.seconds / 60).rounded())) min walk", remedy: remedy))
        }
        let echo: JSONValue = [
            "category": "coffee",
            "near": DocumentParts.position(focus),
            "radius_m": JSONValue(Int(radius.rounded())),
            "max_walk_min": DocumentParts.number(query.maxWalk.seconds / 60, places: 2),
            "open_now": .bool(query.openNow),
            "top": JSONValue(query.top),
            "at": .string(now.formatted(.iso8601)),
        ]
        return RankedSearch(category: .coffee, focus: focus, request: request, outcome: outcome, ranking: ranking, query: echo)
    }
}
