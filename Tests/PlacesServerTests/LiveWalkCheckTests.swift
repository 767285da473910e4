import Foundation
import PlaceCore
import PlacesServer
import Tracking
import Testing

/// Each rule of a live walk, alone: the fixes a farm would send, and the walk a person sends.
@Suite(.timeLimit(.minutes(10))) struct LiveWalkCheckTests {
    static let t0 = Date(timeIntervalSince1970: 1_795_257_000)
    static let path = [Coordinate(52.3731, 4.8926), Coordinate(52.3725, 4.8960), Coordinate(52.3700, 4.9000), Coordinate(52.3676, 4.9041)]
    static let check = LiveWalkCheck(rules: LiveWalkRules())

    /// Fixes as they arrived, `latency` seconds after each was taken.
    static func witnessed(_ fixes: [LocationFix], latency: Double = 0.5) -> [WitnessedFix] {
        fixes.map { WitnessedFix(fix: $0, receivedAt: ($0.time ?? t0).addingTimeInterval(latency)) }
    }

    @Test func aPersonWalkingWithAPhonePasses() {
        let walk = Walks.along(Self.path, speed: 1.3, start: Self.t0)
        #expect(Self.check.refusal(Self.witnessed(walk)) == nil)
        // A phone whose clock is 20 s slow, sending a few fixes at a time, still passes.
        let buffered = walk.enumerated().map { index, fix in
            WitnessedFix(fix: fix, receivedAt: fix.time!.addingTimeInterval(20 + Double(4 - index % 5) * 2))
        }
        #expect(Self.check.refusal(buffered) == nil)
    }

    @Test func aFileTakenDaysAgoIsReplayed() {
        let walk = Walks.along(Self.path, speed: 1.3, start: Self.t0)
        let sentLater = walk.map { WitnessedFix(fix: $0, receivedAt: $0.time!.addingTimeInterval(2 * 86_400)) }
        #expect(Self.check.refusal(sentLater)?.reason == "replayed")
        #expect(Self.check.refusal(sentLater)?.detail.contains("2 days before it arrived") == true)
    }

    @Test func fixesStampedInTheFutureAreNotLive() {
        let walk = Walks.along(Self.path, speed: 1.3, start: Self.t0)
        #expect(Self.check.refusal(Self.witnessed(walk, latency: -600))?.reason == "not-live")
        let timeless = walk.map { WitnessedFix(fix: LocationFix(coordinate: $0.coordinate), receivedAt: Self.t0) }
        #expect(Self.check.refusal(timeless)?.reason == "not-live")
    }

    @Test func aWalkSentFasterThanItWasWalkedIsNotRealTime() {
        // 50 s of walking, each fix within the clock window, all sent within one second.
        let walk = Walks.along(Self.path, speed: 1.3, every: 2, start: Self.t0).prefix(26)
        let middle = Self.t0.addingTimeInterval(25)
        let burst = walk.enumerated().map { WitnessedFix(fix: $1, receivedAt: middle.addingTimeInterval(Double($0) * 0.02)) }
        #expect(Self.check.refusal(Array(burst))?.reason == "not-real-time")
    }

    @Test func timeThatGoesBackIsOutOfOrder() {
        var walk = Walks.along(Self.path, speed: 1.3, start: Self.t0)
        walk.swapAt(10, 11)
        #expect(Self.check.refusal(Self.witnessed(walk, latency: 5))?.reason == "out-of-order")
    }

    @Test func aFixDroppedAtTheDoorIsNoWalk() {
        let one = [LocationFix(coordinate: Self.path[3], time: Self.t0, horizontalAccuracy: 5)]
        #expect(Self.check.refusal(Self.witnessed(one))?.reason == "too-short")
    }

    @Test func aRideIsTooFastButOneGPSJumpIsNot() {
        #expect(Self.check.refusal(Self.witnessed(Walks.along(Self.path, speed: 5, start: Self.t0)))?.reason == "too-fast")
        // One fix 60 m off for one step: 30 m/s between two fixes, walking pace over 20 s.
        var walk = Walks.along(Self.path, speed: 1.3, start: Self.t0)
        walk[40].coordinate = Geodesy.destination(from: walk[40].coordinate, distance: 60, bearing: 0)
        #expect(Self.check.refusal(Self.witnessed(walk)) == nil)
    }

    @Test func aStraightLineOrClockworkStepsAreDrawnNotWalked() {
        let line = Walks.along([Self.path[0], Self.path[3]], speed: 1.4, start: Self.t0, wobble: 0)
        #expect(Self.check.refusal(Self.witnessed(line))?.reason == "too-regular")
        // Along streets (not one line) but every step the same: computed.
        let clockwork = Walks.along(Self.path, speed: 1.4, start: Self.t0, wobble: 0)
        let refusal = Self.check.refusal(Self.witnessed(clockwork))
        #expect(refusal?.reason == "too-regular")
        #expect(refusal?.detail.contains("same speed") == true, "\(String(describing: refusal))")
    }

    @Test func theSameFixesHaveTheSameFingerprintWhateverTheirTimes() {
        let walk = Walks.along(Self.path, speed: 1.3, start: Self.t0)
        let restamped = walk.map { LocationFix(coordinate: $0.coordinate, time: $0.time?.addingTimeInterval(3600)) }
        let other = Walks.along(Self.path, speed: 1.3, start: Self.t0, seed: 8)
        #expect(LiveWalkCheck.fingerprint(Self.witnessed(walk)) == LiveWalkCheck.fingerprint(Self.witnessed(restamped)))
        #expect(LiveWalkCheck.fingerprint(Self.witnessed(walk)) != LiveWalkCheck.fingerprint(Self.witnessed(other)))
    }
}
