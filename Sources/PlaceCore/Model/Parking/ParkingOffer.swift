public import Foundation

/// What a parking place offers a driver: its kind, what the stay costs, whether there is room.
public struct ParkingOffer: Sendable, Equatable, Codable {
    /// What sort of parking place it is.
    public enum Kind: String, Sendable, Codable, CaseIterable {
        /// An on-street parking meter: pay at the machine for the street around it.
        case meter
        /// A parking garage (multi-storey or underground).
        case garage
        /// Park and ride: a garage at the edge of town with a cheap rate for those who go on by transit.
        case parkAndRide = "park_and_ride"
        /// A surface car park.
        case lot
    }

    /// What sort of parking place it is: a meter, a garage, park and ride or a surface car park.
    public var kind: Kind
    /// The operator's number for the place, such as a meter's number.
    public var reference: String?
    /// The cost of the requested stay, as the provider calculated it.
    public var stayCost: StayCost?
    /// The price list, where the provider gives one: the stay's cost can be worked out from it.
    public var tariff: ParkingTariff?
    /// Payment the machine accepts (`cash`, `pin`, `creditcard`, `chipknip`), when known.
    public var paymentMethods: [String]?
    /// How many of the requested payment methods it takes; 0 means the driver cannot pay there
    /// (or the stay is longer than allowed), as ParkShark's `match` column says.
    public var paymentMatch: Int?
    /// Whether there is room, as the operator last reported it; nil when the provider does not say.
    public var availability: ParkingAvailability?
    /// The ways in and out, where they are mapped apart from the car park; nil when none is known.
    /// (Optional so that places stored before entrances existed still decode.)
    public var entrances: [ParkingEntrance]?

    /// Makes an offer of the given kind; every other part is optional and defaults to unknown.
    public init(
        kind: Kind, reference: String? = nil, stayCost: StayCost? = nil, tariff: ParkingTariff? = nil, paymentMethods: [String]? = nil,
        paymentMatch: Int? = nil, availability: ParkingAvailability? = nil, entrances: [ParkingEntrance]? = nil
    ) {
        self.kind = kind
        self.reference = reference
        self.stayCost = stayCost
        self.tariff = tariff
        self.paymentMethods = paymentMethods
        self.paymentMatch = paymentMatch
        self.availability = availability
        self.entrances = entrances
    }

    /// This offer with the gaps filled from `other` (a second provider's record of the same place).
    public func filling(from other: ParkingOffer) -> ParkingOffer {
        var merged = self
        merged.reference = reference ?? other.reference
        merged.stayCost = stayCost ?? other.stayCost
        merged.tariff = tariff ?? other.tariff
        merged.paymentMethods = paymentMethods ?? other.paymentMethods
        merged.paymentMatch = paymentMatch ?? other.paymentMatch
        merged.availability = availability ?? other.availability
        merged.entrances = entrances ?? other.entrances
        return merged
    }
}

/// The total price of one stay (not an hourly rate), in euros.
public struct StayCost: Sendable, Equatable, Codable {
    /// Who worked out the cost.
    public enum Source: String, Sendable, Codable {
        /// The provider calculated it for the stay (ParkShark's cost calculation).
        case provider
        /// Worked out here from the place's tariff.
        case tariff
    }

    /// Euros for the whole stay; nil when the provider could not calculate it.
    public var amount: Double?
    /// The stay that was priced.
    public var stay: Stay
    /// Whether the provider calculated the amount or it was worked out here from the tariff.
    public var source: Source

    /// Makes the cost of `stay`; an `amount` that is negative or not finite becomes nil.
    public init(amount: Double?, stay: Stay, source: Source) {
        self.amount = amount.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
        self.stay = stay
        self.source = source
    }
}

/// Whether a garage has room, as its operator last reported it.
public struct ParkingAvailability: Sendable, Equatable, Codable {
    /// Whether there is room, as the operator reports it.
    public enum State: String, Sendable, Codable {
        /// Places are free.
        case available
        /// Reported full.
        case full
        /// The feed has no usable count (a sensor error, no capacity): not the same as full.
        case unknown
    }

    /// Whether there is room: available, full or unknown.
    public var state: State
    /// Free places for short stays (visitors), when counted.
    public var free: Int?
    /// Places for short stays in all, when counted.
    public var capacity: Int?
    /// Free places and capacity for season-ticket holders, where reported separately.
    public var longStayFree: Int?
    /// Places for season-ticket holders in all, where reported separately.
    public var longStayCapacity: Int?
    /// When the operator published the count.
    public var observedAt: Date?

    /// Makes a report in `state`, with whatever counts and publication time the operator gave.
    public init(
        state: State, free: Int? = nil, capacity: Int? = nil, longStayFree: Int? = nil, longStayCapacity: Int? = nil,
        observedAt: Date? = nil
    ) {
        self.state = state
        self.free = free
        self.capacity = capacity
        self.longStayFree = longStayFree
        self.longStayCapacity = longStayCapacity
        self.observedAt = observedAt
    }

    /// "214 of 465 free", "full", "unknown".
    public var text: String {
        switch state {
        case .full: return "full"
        case .unknown: return "availability unknown"
        case .available:
            guard let free else { return "available" }
            return capacity.map { "\(free) of \($0) free" } ?? "\(free) free"
        }
    }
}
