import Foundation
import PlaceCore
import Tracking
import Testing

/// A constructed walk: an L-shaped route (500 m east, then 500 m north) and a walker at 1.4 m/s,
/// one fix a second, placed at a chosen distance beside the route.
struct ConstructedWalk {
    static let start = Coordinate(52.3700, 4.8900)
    static let corner = Geodesy.destination(from: start, distance: 500, bearing: 90)
    static let end = Geodesy.destination(from: corner, distance: 500, bearing: 0)
    /// A point every 10 m.
    static let route: [Coordinate] =
        (0...50).map { Geodesy.destination(from: start, distance: Double($0) * 10, bearing: 90) }
        + (1...50).map { Geodesy.destination(from: corner, distance: Double($0) * 10, bearing: 0) }
    static let t0 = Date(timeIntervalSince1970: 1_795_000_000)

    /// The point `along` metres down the route, `offset` metres to its left (negative: right).
    static func point(along: Double, offset: Double = 0) -> Coordinate {
        let onRoute =
            along <= 500
            ? Geodesy.destination(from: start, distance: along, bearing: 90)
            : Geodesy.destination(from: corner, distance: along - 500, bearing: 0)
        let heading = along <= 500 ? 90.0 : 0.0
        return offset == 0 ? onRoute : Geodesy.destination(from: onRoute, distance: abs(offset), bearing: heading + (offset > 0 ? -90 : 90))
    }

    /// Fix `second` of a walk whose sideways offset at each second is `offset(second)`.
    static func fixes(seconds: ClosedRange<Int>, speed: Double = 1.4, accuracy: Double? = 5, offset: (Int) -> Double) -> [LocationFix] {
        seconds.map { second in
            LocationFix(
                coordinate: point(along: min(1000, Double(second) * speed), offset: offset(second)),
                time: t0.addingTimeInterval(Double(second)), horizontalAccuracy: accuracy)
        }
    }

    static func run(_ fixes: [LocationFix], settings: RouteMonitor.Settings = .init()) throws -> [RouteMonitor.Event] {
        var monitor = try RouteMonitor(route: route, settings: settings)
        return fixes.compactMap { monitor.process($0) }
    }
}

struct RouteMonitorTests {
    typealias Walk = ConstructedWalk

    static func second(of event: RouteMonitor.Event) -> Int {
        Int((event.fix.time ?? .distantPast).timeIntervalSince(Walk.t0).rounded())
    }

    @Test func walkingAlongTheRouteOnlyArrives() throws {
        let events = try Walk.run(Walk.fixes(seconds: 0...800) { _ in 0 })
        #expect(events.count == 1)
        guard case .arrived(let arrival) = events.first else { Issue.record("no arrival: \(events)"); return }
        // 50 m before the end, at 1.4 m/s: 950 m / 1.4 ≈ second 679.
        #expect(arrival.distance <= 50)
        #expect((678...680).contains(Self.second(of: events[0])))
    }

    @Test func aFourMetreWobbleNeverAlerts() throws {
        let events = try Walk.run(Walk.fixes(seconds: 0...800) { $0 % 2 == 0 ? 4 : -4 })
        #expect(events.map(Self.kind) == ["arrived"])
    }

    @Test func aThirtyMetreDetourHeldTwentySecondsAlertsOnceAtTheTimeThresholdThenComesBack() throws {
        // Off by 30 m from second 100 to 119 (20 s), then back.
        let events = try Walk.run(Walk.fixes(seconds: 0...800) { (100..<120).contains($0) ? 30 : 0 })
        #expect(events.map(Self.kind) == ["off-route", "back-on-route", "arrived"])
        guard case .offRoute(let off) = events[0], case .backOnRoute(let back) = events[1] else { return }
        #expect(off.reason == .time(seconds: 15))
        #expect(Self.second(of: events[0]) == 115)
        #expect(abs(off.distance - 30) < 0.5)
        #expect(Self.second(of: events[1]) == 120)
        #expect(back.secondsOff == 20)
    }

    @Test func aDetourShorterThanTheTimeThresholdDoesNotAlert() throws {
        let events = try Walk.run(Walk.fixes(seconds: 0...800) { (100..<114).contains($0) ? 30 : 0 })
        #expect(events.map(Self.kind) == ["arrived"])
    }

