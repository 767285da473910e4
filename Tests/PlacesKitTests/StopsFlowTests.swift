import Foundation
import PlaceCore
import PlacesKit
import PlaceSearchTesting
import Synchronization
import Testing

/// `PlacesService.stops`, on values: a constructed morning in central Amsterdam (a walk, twenty
/// minutes at a café, a walk, ten minutes on Damstraat, a walk) as NDJSON in memory, the stops and
/// the movement between them, their names from an imported extract, the settings that decide what
/// a stop is, the fixes refused and what is said of them.
struct StopsFlowTests {
    static let t0 = Date(timeIntervalSince1970: 1_795_255_200)  // 2026-11-21T10:00:00Z
    static let café = Coordinate(52.3712, 4.8931)
    static let damstraat = Coordinate(52.3723, 4.8946)

    /// A café at the stay and Damstraat running past the second one.
    static let extract = """
        <?xml version="1.0" encoding="UTF-8"?>
        <osm version="0.6" generator="hand">
         <node id="1" lat="52.3712300" lon="4.8931200"><tag k="name" v="Café Verweilen"/><tag k="amenity" v="cafe"/></node>
         <node id="10" lat="52.3723500" lon="4.8938000"/>
         <node id="11" lat="52.3722500" lon="4.8955000"/>
         <way id="100"><nd ref="10"/><nd ref="11"/><tag k="highway" v="pedestrian"/><tag k="name" v="Damstraat"/></way>
        </osm>
        """

    typealias Day = SyntheticWalk

    static func day(stayAccuracy: Double = 5) -> Day {
        var day = SyntheticWalk(start: Coordinate(52.3680, 4.8915))
        day.walk(to: café)
        day.stay(1200, accuracy: stayAccuracy)
        day.walk(to: damstraat)
        day.stay(600, accuracy: stayAccuracy)
        day.walk(to: Coordinate(52.3760, 4.8970))
        return day
    }

    static func stops(
        _ day: Day, _ query: StopsQuery = StopsQuery(), service: PlacesService, keeping: StopsKeeping = .everything,
        each: (StopsEvent) throws(PlacesError) -> Void = { _ in }
    ) throws -> StopsSummary {
        var source = try TraceReader.source(data: Data(day.ndjson(from: t0).utf8), name: "day.ndjson")
        return try service.stops(query, source: &source, name: "day.ndjson", keeping: keeping, each: each)
    }

    @Test func twoStaysAreTwoStopsWithTheMovementAroundThem() throws {
        let (service, folder) = try TestService.make()
        defer { try? FileManager.default.removeItem(at: folder) }
        let summary = try Self.stops(Self.day(), service: service)
        #expect(summary.stopCount == 2)
        #expect(summary.stops.map(\.stop.number) == [1, 2])
        #expect(summary.stops.map { $0.stop.centre.distance(to: [Self.café, Self.damstraat][$0.stop.number - 1]) < 10 } == [true, true])
        // A stay counts from its first fix in the radius to its last: the twenty and ten minutes,
        // give or take the seconds of walking in and out within 50 m.
        #expect(abs(summary.stops[0].stop.duration - 1200) < 90, "\(summary.stops[0].stop.duration)")
        #expect(abs(summary.stops[1].stop.duration - 600) < 90, "\(summary.stops[1].stop.duration)")
        #expect(summary.transits.map { [$0.from, $0.to] } == [[nil, 1], [1, 2], [2, nil]])
        #expect(summary.fixes == Self.day().fixes.count)
        #expect(summary.used == summary.fixes)
        #expect(abs(summary.stoppedSeconds - summary.stops.reduce(0) { $0 + $1.stop.duration }) < 0.001)
        // Without an import nothing names them.
        #expect(summary.stops.allSatisfy { $0.name == nil })
    }

    @Test func stopsAreNamedFromTheImportedDataWithinTheReachAsked() async throws {
        let (service, folder) = try TestService.make()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("centre.osm")
        try Self.extract.write(to: file, atomically: true, encoding: .utf8)
        _ = try await service.importFiles(osm: [file.path], nameLists: [], options: NameListOptions())

        let named = try Self.stops(Self.day(), service: service)
        #expect(named.stops.compactMap(\.name?.name) == ["Café Verweilen", "Damstraat"])
        #expect(named.stops.compactMap(\.name?.source) == ["poi", "street"])
        #expect(named.stops.allSatisfy { ($0.name?.distance ?? .infinity) < 75 })
        let unnamed = try Self.stops(Self.day(), StopsQuery(nameWithin: 0), service: service)
        #expect(unnamed.stopCount == 2)
        #expect(unnamed.stops.allSatisfy { $0.name == nil })
    }

