import Foundation
import PlaceCore
import Testing
@testable import Tracking

/// Gaps in the recording between stops: a jump across a new track segment or a long silence is
/// counted apart (how many, how long, how far in a straight line), never as movement, and the
/// speed is over what was recorded. Cerknica's track had 9 km of such jumps counted as walking.
struct StopGapTests {
    typealias Day = ConstructedDay

    /// A café, 5 minutes' walk, the logger off for 20 minutes while 5 km go by, 5 minutes' walk, a bench.
    static func dayWithABreak(segmentBreak: Bool) -> Day {
        var day = Day()
        day.walk(300, bearing: 90)
        day.stay(600)
        day.walk(300, bearing: 0)
        if segmentBreak { day.newSegment() }
        day.gap(1200, moving: 5000, bearing: 0)
        day.walk(300, bearing: 0)
        day.stay(600)
        return day
    }

    @Test(arguments: [true, false])
    func aJumpAcrossAGapIsCountedApartFromTheMovement(segmentBreak: Bool) throws {
        // With a new segment the break is said; without, a 20-minute silence is one.
        let (stops, transits, order) = Self.dayWithABreak(segmentBreak: segmentBreak).run()
        #expect(order == ["transit -→1", "stop 1", "transit 1→2", "stop 2"], "\(order)")
        #expect(stops.count == 2)
        let between = try #require(transits.first { $0.from == 1 })
        #expect(between.gapCount == 1)
        #expect(abs(between.gapDuration - 1201) <= 2)
        #expect(abs(between.gapDistance - 5000) < 60)
        // What was recorded: two five-minute walks at 1.4 m/s, give or take the circles' edges.
        #expect(abs(between.distance - 840) < 120, "\(between.distance)")
        #expect(abs(between.averageSpeed - 1.4) < 0.3, "\(between.averageSpeed)")
        #expect(abs(between.recordedDuration - 600) < 120)
        // The path breaks once, where the recording starts again after the jump.
        #expect(between.pathBreaks.count == 1)
        let resumed = try #require(between.pathBreaks.first)
        #expect(between.path[resumed - 1].distance(to: between.path[resumed]) > 4900)
    }

    @Test func aBreakOrASilenceInsideAStayIsNoGap() {
        var day = Day()
        day.walk(300, bearing: 90)
        day.stay(300)
        day.newSegment()
        day.gap(900)
        day.stay(300)
        day.walk(300, bearing: 90)
        let (stops, transits, _) = day.run()
        #expect(stops.count == 1)
        #expect(transits.allSatisfy { $0.gapCount == 0 && $0.pathBreaks.isEmpty })
    }

    @Test func aShortSilenceWhileWalkingIsMovementAndTheThresholdIsASetting() {
        var day = Day()
        day.walk(300, bearing: 90)
        day.gap(120, moving: 170, bearing: 90)  // two minutes without a fix: a slow logger, not a gap
        day.walk(300, bearing: 90)
        let walked = day.run().transits
        #expect(walked.count == 1)
        #expect(walked[0].gapCount == 0)
        #expect(walked[0].distance > 1000)
        let strict = day.run(StopDetector.Settings(gapSilence: 60)).transits
        #expect(strict[0].gapCount == 1)
        #expect(abs(strict[0].gapDistance - 170) < 5)
    }

    @Test func aTransitThatIsOneJumpHasNoRecordedMovement() throws {
        var day = Day()
        day.stay(600)
        day.newSegment()
        day.gap(600, moving: 3000, bearing: 90)
        day.stay(600)
        let (stops, transits, _) = day.run()
        #expect(stops.count == 2)
        let jump = try #require(transits.first)
        #expect(jump.gapCount == 1 && jump.distance == 0 && jump.averageSpeed == 0)
        #expect(abs(jump.gapDistance - 3000) < 30)
    }

    @Test func thinningALongPathKeepsItsBreaksInPlace() throws {
        // 3 h at a fix a metre kept, with a new segment every hour: past 8,192 points the path is
        // thinned, and each break still starts where the recording resumed.
        var day = Day()
        var resumedAt: [Coordinate] = []
        for hour in 0..<3 {
            if hour > 0 {
                day.newSegment()
                day.gap(600, moving: 2000, bearing: 0)
                resumedAt.append(Geodesy.destination(from: day.position, distance: 1.4, bearing: 90))
            }
            day.walk(3600, bearing: 90)
        }
        let transit = try #require(day.run(StopDetector.Settings(pathSpacing: 1)).transits.first)
        #expect(transit.gapCount == 2)
        #expect(transit.path.count <= 8192 + 8)
        #expect(transit.pathBreaks.count == 2)
        for (index, start) in transit.pathBreaks.enumerated() {
            #expect(transit.path[start].distance(to: resumedAt[index]) < 1, "break \(index)")
            #expect(transit.path[start - 1].distance(to: transit.path[start]) > 1900)
        }
    }
}
