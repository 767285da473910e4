import Foundation
import PlaceCore
import Tracking
import Testing

struct TrackingFixCheckTests {
    static let start = Date(timeIntervalSince1970: 1_714_557_600)  // 2024-05-01T10:00:00Z

    /// A fix `north` metres north of 52°N 4°E (one metre of latitude is about 1/111,250 degree there),
    /// `seconds` after the start.
    func fix(north: Double = 0, at seconds: Double?, accuracy: Double? = 5) -> LocationFix {
        let coordinate = (try? Coordinate(latitude: 52 + north / 111_250, longitude: 4)) ?? Coordinate(52, 4)
        return LocationFix(
            coordinate: coordinate, time: seconds.map { Self.start.addingTimeInterval($0) },
            horizontalAccuracy: accuracy)
    }

    func reason(_ verdict: FixVerdict) -> String? {
        if case .rejected(let reason) = verdict { return reason }
        return nil
    }

    @Test func acceptsAPlausibleSequence() {
        var check = FixCheck()
        for second in 0..<10 {
            #expect(
                check.check(fix(north: Double(second) * 1.4, at: Double(second)))
                    == .accepted(fix(north: Double(second) * 1.4, at: Double(second))))
        }
        #expect(check.acceptedCount == 10 && check.rejectedCount == 0)
    }

    @Test func rejectsEachKindOfBadFixWithItsReason() {
        var check = FixCheck(minimumAccuracy: 50)
        #expect(check.check(fix(at: 0)) == .accepted(fix(at: 0)))
        #expect(reason(check.check(fix(at: nil))) == "no time")
        #expect(
            reason(check.check(fix(north: 1, at: 5, accuracy: 80))) == "accuracy 80 m is worse than the 50 m required")
        #expect(
            reason(check.check(fix(at: -1)))
                == "out of order: 2024-05-01T09:59:59Z is before the last accepted fix, at 2024-05-01T10:00:00Z")
        #expect(
            reason(check.check(fix(north: 3, at: 0)))
                == "duplicate: the same time as the last accepted fix (2024-05-01T10:00:00Z)")
        let jump = reason(check.check(fix(north: 500_000, at: 1)))
        // About 500 km: the test's metres-to-degrees factor is good to a few hundred metres.
        #expect(jump?.hasPrefix("jumped 500") == true)
        #expect(jump?.contains(" km in 1 s (") == true)
        #expect(jump?.hasSuffix("m/s, above the 100 m/s allowed)") == true)
        // None of those moved the anchor: a good fix after them is compared with the first.
        #expect(check.check(fix(north: 10, at: 2)) == .accepted(fix(north: 10, at: 2)))
        #expect(check.rejectedCount == 5)
    }

    @Test func checksRunInTheDocumentedOrder() {
        var check = FixCheck(minimumAccuracy: 10)
        _ = check.check(fix(at: 10))
        // No time beats everything; accuracy beats order; order beats the jump.
        #expect(reason(check.check(fix(north: 900_000, at: nil, accuracy: 99))) == "no time")
        #expect(reason(check.check(fix(north: 900_000, at: 5, accuracy: 99)))?.hasPrefix("accuracy") == true)
        #expect(reason(check.check(fix(north: 900_000, at: 5)))?.hasPrefix("out of order") == true)
        #expect(reason(check.check(fix(north: 900_000, at: 10)))?.hasPrefix("duplicate") == true)
        #expect(reason(check.check(fix(north: 900_000, at: 11)))?.hasPrefix("jumped") == true)
    }

    @Test func reanchorsWhenTheFirstFixHadAWrongClock() {
        var check = FixCheck()
        // A first fix dated a day ahead (a receiver before its clock settled), then a walk in order.
        #expect(check.check(fix(at: 86_400)) == .accepted(fix(at: 86_400)))
        #expect(reason(check.check(fix(north: 1.4, at: 1)))?.hasPrefix("out of order") == true)
        #expect(reason(check.check(fix(north: 2.8, at: 2)))?.hasPrefix("out of order") == true)
        #expect(check.check(fix(north: 4.2, at: 3)) == .accepted(fix(north: 4.2, at: 3)))
        #expect(check.notice?.hasPrefix("re-anchored: 3 fixes in a row are in order with each other") == true)
        #expect(check.check(fix(north: 5.6, at: 4)) == .accepted(fix(north: 5.6, at: 4)))
        // Scattered late fixes that do not agree with each other never re-anchor.
        var scattered = FixCheck()
        _ = scattered.check(fix(at: 100))
        #expect(reason(scattered.check(fix(at: 50)))?.hasPrefix("out of order") == true)
        #expect(reason(scattered.check(fix(at: 40)))?.hasPrefix("out of order") == true)
        #expect(reason(scattered.check(fix(at: 30)))?.hasPrefix("out of order") == true)
    }

    @Test func reanchorsWhenTheFirstFixWasTheWrongOne() {
        var check = FixCheck()
        // A wild first fix, 200 km off; then a walk that agrees with itself.
        #expect(check.check(fix(north: 200_000, at: 0)) == .accepted(fix(north: 200_000, at: 0)))
        #expect(reason(check.check(fix(north: 0, at: 1)))?.hasPrefix("jumped 200") == true)
        #expect(check.notice == nil)
        #expect(reason(check.check(fix(north: 1.4, at: 2)))?.hasPrefix("jumped") == true)
        #expect(check.check(fix(north: 2.8, at: 3)) == .accepted(fix(north: 2.8, at: 3)))
        #expect(check.notice?.hasPrefix("re-anchored: 3 fixes in a row agree with each other") == true)
        // From then on the walk goes on normally, and the notice was for that one check.
        #expect(check.check(fix(north: 4.2, at: 4)) == .accepted(fix(north: 4.2, at: 4)))
        #expect(check.notice == nil)
    }

    @Test func jumpsThatDisagreeWithEachOtherDoNotReanchor() {
        var check = FixCheck()
        _ = check.check(fix(at: 0))
        // Scattered outliers: each far from the anchor and from each other.
        for (index, north) in [300_000.0, -300_000, 600_000, -600_000, 900_000].enumerated() {
            #expect(reason(check.check(fix(north: north, at: Double(index + 1))))?.hasPrefix("jumped") == true)
        }
        // Another kind of rejection breaks a run: two agreeing jumps, a duplicate, one more.
        _ = check.check(fix(north: 500_000, at: 10))
        _ = check.check(fix(north: 500_001, at: 11))
        _ = check.check(fix(north: 500_001, at: 0))
        #expect(reason(check.check(fix(north: 500_002, at: 12)))?.hasPrefix("jumped") == true)
        #expect(check.notice == nil)
    }

    @Test func countsFixesWithoutAccuracyAndCanDoWithoutTimes() {
        var check = FixCheck(requireTime: false, minimumAccuracy: 20)
        #expect(check.check(fix(at: nil, accuracy: nil)) == .accepted(fix(at: nil, accuracy: nil)))
        #expect(check.fixesWithoutAccuracy == 1)
        #expect(check.check(fix(north: 5, at: nil, accuracy: 8)) == .accepted(fix(north: 5, at: nil, accuracy: 8)))
        #expect(reason(check.check(fix(at: nil, accuracy: 30)))?.hasPrefix("accuracy 30 m") == true)
        #expect(check.check(fix(at: 1, accuracy: nil)) == .accepted(fix(at: 1, accuracy: nil)))
        #expect(check.fixesWithoutAccuracy == 2)
    }
}
