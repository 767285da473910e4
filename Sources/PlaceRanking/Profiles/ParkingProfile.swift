import Foundation
public import PlaceCore

/// How a driver picks where to park for a stay: what the whole stay costs (not the hourly rate),
/// how far the walk from the car to the destination is, and whether there is room.
///
/// Filters: the walking limit; a full garage; a meter that takes none of the driver's payment
/// methods or does not allow a stay that long. Scores: cost of the stay (``StayCostScorer``) 0.5,
/// walk (``WalkScorer``) 0.35, availability (``AvailabilityScorer``) 0.15. Then the order asked
/// for (score, cost or walk) and the top N.
///
/// As a plain listing (`dropUnusable` false, sorted by walk) it keeps full and unusable places and
/// only prices them, which is what "parking around a point" wants.
public struct ParkingProfile: Sendable {
    /// How the result is ordered: by score, by the cost of the stay or by the walk.
    public enum Order: String, Sendable, CaseIterable {
        /// The weighted score, best first.
        case score
        /// The cheapest stay first; unknown costs last.
        case cost
        /// The shortest walk first.
        case walk
    }

    /// The stay to price: when the car arrives and for how long.
    public var stay: Stay
    /// The longest acceptable walk between the parking place and the destination, in seconds.
    public var maximumWalkSeconds: Double
    /// How the driver can pay (`cash`, `pin`, `creditcard`, `chipknip`); empty for any. Only read when ``dropUnusable`` is true.
    public var paymentMethods: [String]
    /// Leave out full places and those the driver cannot use for the stay; false keeps them, as a plain listing does.
    public var dropUnusable: Bool
    /// The order of the result.
    public var order: Order
    /// How many places to keep, the first in ``order``; nil keeps all.
    public var top: Int?
    /// The stay cost's weight (``StayCostScorer``), relative to the others.
    public var costWeight: Double
    /// The walk's weight (``WalkScorer``), relative to the others.
    public var walkWeight: Double
    /// The availability's weight (``AvailabilityScorer``), relative to the others.
    public var availabilityWeight: Double
    /// How distances become walks; it replaces the context's model in ``rank(_:context:)``.
    public var walking: WalkingModel

    /// A profile for `stay` with these settings; by default a walk of at most 10 minutes, unusable places dropped,
    /// best score first and every place kept.
    public init(
        stay: Stay, maximumWalkSeconds: Double = 10 * 60, paymentMethods: [String] = [], dropUnusable: Bool = true, order: Order = .score,
        top: Int? = nil, costWeight: Double = 0.5, walkWeight: Double = 0.35, availabilityWeight: Double = 0.15,
        walking: WalkingModel = WalkingModel()
    ) {
        self.stay = stay
        self.maximumWalkSeconds = maximumWalkSeconds
        self.paymentMethods = paymentMethods
        self.dropUnusable = dropUnusable
        self.order = order
        self.top = top
        self.costWeight = costWeight
        self.walkWeight = walkWeight
        self.availabilityWeight = availabilityWeight
        self.walking = walking
    }

    /// What to ask providers about: what can be walked within the limit, rounded up to 250 m,
    /// at least 500 m (so that limits close together send one request, and one cassette answers).
    public var searchRadius: Double {
        walking.searchRadius(forSeconds: maximumWalkSeconds, step: 250, minimum: 500)
    }

    /// The stages for these settings: the parking and walk filters, the full and usable filters (with ``dropUnusable``),
    /// the three scorers, the ``order`` and the top N.
    public func pipeline() -> RankingPipeline {
        let limit = maximumWalkSeconds
        let stay = stay
        let methods = Set(paymentMethods)
        var stages: [any RankingStage] = [
            FilterStage("parking") { candidate, _ in candidate.place.parking == nil ? "not a parking place" : nil },
            FilterStage.walkingLimit(limit),
        ]
        if dropUnusable {
            stages.append(
                FilterStage("full") { candidate, _ in
                    guard let availability = candidate.place.parking?.availability, availability.state == .full else { return nil }
                    return "full" + (availability.capacity.map { " (0 of \($0) free)" } ?? "")
                })
            stages.append(FilterStage("usable") { candidate, _ in Self.unusableReason(candidate.place, stay: stay, methods: methods) })
        }
        stages.append(
            ScoreStage([
                WeightedScorer(StayCostScorer(stay: stay), weight: costWeight),
                WeightedScorer(WalkScorer(limitSeconds: limit), weight: walkWeight),
                WeightedScorer(AvailabilityScorer(), weight: availabilityWeight),
            ]))
        switch order {
        case .score: stages.append(SortStage())
        case .walk: stages.append(KeySortStage { candidate in [candidate.walk.meters] })
        case .cost:
            stages.append(
                KeySortStage { candidate in
                    // Unknown costs after every known one, then the shorter walk.
                    [StayPricing.price(candidate.place, for: stay).amount ?? .infinity, candidate.walk.meters]
                })
        }
        if let top { stages.append(TopStage(top)) }
        return RankingPipeline(stages)
    }

    /// Ranks `places` through ``pipeline()`` with this profile's ``walking``.
    public func rank(_ places: [Place], context: RankingContext) -> RankingResult {
        var context = context
        context.walking = walking
        return pipeline().rank(places, context: context)
    }

    /// Why the driver cannot use this place for the stay, or nil.
    static func unusableReason(_ place: Place, stay: Stay, methods: Set<String>) -> String? {
        guard let offer = place.parking else { return nil }
        if let tariff = offer.tariff, !tariff.allows(stay), let maximum = tariff.maximumStay {
            return "at most \(Stay(arrival: stay.arrival, duration: maximum).durationText) here, the stay is \(stay.durationText)"
        }
        if offer.paymentMatch == 0 {
            return "takes none of your payment methods (\(methods.sorted().joined(separator: ", "))) or not a stay this long"
        }
        if !methods.isEmpty, let accepted = offer.paymentMethods, methods.isDisjoint(with: accepted) {
            return "takes \(accepted.joined(separator: ", ")), none of \(methods.sorted().joined(separator: ", "))"
        }
        return nil
    }
}
