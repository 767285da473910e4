public import Foundation
import PlaceBytes
public import PlaceProviders
public import PlaceRanking
public import PlaceCore

/// `parking`: parking near where you are going, priced for your stay.
public struct ParkingQuery: Sendable {
    /// Where you are going: a point or a name; nil for the saved centre.
    public var near: PositionInput?
    /// Rank by the cost of the stay, the walk and the room left; else nearest first.
    public var advice: Bool
    /// How long the stay is, as typed (`2h`): read with ``ArrivalTime/duration(_:)``.
    public var duration: String
    /// When the driver arrives, as typed (`fri 08:30`): read in the destination's zone.
    public var arrive: String
    /// How you can pay: of ``paymentMethods``; a meter that takes none of them is left out.
    public var methods: [String]
    /// Answers at most.
    public var top: Int
    /// How the answers are ordered; nil: by the advice, else nearest first.
    public var sort: ParkingProfile.Order?
    /// The longest walk from the car, above 0 and at most an hour.
    public var maxWalk: StatedDuration
    /// The providers to ask; empty: every ready parking provider.
    public var providers: [ProviderID]
    /// The imported data only: no network, no recordings.
    public var offline: Bool

    /// The payment methods ParkShark's meters know.
    public static let paymentMethods = ["cash", "pin", "creditcard", "chipknip"]

    /// A search near `near` for a stay of `duration` from `arrive`; the defaults are those of `places parking`.
    public init(
        near: PositionInput? = nil, advice: Bool = false, duration: String = "2h", arrive: String = "now", methods: [String] = ["cash", "pin"],
        top: Int = 10, sort: ParkingProfile.Order? = nil, maxWalk: StatedDuration = StatedDuration(seconds: 600), providers: [ProviderID] = [],
        offline: Bool = false
    ) {
        self.near = near
        self.advice = advice
        self.duration = duration
        self.arrive = arrive
        self.methods = methods
        self.top = top
        self.sort = sort
        self.maxWalk = maxWalk
        self.providers = providers
        self.offline = offline
    }

    /// - Parameter catalog: the providers `providers` may name; nil checks everything else (a plugin
    ///   found later may answer).
    public func validate(catalog: ProviderCatalog?) throws(PlacesError) {
        try Check.top(top)
        _ = try ArrivalTime.duration(duration)
        _ = try ArrivalTime.arrival(arrive, now: Date(), timeZone: .current)
        try Check.walk(maxWalk, parameter: "max-walk", limit: 3600, example: "10 or 5m")
        let known = Self.paymentMethods
        guard !methods.isEmpty else {
            throw PlacesError(.usage, "needs at least one of \(known.joined(separator: ", "))", parameter: "methods")
        }
        for method in methods where !known.contains(method) {
            throw PlacesError(.usage, "'\(method)' is not a payment method; use \(known.joined(separator: ", "))", parameter: "methods")
        }
        if let catalog { try Check.selection(providers, for: .parking, catalog: catalog) }
    }
}

/// A ranked parking search, with the stay it was priced for.
public struct ParkingSearchResult: Sendable {
    /// The answers, ranked, with what each provider did.
    public let search: RankedSearch
    /// The stay they were priced for: its arrival and length.
    public let stay: Stay
    /// The destination's time zone, in which the arrival was read and is shown.
    public let timeZone: TimeZone
}

extension PlacesService {
    /// Parking near the query's place, each priced for the stay by its provider or its tariff, and ranked.
    /// - Throws: ``PlacesError``: usage for a query out of bounds; unavailable when no provider is ready.
    public func parking(_ query: ParkingQuery) async throws(PlacesError) -> ParkingSearchResult {
        try query.validate(catalog: catalog)
        let focus = try await position(query.near, offline: query.offline)
        warnIfPlacesClocksAreUnknown()
        let zone = TimeZoneMap.zone(at: focus.coordinate)
        let stay = Stay(arrival: try ArrivalTime.arrival(query.arrive, now: now, timeZone: zone), duration: try ArrivalTime.duration(query.duration))
        if stay.arrival < now.addingTimeInterval(-60) {
            notices.warn("the arrival \(ArrivalTime.describe(stay.arrival, in: zone)) is in the past; the stay is priced for then")
        }
        let order = query.sort ?? (query.advice ? .score : .walk)
        let profile = ParkingProfile(
            stay: stay, maximumWalkSeconds: query.maxWalk.seconds, paymentMethods: query.methods, dropUnusable: query.advice, order: order,
            top: query.top)
        let request = SearchRequest(
            category: .parking, focus: focus.coordinate, radius: profile.searchRadius, limit: 50, openAt: nil,
            parking: ParkingSearch(stay: query.advice ? stay : nil, paymentMethods: query.methods))
        let outcome = try await answers(request, selected: query.providers, offline: query.offline) { outcome in
            guard query.advice, let note = outcome.places.lazy.compactMap({ $0.tags["cost_note"] }).first else { return [] }
            return ["parkshark: \(note)"]
        }
        let routed = routedWalks(from: focus.coordinate, to: outcome.places, maximumWalkSeconds: query.maxWalk.seconds)
        let ranking = profile.rank(
            outcome.places,
            context: RankingContext(focus: focus.coordinate, now: now, timeZone: zone, routedMeters: routed.metres, walkEnds: routed.ends))
        if let note = await edgeNote(request, outcome: outcome, offline: query.offline) { notices.warn(note) }
        if ranking.ranked.isEmpty {
            let paying = query.advice ? " that takes \(query.methods.joined(separator: ",")) for \(stay.durationText)" : ""
            notices.say(
                await nothingFound(
                    "parking\(paying)", request: request, outcome: outcome, offline: query.offline,
                    walk: "\(Int((query.maxWalk.seconds / 60).rounded())) min walk", remedy: "try a longer " + wording.parameter("max-walk")))
        }
        let echo: JSONValue = [
            "category": "parking",
            "advice": .bool(query.advice),
            "near": DocumentParts.position(focus),
            "arrival": .string(stay.arrival.formatted(.iso8601)),
            "arrival_local": .string(ArrivalTime.describe(stay.arrival, in: zone)),
            "time_zone": .string(zone.identifier),
            "duration_min": JSONValue(Int((stay.duration / 60).rounded())),
            "methods": .array(query.methods.map { .string($0) }),
            "max_walk_min": DocumentParts.number(query.maxWalk.seconds / 60, places: 2),
            "sort": .string(order.rawValue),
            "top": JSONValue(query.top),
        ]
        let search = RankedSearch(category: .parking, focus: focus, request: request, outcome: outcome, ranking: ranking, query: echo)
        return ParkingSearchResult(search: search, stay: stay, timeZone: zone)
    }
}
