import Foundation
@testable import Tracking
import PlaceCore
import Testing

/// A day built second by second: walks along bearings and stays with GPS noise, at 1 Hz.
struct ConstructedDay {
    static let t0 = Date(timeIntervalSince1970: 1_795_255_200)  // 2026-11-21T10:00:00Z
    var fixes: [LocationFix] = []
    var position = Coordinate(52.3731, 4.8926)
    var second = 0
    var random: UInt64 = 42
    /// Indices of the fixes that start a new recorded segment (a GPX `<trkseg>`).
    var segmentStarts: Set<Int> = []

    mutating func noise(_ metres: Double) -> Double {
        random = random &* 6364136223846793005 &+ 1442695040888963407
        return (Double(random >> 11) / Double(1 << 53) - 0.5) * 2 * metres
    }

    mutating func record(_ coordinate: Coordinate, accuracy: Double = 5) {
        fixes.append(LocationFix(coordinate: coordinate, time: Self.t0.addingTimeInterval(Double(second)), horizontalAccuracy: accuracy))
    }

    /// Walks `seconds` at `speed` m/s on `bearing`, a fix a second.
    mutating func walk(_ seconds: Int, bearing: Double, speed: Double = 1.4) {
        for _ in 0..<seconds {
            second += 1
            position = Geodesy.destination(from: position, distance: speed, bearing: bearing)
            record(position)
        }
    }

    /// Stays `seconds` with ±`jitter` metres of noise, a fix a second.
    mutating func stay(_ seconds: Int, jitter: Double = 5) {
        for _ in 0..<seconds {
            second += 1
            let east = noise(jitter), north = noise(jitter)
            record(Geodesy.destination(from: Geodesy.destination(from: position, distance: east, bearing: 90), distance: north, bearing: 0))
        }
    }

    /// No fixes for `seconds`, optionally while moving `distance` metres on `bearing`.
    mutating func gap(_ seconds: Int, moving distance: Double = 0, bearing: Double = 0) {
        second += seconds
        position = Geodesy.destination(from: position, distance: distance, bearing: bearing)
    }

    /// The recording stops here; the next fix starts a new segment.
    mutating func newSegment() { segmentStarts.insert(fixes.count) }

    func run(_ settings: StopDetector.Settings = .init()) -> (stops: [StopDetector.Stop], transits: [StopDetector.Transit], order: [String]) {
        var detector = StopDetector(settings: settings)
        var events: [StopDetector.Event] = []
        for (index, fix) in fixes.enumerated() { events += detector.process(fix, startsSegment: segmentStarts.contains(index)) }
        events += detector.finish()
        var stops: [StopDetector.Stop] = []
        var transits: [StopDetector.Transit] = []
        var order: [String] = []
        for event in events {
            switch event {
            case .stop(let stop):
                stops.append(stop)
                order.append("stop \(stop.number)")
            case .transit(let transit):
                transits.append(transit)
                order.append("transit \(transit.from.map(String.init) ?? "-")→\(transit.to.map(String.init) ?? "-")")
            }
        }
        return (stops, transits, order)
    }

    static func seconds(_ date: Date) -> Int { Int(date.timeIntervalSince(t0).rounded()) }
}

struct StopDetectorTests {
    typealias Day = ConstructedDay

    @Test func twoStaysAmongWalksAreTwoStopsWithTheirTimesAndTheTransitsBetween() {
        var day = Day()
        day.walk(600, bearing: 90)
        let café = day.position
        day.stay(1200)
        day.walk(600, bearing: 0)
        let bench = day.position
        day.stay(600)
        day.walk(300, bearing: 270)
        let (stops, transits, order) = day.run()
        #expect(order == ["transit -→1", "stop 1", "transit 1→2", "stop 2", "transit 2→-"])
        #expect(stops.count == 2)
        // Arrival within a few seconds of the stay's start (the last metres of the walk are in the circle).
        #expect(abs(Day.seconds(stops[0].arrival) - 600) <= 40)
        #expect(abs(Day.seconds(stops[0].departure) - 1800) <= 40)
        #expect(stops[0].centre.distance(to: café) < 10)
        #expect(stops[1].centre.distance(to: bench) < 10)
        #expect(abs(stops[1].duration - 600) <= 80)
        // The approach is part of the stay (Li's arrival is early by up to the radius), so it scatters.
        #expect(stops[0].spread > 2 && stops[0].spread < 25)
        // The walk between: 600 s at 1.4 m/s, give or take the circle's edges.
        #expect(abs(transits[1].distance - 840) < 120)
        #expect(abs(transits[1].averageSpeed - 1.4) < 0.3)
        #expect(transits[1].path.count > 60 && transits[1].path.count < 100)
        #expect(transits[1].departure == stops[0].departure && transits[1].arrival == stops[1].arrival)
    }

    @Test func aShortPauseIsNotAStop() {
        var day = Day()
        day.walk(300, bearing: 90)
        day.stay(240)  // 4 minutes
        day.walk(300, bearing: 90)
        let (stops, transits, _) = day.run()
        #expect(stops.isEmpty)
        #expect(transits.count == 1)
        #expect(transits[0].from == nil && transits[0].to == nil)
    }