    @Test func goingBeyondTheDistanceThresholdAlertsAtOnce() throws {
        let events = try Walk.run(Walk.fixes(seconds: 0...800) { (200..<203).contains($0) ? 55 : 0 })
        #expect(events.map(Self.kind) == ["off-route", "back-on-route", "arrived"])
        guard case .offRoute(let off) = events[0] else { return }
        #expect(Self.second(of: events[0]) == 200)
        #expect(off.reason == .distance(threshold: 50))
    }

    @Test func justUnderTheDistanceThresholdWaitsForTheTime() throws {
        let events = try Walk.run(Walk.fixes(seconds: 0...800) { (200..<203).contains($0) ? 49 : 0 })
        #expect(events.map(Self.kind) == ["arrived"])
    }

    @Test func eachThresholdIsAnOption() throws {
        let settings = RouteMonitor.Settings(offRouteDistance: 25, tolerance: 5, offRouteTime: 5)
        // 30 m is now beyond the distance threshold: at once.
        var events = try Walk.run(Walk.fixes(seconds: 0...800) { (100..<102).contains($0) ? 30 : 0 }, settings: settings)
        #expect(events.map(Self.kind) == ["off-route", "back-on-route", "arrived"])
        #expect(Self.second(of: events[0]) == 100)
        // 8 m is beyond a 5 m tolerance: after 5 s.
        events = try Walk.run(Walk.fixes(seconds: 0...800) { (100..<110).contains($0) ? 8 : 0 }, settings: settings)
        #expect(events.map(Self.kind) == ["off-route", "back-on-route", "arrived"])
        #expect(Self.second(of: events[0]) == 105)
        // Arrival radius.
        let near = RouteMonitor.Settings(arrivalRadius: 10)
        events = try Walk.run(Walk.fixes(seconds: 0...800) { _ in 0 }, settings: near)
        #expect(events.map(Self.kind) == ["arrived"])
        #expect((707...708).contains(Self.second(of: events[0])))
    }

    @Test func theCooldownHoldsBackASecondAlertAndSaysItWhenItEnds() throws {
        // Off at 100 (60 m, at once), back at 103, off again at 110 (during the 30 s cooldown) and
        // staying off: the second alert comes when the cooldown ends, at 130.
        let events = try Walk.run(
            Walk.fixes(seconds: 0...800) { second in
                switch second {
                case 100..<103: 60
                case 110..<140: 60
                default: 0
                }
            })
        #expect(events.map(Self.kind) == ["off-route", "back-on-route", "off-route", "back-on-route", "arrived"])
        #expect(events.map(Self.second).prefix(4) == [100, 103, 130, 140])
        guard case .offRoute(let second) = events[2] else { return }
        #expect(second.reason == .afterCooldown)
    }

    @Test func aWalkerBackBeforeTheCooldownEndsGetsNoSecondAlert() throws {
        let events = try Walk.run(
            Walk.fixes(seconds: 0...800) { second in
                (100..<103).contains(second) || (110..<115).contains(second) ? 60 : 0
            })
        #expect(events.map(Self.kind) == ["off-route", "back-on-route", "arrived"])
    }

    @Test func accuracyWidensTheThresholds() throws {
        // 55 m off with ±45 m: the threshold is 60 m and the tolerance 45 m, so it is the time
        // rule that alerts, 15 s later.
        let events = try Walk.run(Walk.fixes(seconds: 0...800, accuracy: 45) { (100..<130).contains($0) ? 55 : 0 })
        #expect(events.map(Self.kind) == ["off-route", "back-on-route", "arrived"])
        #expect(Self.second(of: events[0]) == 115)
        // 40 m off with ±45 m is within the tolerance: nothing.
        let quiet = try Walk.run(Walk.fixes(seconds: 0...800, accuracy: 45) { (100..<130).contains($0) ? 40 : 0 })
        #expect(quiet.map(Self.kind) == ["arrived"])
    }

    @Test func aVagueFixThatMightBeOnTheRouteDoesNotBringTheWalkerBack() throws {
        // Off at once (60 m), then a ±45 m fix 40 m away: within its widened tolerance, but not
        // back; back only with the good fix at second 106.
        var fixes = Walk.fixes(seconds: 0...800) { second in
            switch second {
            case 100..<103: 60
            case 103..<106: 40
            default: 0
            }
        }
        for index in 103..<106 { fixes[index].horizontalAccuracy = 45 }
        let events = try Walk.run(fixes)
        #expect(events.map(Self.kind) == ["off-route", "back-on-route", "arrived"])
        #expect(events.map(Self.second).prefix(2) == [100, 106])
    }

