import Benchmark
import Foundation
import PlaceCore
import PlaceRanking
import SeededRandom

/// Ranking 10,000 parking candidates with the advice profile: half street meters priced from their
/// tariff (the expensive path: the stay is worked out day by day), a quarter garages with a
/// provider's total and a count of free places, a quarter without a price. Seeded, so every run
/// ranks the same list.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .throughput], maxDuration: .seconds(5))

    let focus = Coordinate(52.370216, 4.895168)
    // Friday 27 November 2026, 08:30 in Amsterdam (the core's ISO 8601 reader is package, not public).
    let stay = Stay(arrival: Date(timeIntervalSince1970: 1_795_764_600), duration: 2 * 3600)
    let candidates = ParkingCandidates.make(count: 10_000, around: focus, stay: stay)
    let context = RankingContext(focus: focus, now: stay.arrival, timeZone: TimeZone(identifier: "Europe/Amsterdam")!)

    Benchmark("Parking advice: rank 10,000 candidates", configuration: .init(scalingFactor: .one)) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(ParkingProfile(stay: stay, top: 10).rank(candidates, context: context))
        }
    }

    Benchmark("Stay cost from a tariff (one meter)", configuration: .init(scalingFactor: .kilo)) { benchmark in
        let tariff = candidates[0].parking!.tariff!
        for _ in benchmark.scaledIterations { blackHole(tariff.cost(of: stay)) }
    }
}

enum ParkingCandidates {
    static func make(count: Int, around focus: Coordinate, stay: Stay) -> [Place] {
        var generator = SplitMix64(seed: 42)
        let sunday = ParkingTariff.PaidWindow(start: 12, end: 24)
        let weekday = ParkingTariff.PaidWindow(start: 9, end: 24)
        return (0..<count).map { index in
            let distance = Double(generator.next() % 1200)
            let bearing = Double(generator.next() % 360)
            let coordinate = Geodesy.destination(from: focus, distance: distance, bearing: bearing)
            let offer: ParkingOffer
            switch index % 4 {
            case 0, 1:
                let rate = [5.0, 4.0, 3.0, 1.4][Int(generator.next() % 4)]
                offer = ParkingOffer(
                    kind: .meter, reference: "\(10_000 + index)",
                    tariff: ParkingTariff(hourlyRate: rate, paidHours: [sunday] + Array(repeating: weekday, count: 6), dailyCapHours: 9, timeZoneIdentifier: "Europe/Amsterdam"),
                    paymentMethods: ["cash", "pin"])
            case 2:
                let free = Int(generator.next() % 400)
                offer = ParkingOffer(
                    kind: .garage, stayCost: StayCost(amount: Double(generator.next() % 3000) / 100, stay: stay, source: .provider),
                    availability: ParkingAvailability(state: free == 0 ? .full : .available, free: free, capacity: 400))
            default:
                offer = ParkingOffer(kind: .garage, availability: ParkingAvailability(state: .unknown))
            }
            return Place(
                id: PlaceID(provider: "bench", nativeID: "\(index)"), name: "Parking \(index)", coordinate: coordinate, concepts: [.parking],
                parking: offer)
        }
    }
}