    @Test func aSlowWalkIsNotAStop() {
        var day = Day()
        day.walk(3600, bearing: 45, speed: 0.3)
        #expect(day.run().stops.isEmpty)
    }

    @Test func aGapInsideAStayDoesNotSplitIt() {
        var day = Day()
        day.walk(300, bearing: 90)
        day.stay(300)
        day.gap(900)  // indoors, no fix for 15 minutes
        day.stay(300)
        day.walk(300, bearing: 90)
        let (stops, _, _) = day.run()
        #expect(stops.count == 1)
        #expect(abs(stops[0].duration - 1500) <= 80)
    }

    @Test func aGapWhileMovingIsNotAStop() {
        var day = Day()
        day.walk(300, bearing: 90)
        day.gap(600, moving: 800, bearing: 90)  // a tunnel
        day.walk(300, bearing: 90)
        #expect(day.run().stops.isEmpty)
    }

    @Test func aStayIsJudgedFromItsCentreNotFromItsApproach() {
        // Walking east into a square, ten minutes there, a silence of 17 minutes, then fixes 40 m
        // further east in the square: 85 m from the stay's anchor (a fix of the approach), 40 m
        // from its centre. One stop, through the silence.
        var day = Day()
        day.walk(300, bearing: 90)
        day.stay(600, jitter: 2)
        day.gap(1020)
        day.position = Geodesy.destination(from: day.position, distance: 40, bearing: 90)
        day.stay(300, jitter: 2)
        day.walk(300, bearing: 0)
        let (stops, _, order) = day.run()
        #expect(stops.count == 1, "\(order)")
        #expect(abs((stops.first?.duration ?? 0) - 1920) <= 90)
    }

    @Test func twoStaysAtOnePlaceWithAMovementThatWentNowhereAreOneStop() {
        // Ten minutes at a place; then silence for ten minutes and a fix 60 m off (out of the
        // circle), then ten more minutes back at the place. The movement between the two stays is
        // 60 m, less than the circle is wide, though it took longer than the minimum duration.
        var day = Day()
        day.walk(300, bearing: 90)
        let place = day.position
        day.stay(600, jitter: 2)
        day.gap(600)
        day.record(Geodesy.destination(from: place, distance: 60, bearing: 0))
        day.position = Geodesy.destination(from: place, distance: 20, bearing: 0)
        day.stay(600, jitter: 2)
        day.walk(300, bearing: 90)
        let (stops, _, order) = day.run()
        #expect(stops.count == 1, "\(order)")
        #expect(abs((stops.first?.duration ?? 0) - 1800) <= 90)
    }

    @Test func aMaximumGapEndsAStayAtALongSilence() {
        var day = Day()
        day.walk(300, bearing: 90)
        day.stay(400)
        day.gap(3600)
        day.stay(400)
        day.walk(300, bearing: 90)
        #expect(day.run().stops.count == 1)
        let split = day.run(StopDetector.Settings(maximumGap: 900))
        // Two stays at one place with an hour between: two stops.
        #expect(split.stops.count == 2)
    }

    @Test func anOutlierInTheMiddleOfAStayDoesNotSplitIt() {
        var day = Day()
        day.walk(300, bearing: 90)
        let here = day.position
        day.stay(900)
        day.record(Geodesy.destination(from: here, distance: 120, bearing: 0))  // one wild fix
        day.stay(900)
        day.walk(300, bearing: 90)
        let (stops, _, order) = day.run()
        #expect(stops.count == 1, "\(order)")
        #expect(abs((stops.first?.duration ?? 0) - 1800) <= 80)
    }

    @Test func aBriefExcursionFromAStayMergesBack() {
        // Twenty minutes at a place, two minutes 80 m away (the toilets), twenty more: one stop.
        var day = Day()
        day.walk(300, bearing: 90)
        day.stay(1200)
        day.walk(60, bearing: 0)
        day.stay(0)
        day.walk(60, bearing: 180)
        day.stay(1200)
        day.walk(300, bearing: 90)
        let (stops, transits, order) = day.run()
        #expect(stops.count == 1, "\(order)")
        #expect(transits.count == 2)
        #expect(abs((stops.first?.duration ?? 0) - 2520) <= 120)
    }

    @Test func theRadiusAndTheDurationAreOptions() {
        var day = Day()
        day.walk(300, bearing: 90)
        day.stay(240, jitter: 5)
        day.walk(300, bearing: 90)
        #expect(day.run(StopDetector.Settings(minimumDuration: 180)).stops.count == 1)
        var wide = Day()
        wide.walk(300, bearing: 90)
        wide.stay(900, jitter: 40)  // a big square, wandered about
        wide.walk(300, bearing: 90)
        #expect(wide.run(StopDetector.Settings(radius: 100)).stops.count == 1)
    }

    @Test func aTraceThatOnlyStaysIsOneStopAndNoTransit() {
        var day = Day()
        day.stay(1800)
        let (stops, transits, order) = day.run()
        #expect(order == ["stop 1"])
        #expect(stops.first?.fixCount == 1800)
        #expect(transits.isEmpty)
    }

