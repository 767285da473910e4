public import Foundation

/// A stay at a parking place: when the car arrives and for how long.
public struct Stay: Sendable, Equatable, Hashable, Codable {
    /// When the car arrives.
    public var arrival: Date
    /// Seconds; always positive.
    public var duration: TimeInterval

    /// Makes a stay from its arrival and its duration in seconds; a duration under one second becomes one second.
    public init(arrival: Date, duration: TimeInterval) {
        self.arrival = arrival
        self.duration = max(1, duration)
    }

    /// When the car leaves: ``arrival`` plus ``duration``.
    public var departure: Date { arrival.addingTimeInterval(duration) }
    /// The duration in hours, with a fraction: 1.5 for 90 minutes.
    public var hours: Double { duration / 3600 }

    /// "2 h", "1 h 30 min", "45 min".
    public var durationText: String {
        let minutes = Int((duration / 60).rounded())
        let (h, m) = (minutes / 60, minutes % 60)
        switch (h, m) {
        case (0, _): return "\(m) min"
        case (_, 0): return "\(h) h"
        default: return "\(h) h \(m) min"
        }
    }
}

/// The parking half of a search: the stay to price, and how the driver can pay.
public struct ParkingSearch: Sendable, Equatable {
    /// The stay to price. Nil asks only what is there (no time-dependent prices).
    public var stay: Stay?
    /// How the driver can pay (`cash`, `pin`, `creditcard`, `chipknip`); empty for any.
    public var paymentMethods: [String]

    /// Makes the parking half of a search from the stay to price (nil for none) and the payment methods (empty for any).
    public init(stay: Stay?, paymentMethods: [String] = []) {
        self.stay = stay
        self.paymentMethods = paymentMethods
    }
}