    @Test func fixesTooVagueToTrustNeitherAlertNorArrive() throws {
        var fixes = Walk.fixes(seconds: 0...800) { (100..<130).contains($0) ? 80 : 0 }
        for index in fixes.indices where (100..<130).contains(index) || index > 650 { fixes[index].horizontalAccuracy = 250 }
        let events = try Walk.run(fixes)
        #expect(events.isEmpty)
    }

    @Test func missingAccuracyUsesThePlainThresholds() throws {
        let events = try Walk.run(Walk.fixes(seconds: 0...800, accuracy: nil) { (100..<103).contains($0) ? 55 : 0 })
        #expect(events.map(Self.kind) == ["off-route", "back-on-route", "arrived"])
    }

    @Test func fixesWithoutTimesStillAlertOnDistanceButNeverOnTime() throws {
        var fixes = Walk.fixes(seconds: 0...800) { (100..<130).contains($0) ? 30 : ((200..<202).contains($0) ? 70 : 0) }
        for index in fixes.indices { fixes[index].time = nil }
        let events = try Walk.run(fixes)
        #expect(events.map(Self.kind) == ["off-route", "back-on-route", "arrived"])
        guard case .offRoute(let off) = events[0], case .backOnRoute(let back) = events[1] else { return }
        #expect(off.reason == .distance(threshold: 50))
        #expect(back.secondsOff == nil)
    }

    @Test func cuttingTheCornerOntoALaterPartOfTheRouteIsOnRoute() throws {
        // Jump from 300 m along straight to 800 m along (the second leg): the walker is on the route.
        var fixes = Walk.fixes(seconds: 0...214) { _ in 0 }
        fixes += (0...100).map { step in
            LocationFix(
                coordinate: Walk.point(along: 800 + 2 * Double(step)), time: Walk.t0.addingTimeInterval(Double(215 + step)), horizontalAccuracy: 5)
        }
        var monitor = try RouteMonitor(route: Walk.route)
        var events: [RouteMonitor.Event] = []
        for fix in fixes { if let event = monitor.process(fix) { events.append(event) } }
        #expect(events.map(Self.kind) == ["arrived"])
        #expect(monitor.progress.hasArrived)
    }

    @Test func nothingFollowsArrival() throws {
        var monitor = try RouteMonitor(route: Walk.route)
        let end = LocationFix(coordinate: Walk.end, time: Walk.t0, horizontalAccuracy: 5)
        #expect(monitor.process(end).map(Self.kind) == "arrived")
        let away = LocationFix(coordinate: Walk.start, time: Walk.t0.addingTimeInterval(1), horizontalAccuracy: 5)
        #expect(monitor.process(away) == nil)
    }

    @Test func anExplicitDestinationIsWhereArrivalIsJudged() throws {
        let destination = Walk.point(along: 500)
        var monitor = try RouteMonitor(route: Walk.route, destination: destination)
        let events = Walk.fixes(seconds: 0...800) { _ in 0 }.compactMap { monitor.process($0) }
        #expect(events.map(Self.kind) == ["arrived"])
        #expect((321...322).contains(Self.second(of: events[0])))
    }

    @Test func anEmptyRouteIsRefused() {
        #expect(throws: PathError.empty) { try RouteMonitor(route: []) }
    }

    @Test func progressTracksTheWalker() throws {
        var monitor = try RouteMonitor(route: Walk.route)
        _ = monitor.process(LocationFix(coordinate: Walk.point(along: 620, offset: 12), time: Walk.t0))
        // The walk is laid out on a sphere (Geodesy.destination); the monitor measures the ellipsoid.
        let length = Geodesy.distance(Walk.start, Walk.corner) + Geodesy.distance(Walk.corner, Walk.end)
        let along = Geodesy.distance(Walk.start, Walk.corner) + Geodesy.distance(Walk.corner, Walk.point(along: 620))
        #expect(abs(monitor.routeLength - length) < 0.1)
        #expect(abs(monitor.progress.along - along) < 0.1)
        #expect(abs(monitor.progress.distanceFromRoute - 12) < 0.1)
        #expect(abs(monitor.progress.remaining - (length - along)) < 0.1)
    }

    static func kind(_ event: RouteMonitor.Event) -> String {
        switch event {
        case .offRoute: "off-route"
        case .backOnRoute: "back-on-route"
        case .arrived: "arrived"
        }
    }
}
