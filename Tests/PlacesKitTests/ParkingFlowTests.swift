import Foundation
import PlacesKit
import Testing

/// `parking --advice` as a flow, on values: ranked by the cost of the stay from the bundled
/// ParkShark and garage recordings, with the clock pinned (Saturday 21 November 2026, 11:30 in
/// Amsterdam). The CLI's suite keeps the renderings, the default centre's notice and the failing
/// garage feed through a process.
@Suite(.timeLimit(.minutes(10))) struct ParkingFlowTests {
    static func parking(_ query: ParkingQuery, notices: NoticeSink = .ignore) async throws -> ParkingSearchResult {
        let (service, folder) = try TestService.make(notices: notices)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try await service.parking(query)
    }

    static func meterCosts(_ result: ParkingSearchResult) -> [PricedStay] {
        result.search.ranking.ranked.filter { $0.place.parking?.kind == .meter }.map { StayPricing.price($0.place, for: result.stay) }
    }

    @Test func adviceForFridayMorningRanksByWhatParkSharkCharges() async throws {
        let result = try await Self.parking(ParkingQuery(advice: true, duration: "2h", arrive: "fri 08:30"))
        // Friday 08:30 in Amsterdam, read in the destination's zone.
        #expect(result.stay.arrival == ISO8601DateFormatter().date(from: "2026-11-27T07:30:00Z"))
        #expect(result.stay.duration == 7_200)
        // 09:00–10:30 is paid: €7.50 at €5/h, €6.00 at €4/h, as ParkShark calculated.
        let costs = Self.meterCosts(result)
        #expect(!costs.isEmpty)
        #expect(costs.allSatisfy { $0.source == .provider && [7.5, 6].contains($0.amount ?? -1) }, "\(costs)")
        let scores = result.search.ranking.ranked.map(\.score)
        #expect(scores == scores.sorted(by: >))
        #expect(!result.search.ranking.excluded.isEmpty)
    }

    @Test func sortedByCostTheCheapestStayComesFirst() async throws {
        let result = try await Self.parking(ParkingQuery(advice: true, duration: "2h", arrive: "fri 08:30", sort: .cost))
        let costs = result.search.ranking.ranked.map { StayPricing.price($0.place, for: result.stay).amount ?? .infinity }
        #expect(costs == costs.sorted())
        #expect(costs.first == 6)
    }

    @Test func aStayLongerThanAMeterAllowsLeavesThatMeterOutAndSaysWhy() async throws {
        let result = try await Self.parking(ParkingQuery(advice: true, duration: "3h", arrive: "fri 08:30", top: 50))
        #expect(result.search.ranking.excluded.contains { $0.reason.contains("at most 2 h here, the stay is 3 h") })
        #expect(Self.meterCosts(result).allSatisfy { !$0.exceedsMaximumStay })
    }

    @Test func withNoRecordedCostTheTariffsPriceTheStay() async throws {
        // Saturday 11:30 for 2 h (the defaults): no recording of that stay, so the tariffs price it,
        // all of it paid: €10.00 at €5/h, €8.00 at €4/h.
        let said = SaidNotices()
        let result = try await Self.parking(ParkingQuery(advice: true), notices: said.sink)
        let costs = Self.meterCosts(result)
        #expect(!costs.isEmpty)
        #expect(costs.allSatisfy { $0.source == .tariff && [10, 8].contains($0.amount ?? -1) }, "\(costs)")
        #expect(said.lines.contains { $0.contains("parkshark: the cost calculation did not answer") }, "\(said.lines)")
    }
}
