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
    public enum Order: String, Sendable, CaseIterable {
        /// The weighted score, best first.
        case score
        /// The cheapest stay first; unknown costs last.
        case cost
        /// The shortest walk first.
        case walk
    }

    public var stay: Stay
    public var maximumWalkSeconds: Double
    public var paymentMethods: [String]
    public var dropUnusable: Bool
    public var order: Order
    public var top: Int?
    public var costWeight: Double
    public var walkWeight: Double
    public var availabilityWeight: Double
    public var walking: WalkingModel

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
