import Foundation
import PlaceBytes
import PlaceCore
import PlacesKit
import Testing

/// `PlacesService.follow`, on the events it gives: a walk along a given route (no provider asked),
/// a detour off it and back, the arrival that ends it, and a recommendation's points awarded once
/// however often the same arrival is replayed. The clock is pinned (Saturday 21 November 2026).
@Suite(.timeLimit(.minutes(10))) struct FollowFlowTests {
    static let t0 = Date(timeIntervalSince1970: 1_795_255_200)  // 2026-11-21T10:00:00Z
    /// Waterlooplein market in the example feed.
    static let market = Coordinate(52.3676, 4.9041)
    static let start = Geodesy.destination(from: market, distance: 400, bearing: 180)
    static let example = TestService.repository.appendingPathComponent("examples/feed.json").path

    /// One fix a second at 1.4 m/s from the start toward the market; with `detour`, 150 m along it
    /// steps 80 m east, waits there half a minute and comes back.
    static func walk(detour: Bool) -> Data {
        var fixes: [Coordinate] = []
        var position = start
        func step(to target: Coordinate) {
            while position.distance(to: target) > 1.4 {
                position = Geodesy.destination(from: position, distance: 1.4, bearing: position.bearing(to: target))
                fixes.append(position)
            }
        }
        if detour {
            let turn = Geodesy.destination(from: start, distance: 150, bearing: 0)
            step(to: turn)
            step(to: Geodesy.destination(from: turn, distance: 80, bearing: 90))
            fixes.append(contentsOf: Array(repeating: position, count: 30))
            step(to: turn)
        }
        step(to: market)
        // Fixes after the arrival are never read.
        fixes.append(contentsOf: Array(repeating: market, count: 10))
        let lines = fixes.enumerated().map { second, point in
            #"{"lat":\#(point.latitude),"lon":\#(point.longitude),"time":"\#(ISO8601Text.format(t0.addingTimeInterval(Double(second + 1))))","accuracy":5}"#
        }
        return Data(lines.joined(separator: "\n").utf8)
    }

    static func events(_ query: FollowQuery, walk: Data, service: PlacesService) async throws -> [FollowEvent] {
        let plan = try await service.planFollow(query)
        let source = try TraceReader.source(data: walk, name: "walk.ndjson")
        var events: [FollowEvent] = []
        for try await event in service.follow(plan, trace: TraceItems(source), name: "walk.ndjson") { events.append(event) }
        return events
    }

    static let route = (path: [start, market], source: "given.geojson")

    @Test func aDetourIsSaidOffAndBackAndTheArrivalEndsTheWalk() async throws {
        let (service, folder) = try TestService.make()
        defer { try? FileManager.default.removeItem(at: folder) }
        let query = FollowQuery(to: "\(Self.market.latitude),\(Self.market.longitude)", route: Self.route)
        let events = try await Self.events(query, walk: Self.walk(detour: true), service: service)
        var kinds: [String] = []
        for event in events {
            switch event {
            case .route(let source, let distance, _, let points, _, let reroute):
                kinds.append("route")
                #expect(source == "given.geojson" && points == 2 && !reroute)
                #expect(abs(distance - 400) < 1, "\(distance)")
            case .monitor(.offRoute(let off), let award):
                kinds.append("off")
                #expect(off.distance > 15 && off.distance <= 81, "beyond the tolerance, at most the detour: \(off.distance)")
                #expect(abs(off.along - 150) < 20, "\(off.along)")
                #expect(award == nil)
            case .monitor(.backOnRoute, _): kinds.append("back")
            case .monitor(.arrived(let arrival), let award):
                kinds.append("arrived")
                #expect(arrival.fix.coordinate.distance(to: Self.market) <= 50)
                #expect(award == nil, "a point earns nothing")
            case .end(let fixes, let used, _, let arrived, _, _):
                kinds.append("end")
                #expect(arrived)
                #expect(used <= fixes)
            }
        }
        #expect(kinds == ["route", "off", "back", "arrived", "end"], "\(kinds)")
    }

    @Test func aRecommendationsPointsAreAwardedOnceHoweverOftenTheArrivalComes() async throws {
        let (service, folder) = try TestService.make()
        defer { try? FileManager.default.removeItem(at: folder) }
        let query = FollowQuery(to: "rec-waterlooplein", feed: Self.example, route: Self.route)
        let plan = try await service.planFollow(query)
        #expect(plan.targetName == "Waterlooplein market (feed:rec-waterlooplein)")
        #expect(plan.settings.arrivalRadius == 50)

        func award(_ events: [FollowEvent]) -> FollowEvent.AwardNote? {
            for case .monitor(.arrived, let award) in events { return award }
            return nil
        }
        let first = try await Self.events(query, walk: Self.walk(detour: false), service: service)
        #expect(award(first) == .awarded(points: 40, balance: 40))
        let again = try await Self.events(query, walk: Self.walk(detour: false), service: service)
        guard case .already(let kept, _) = award(again) else {
            Issue.record("the second arrival: \(String(describing: award(again)))")
            return
        }
        #expect(kept == 40)
        let points = try await service.points()
        #expect(points.balance == 40, "nothing doubled")
        #expect(points.history.count == 1)
    }
}