    @Test func aLiveStreamHearsOfAStopOnceItCanNoLongerMerge() {
        var day = Day()
        day.walk(300, bearing: 90)
        day.stay(600)
        day.walk(1200, bearing: 90)
        var detector = StopDetector()
        var saidAt: [Int] = []
        var order: [String] = []
        for fix in day.fixes {
            for event in detector.process(fix) {
                if case .stop = event { saidAt.append(Day.seconds(fix.time ?? Day.t0)) }
                order.append(Self.name(event))
            }
        }
        for event in detector.finish() { order.append(Self.name(event)) }
        // Said once, about five minutes after the stay ended (about 900 s in, plus the way out of
        // its circle), long before the trace ends at about 2,100 s; and never again at the end.
        #expect(order == ["transit -→1", "stop 1", "transit 1→-"])
        #expect(saidAt.count == 1 && (1150...1300).contains(saidAt[0]), "\(saidAt)")
    }

    @Test func aStopIsSaidWhenTheNextStayElsewhereBegins() {
        // A café, four minutes' walk, then home for the night: the café is said five minutes into
        // the stay at home, not when the night ends.
        var day = Day()
        day.walk(300, bearing: 90)
        day.stay(900)
        day.walk(240, bearing: 0)
        day.stay(8 * 3600)
        var detector = StopDetector()
        var saidAt: Int?
        for fix in day.fixes where saidAt == nil {
            if detector.process(fix).contains(where: { if case .stop = $0 { true } else { false } }) {
                saidAt = Day.seconds(fix.time ?? Day.t0)
            }
        }
        #expect(saidAt.map { $0 < 1800 } == true, "\(String(describing: saidAt))")
    }

    @Test func comingBackToAPlaceAfterAWalkIsANewStop() {
        var day = Day()
        day.walk(300, bearing: 90)
        day.stay(600)
        day.walk(600, bearing: 0)
        day.walk(600, bearing: 180)
        day.stay(600)
        day.walk(300, bearing: 90)
        let (stops, _, order) = day.run()
        #expect(order == ["transit -→1", "stop 1", "transit 1→2", "stop 2", "transit 2→-"])
        #expect(stops.count == 2)
        #expect(stops[0].centre.distance(to: stops[1].centre) < 20)
    }

    @Test func aClockThatJumpsBackClosesWhatIsOpenAndStartsAfresh() {
        var day = Day()
        day.walk(300, bearing: 90)
        day.stay(600)
        day.second -= 3600  // the receiver's clock goes back an hour
        day.stay(600)
        day.walk(300, bearing: 90)
        let (stops, _, order) = day.run()
        #expect(stops.count == 2, "\(order)")
        #expect(stops.allSatisfy { $0.duration > 0 })
        #expect(stops.map(\.number) == [1, 2])
    }

    @Test func aTransitPathStaysBoundedHoweverLongTheJourney() {
        var detector = StopDetector()
        var position = Coordinate(52.37, 4.89)
        var kept = 0
        // A day's drive at 15 m/s, a fix a second: 1,296 km.
        for second in 0..<86_400 {
            position = Geodesy.destination(from: position, distance: 15, bearing: Double(second / 3600 % 4) * 90)
            _ = detector.process(LocationFix(coordinate: position, time: Day.t0.addingTimeInterval(Double(second))))
        }
        for case .transit(let transit) in detector.finish() { kept = transit.path.count }
        #expect(kept > 1000 && kept <= 8193)
    }

    static func name(_ event: StopDetector.Event) -> String {
        switch event {
        case .stop(let stop): "stop \(stop.number)"
        case .transit(let transit): "transit \(transit.from.map(String.init) ?? "-")→\(transit.to.map(String.init) ?? "-")"
        }
    }

    @Test func memoryStaysBoundedOnALongTrace() {
        // A week at 1 Hz: stays of 30 minutes between walks of 20, streamed fix by fix.
        var detector = StopDetector()
        var position = Coordinate(52.37, 4.89)
        var stops = 0
        var largestWindow = 0
        var random: UInt64 = 7
        for second in 0..<(7 * 86_400) {
            let phase = second % 3000
            if phase >= 1800 { position = Geodesy.destination(from: position, distance: 1.4, bearing: Double(second / 3000 % 4) * 90) }
            random = random &* 6364136223846793005 &+ 1442695040888963407
            let jitter = Double(random >> 54) / 1024 * 8 - 4
            let fix = LocationFix(
                coordinate: Geodesy.destination(from: position, distance: abs(jitter), bearing: jitter > 0 ? 0 : 180),
                time: Day.t0.addingTimeInterval(Double(second)), horizontalAccuracy: 5)
            for event in detector.process(fix) { if case .stop = event { stops += 1 } }
            largestWindow = max(largestWindow, detector.windowCount)
        }
        for event in detector.finish() { if case .stop = event { stops += 1 } }
        #expect(stops == 7 * 86_400 / 3000 + 1)
        // At most the minimum duration of fixes is kept (and a slid-past front as large, dropped
        // in one go), whatever the length of the trace.
        #expect(largestWindow <= 2 * 301 + 64)
    }
}
