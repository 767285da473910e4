import Foundation
import PlaceCore
import PlaceSearchTesting
import Testing
import Tracking

/// Properties of the stop detector and the route monitor over random days and walks.
struct TrackingPropertyTests {
    /// A day of walks and stays at 1 Hz: stays either clearly long enough to be stops (7½ minutes or
    /// more) or clearly too short (2 minutes or less), and walks of at least 150 m between them, so
    /// that the properties below are about the detector, not about days on a threshold.
    static func randomDay(using random: inout SeededRandom) -> ConstructedDay {
        var day = ConstructedDay()
        day.random = random.next()
        day.walk(Int.random(in: 150...600, using: &random), bearing: Double.random(in: 0..<360, using: &random))
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            if Bool.random(using: &random) {
                day.stay(Int.random(in: 450...1800, using: &random), jitter: Double.random(in: 2...6, using: &random))
            } else {
                day.stay(Int.random(in: 10...120, using: &random), jitter: Double.random(in: 2...6, using: &random))
            }
            day.walk(
                Int.random(in: 150...600, using: &random), bearing: Double.random(in: 0..<360, using: &random),
                speed: Double.random(in: 1.0...1.8, using: &random))
        }
        return day
    }

    static func run(_ fixes: [LocationFix]) -> (stops: [StopDetector.Stop], transits: [StopDetector.Transit]) {
        var day = ConstructedDay()
        day.fixes = fixes
        let (stops, transits, _) = day.run()
        return (stops, transits)
    }

    @Test func stopsDoNotDependOnWhenTheDayHappened() {
        var random = SeededRandom(printingSeedFor: "stopsDoNotDependOnWhenTheDayHappened")
        var stopsSeen = 0
        for round in 0..<12 {
            let day = Self.randomDay(using: &random)
            // Whole seconds, up to three years either way: times stay exact in a Date.
            let shift = TimeInterval(Int.random(in: -100_000_000...100_000_000, using: &random))
            let shifted = day.fixes.map { fix in
                var moved = fix
                moved.time = fix.time?.addingTimeInterval(shift)
                return moved
            }
            let original = Self.run(day.fixes)
            let later = Self.run(shifted)
            let context = "seed \(random.seed), round \(round), shift \(shift) s"
            stopsSeen += original.stops.count
            #expect(later.stops.count == original.stops.count, "\(context)")
            for (stop, moved) in zip(original.stops, later.stops) {
                #expect(moved.centre == stop.centre, "\(context)")
                #expect(moved.fixCount == stop.fixCount && moved.spread == stop.spread, "\(context)")
                #expect(moved.arrival.timeIntervalSince(stop.arrival) == shift, "\(context)")
                #expect(moved.departure.timeIntervalSince(stop.departure) == shift, "\(context)")
            }
            #expect(later.transits.count == original.transits.count, "\(context)")
            for (transit, moved) in zip(original.transits, later.transits) {
                #expect(moved.distance == transit.distance && moved.path == transit.path, "\(context)")
                #expect(moved.departure.timeIntervalSince(transit.departure) == shift, "\(context)")
            }
        }
        #expect(stopsSeen > 0, "the generator made no stop")
    }

    @Test func everyOtherFixDroppedGivesTheSameStops() {
        var random = SeededRandom(printingSeedFor: "everyOtherFixDroppedGivesTheSameStops")
        var stopsSeen = 0
        for round in 0..<12 {
            let day = Self.randomDay(using: &random)
            let full = Self.run(day.fixes).stops
            let half = Self.run(day.fixes.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)).stops
            let context = "seed \(random.seed), round \(round): \(full.count) stops at 1 Hz, \(half.count) at 0.5 Hz"
            stopsSeen += full.count
            #expect(half.count == full.count, "\(context)")
            for (stop, sparse) in zip(full, half) {
                #expect(sparse.centre.distance(to: stop.centre) <= 10, "\(context)")
                #expect(abs(sparse.arrival.timeIntervalSince(stop.arrival)) <= 10, "\(context)")
                #expect(abs(sparse.departure.timeIntervalSince(stop.departure)) <= 10, "\(context)")
            }
        }
        #expect(stopsSeen > 0, "the generator made no stop")
    }

    /// Random walks along, beside, back and past the end of the route, with random accuracy: the
    /// monitor says "arrived" once at most, however the walker dithers near the destination.
    @Test func theRouteMonitorNeverArrivesTwice() throws {
        var random = SeededRandom(printingSeedFor: "theRouteMonitorNeverArrivesTwice")
        var arrivals = 0
        for round in 0..<40 {
            var along = 0.0
            var offset = 0.0
            var fixes: [LocationFix] = []
            for second in 0..<Int.random(in: 300...2000, using: &random) {
                // Mostly forward, sometimes back; now and then a stray sideways, or loitering at the end.
                along += Double.random(in: -1.0...2.5, using: &random)
                along = min(1100, max(0, along))
                if Int.random(in: 0..<100, using: &random) == 0 { offset = Double.random(in: -120...120, using: &random) }
                offset *= 0.97
                let accuracy: Double? = Int.random(in: 0..<10, using: &random) == 0 ? nil : Double.random(in: 2...80, using: &random)
                fixes.append(
                    LocationFix(
                        coordinate: ConstructedWalk.point(along: min(1000, along), offset: offset + (along > 1000 ? along - 1000 : 0)),
                        time: ConstructedWalk.t0.addingTimeInterval(Double(second)), horizontalAccuracy: accuracy))
            }
            let events = try ConstructedWalk.run(fixes)
            let arrived = events.filter { if case .arrived = $0 { true } else { false } }.count
            arrivals += arrived
            #expect(arrived <= 1, "seed \(random.seed), round \(round): arrived \(arrived) times")
        }
        #expect(arrivals > 0, "no walk arrived: the generator never reaches the end")
    }
}