    @Test func theSettingsDecideWhatIsAStop() throws {
        let (service, folder) = try TestService.make()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Only the twenty minutes at the café last fifteen.
        let longer = try Self.stops(Self.day(), StopsQuery(settings: .init(minimumDuration: 900)), service: service)
        #expect(longer.stopCount == 1)
        // The café and Damstraat are 160 m apart: a 300 m radius takes the walk between as a stay too.
        let wide = try Self.stops(Self.day(), StopsQuery(settings: .init(radius: 300)), service: service)
        #expect(wide.stopCount == 1)
        // A silence longer than the largest gap ends a stay: the café with five minutes missing is
        // one stop without a limit, two with a limit of two minutes.
        var gappy = Self.day()
        gappy.fixes.removeAll { (700...1000).contains($0.1) }
        #expect(try Self.stops(gappy, service: service).stopCount == 2)
        #expect(try Self.stops(gappy, StopsQuery(settings: .init(maximumGap: 120)), service: service).stopCount == 3)
    }

    @Test func fixesLessAccurateThanAskedAreDroppedAndSaidOncePerRun() throws {
        let notices = Mutex<[String]>([])
        let (service, folder) = try TestService.make(notices: NoticeSink { notice in notices.withLock { $0.append(notice.text) } })
        defer { try? FileManager.default.removeItem(at: folder) }
        // The stays recorded indoors at ±300 m: dropped, and what is left of each is the walk in
        // and the walk out, a gap apart in the same place: still a stop.
        let day = Self.day(stayAccuracy: 300)
        let strict = try Self.stops(day, service: service)
        #expect(strict.stopCount == 2)
        #expect(strict.skipped == 1800)
        #expect(strict.stops.allSatisfy { $0.stop.fixCount < 100 })
        let refused = notices.withLock { $0 }.filter { $0.hasSuffix("accuracy 300 m is worse than the 150 m required; skipped") }
        #expect(refused.count == 2, "\(notices.withLock { $0 })")
        let lenient = try Self.stops(day, StopsQuery(minimumAccuracy: 500, accuracyAsked: true), service: service)
        #expect(lenient.stopCount == 2)
        #expect(lenient.stops.allSatisfy { $0.stop.fixCount > 600 })
    }

    @Test func aStreamKeepsNothingAndHandsOverEveryEventInOrder() throws {
        let (service, folder) = try TestService.make()
        defer { try? FileManager.default.removeItem(at: folder) }
        var kinds: [String] = []
        let summary = try Self.stops(Self.day(), service: service, keeping: .nothing) { event in
            switch event {
            case .stop: kinds.append("stop")
            case .transit: kinds.append("transit")
            }
        }
        #expect(kinds == ["transit", "stop", "transit", "stop", "transit"])
        #expect(summary.stops.isEmpty && summary.transits.isEmpty)
        #expect(summary.stopCount == 2)
        // A table keeps the transits without their paths.
        let table = try Self.stops(Self.day(), service: service, keeping: .withoutPaths)
        #expect(table.transits.count == 3)
        #expect(table.transits.allSatisfy { $0.path.isEmpty })
        #expect(try Self.stops(Self.day(), service: service).transits.allSatisfy { $0.path.count >= 2 })
    }

    @Test func aTraceWithoutAUsableFixIsBadData() throws {
        let (service, folder) = try TestService.make()
        defer { try? FileManager.default.removeItem(at: folder) }
        var untimed = try TraceReader.source(data: Data(#"{"lat":52.37,"lon":4.89}"#.utf8), name: "untimed.ndjson")
        #expect {
            try service.stops(StopsQuery(), source: &untimed, name: "untimed.ndjson", keeping: .everything)
        } throws: { error in
            guard let error = error as? PlacesError else { return false }
            return error.kind == .badData && error.message.hasPrefix("untimed.ndjson: ")
        }
    }
}
