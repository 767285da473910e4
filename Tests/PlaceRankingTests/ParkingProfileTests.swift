import Foundation
import PlaceBytes
import PlaceCore
import PlaceSearchTesting
import PlaceRanking
import Testing

/// Parking advice by the cost of the stay, the walk and the room, with expectations worked out by hand.
struct ParkingProfileTests {
    static let focus = Coordinate(52.37, 4.89)
    static let zone = TimeZone(identifier: "Europe/Amsterdam")!
    /// Friday 27 November 2026, 08:30 in Amsterdam, for 2 h (09:00–10:30 paid: 1.5 h).
    static let stay = Stay(arrival: ISO8601Text.parse("2026-11-27T08:30:00+01:00")!, duration: 2 * 3600)
    static let context = RankingContext(focus: focus, now: ISO8601Text.parse("2026-11-26T12:00:00+01:00")!, timeZone: zone)

    static func tariff(_ rate: Double) -> ParkingTariff {
        ParkingTariff(
            hourlyRate: rate, paidHours: [.init(start: 12, end: 24)] + Array(repeating: .init(start: 9, end: 24), count: 6),
            timeZoneIdentifier: "Europe/Amsterdam")
    }

    static func parking(_ id: String, metres: Double, offer: ParkingOffer) -> Place {
        // 400 m due east on the WGS 84 ellipsoid (GeographicLib's direct solution); the others are
        // inside the two free minutes of walking, where a few centimetres do not matter.
        let coordinate = metres == 400 ? Coordinate(52.369999854, 4.895872822) : Geodesy.destination(from: focus, distance: metres, bearing: 90)
        return Place(id: PlaceID(provider: "test", nativeID: id), name: id, coordinate: coordinate, concepts: [.parking], parking: offer)
    }

    /// A: €5/h meter at 100 m (€7.50 from its tariff); B: €4/h meter at 400 m (€6.00); C: garage at 50 m,
    /// €14.00 for the stay as its provider says, 214 of 465 free; D: a full garage at 30 m; E: a meter at 60 m
    /// that takes none of the driver's payment methods.
    static let places = [
        parking("A", metres: 100, offer: ParkingOffer(kind: .meter, tariff: tariff(5))),
        parking("B", metres: 400, offer: ParkingOffer(kind: .meter, tariff: tariff(4))),
        parking(
            "C", metres: 50,
            offer: ParkingOffer(
                kind: .garage, stayCost: StayCost(amount: 14, stay: stay, source: .provider),
                availability: ParkingAvailability(state: .available, free: 214, capacity: 465))),
        parking(
            "D", metres: 30,
            offer: ParkingOffer(
                kind: .garage, stayCost: StayCost(amount: 9, stay: stay, source: .provider),
                availability: ParkingAvailability(state: .full, free: 0, capacity: 300))),
        parking("E", metres: 60, offer: ParkingOffer(kind: .meter, tariff: tariff(5), paymentMatch: 0)),
    ]

    @Test func ranksByCostWalkAndRoomAsComputedByHand() throws {
        let result = ParkingProfile(stay: Self.stay, paymentMethods: ["cash", "pin"]).rank(Self.places, context: Self.context)
        #expect(result.ranked.map(\.place.name) == ["A", "B", "C"])
        // cost = (cheapest + 1) / (cost + 1) with cheapest €6.00: A 7/8.5 = 0.8235, B 1, C 7/15 = 0.4667.
        // walk (limit 10 min: free 120 s, half at 240 s more): A 130 m = 92.9 s → 1; C → 1;
        //   B 520 m = 371.4 s, 251.4 s past free, σ² = 240²/(2 ln 2) → exp(−251.4²/(2σ²)) = 0.4674.
        // availability: meters are not counted → 0.6; C 214 free → 1 − e^(−21.4) ≈ 1.
        // score = 0.5 cost + 0.35 walk + 0.15 availability:
        //   A 0.4118 + 0.35 + 0.09 = 0.8518; B 0.5 + 0.1636 + 0.09 = 0.7536; C 0.2333 + 0.35 + 0.15 = 0.7333.
        let scores = result.ranked.map(\.score)
        #expect(abs(scores[0] - 0.8518) < 0.0005)
        #expect(abs(scores[1] - 0.7536) < 0.0005)
        #expect(abs(scores[2] - 0.7333) < 0.0005)
        #expect(StayPricing.price(result.ranked[0].place, for: Self.stay) == PricedStay(amount: 7.5, source: .tariff, exceedsMaximumStay: false))
        #expect(result.ranked[2].components.first { $0.name == "cost" }?.detail.contains("as the provider calculated") == true)
    }

    @Test func aFullGarageAndAnUnpayableMeterAreLeftOutWithReasons() {
        let result = ParkingProfile(stay: Self.stay, paymentMethods: ["cash", "pin"]).rank(Self.places, context: Self.context)
        let reasons = Dictionary(uniqueKeysWithValues: result.excluded.map { ($0.place.name, $0.reason) })
        #expect(reasons["D"] == "full (0 of 300 free)")
        #expect(reasons["E"]?.contains("none of your payment methods") == true)
    }

    @Test func sortsByCostOrWalkWhenAsked() {
        let byCost = ParkingProfile(stay: Self.stay, order: .cost).rank(Self.places, context: Self.context)
        #expect(byCost.ranked.map(\.place.name) == ["B", "A", "C"])
        let byWalk = ParkingProfile(stay: Self.stay, order: .walk).rank(Self.places, context: Self.context)
        #expect(byWalk.ranked.map(\.place.name) == ["C", "A", "B"])
    }

    @Test func aListingKeepsFullAndUnusablePlaces() {
        let listing = ParkingProfile(stay: Self.stay, dropUnusable: false, order: .walk).rank(Self.places, context: Self.context)
        #expect(listing.ranked.map(\.place.name) == ["D", "C", "E", "A", "B"])
    }

    @Test func anUnknownCostCountsAsTheUpperQuartile() throws {
        let unpriced = Self.parking("F", metres: 100, offer: ParkingOffer(kind: .garage))
        let result = ParkingProfile(stay: Self.stay).rank(Array(Self.places.prefix(3)) + [unpriced], context: Self.context)
        // Known costs 6.00, 7.50, 14.00: the upper quartile is 7.50 + (14 − 7.5) × 0.5 = 10.75 → 7 / 11.75 = 0.5957.
        let cost = try #require(result.ranked.first { $0.place.name == "F" }?.components.first { $0.name == "cost" })
        #expect(abs(cost.value - 0.5957) < 0.0005)
        #expect(cost.detail.contains("cost unknown; counted as €10.75"))
    }

    @Test func aStayLongerThanTheMeterAllowsIsLeftOut() {
        var limited = Self.tariff(5)
        limited.maximumStay = 3600
        let place = Self.parking("G", metres: 80, offer: ParkingOffer(kind: .meter, tariff: limited))
        let result = ParkingProfile(stay: Self.stay).rank([place], context: Self.context)
        #expect(result.ranked.isEmpty)
        #expect(result.excluded.first?.reason == "at most 1 h here, the stay is 2 h")
    }

    @Test func theProvidersTotalWinsOverTheTariffOnlyForTheSameStay() {
        let other = Stay(arrival: Self.stay.arrival, duration: 3600)
        let offer = ParkingOffer(kind: .meter, stayCost: StayCost(amount: 99, stay: other, source: .provider), tariff: Self.tariff(5))
        let price = StayPricing.price(Self.parking("H", metres: 10, offer: offer), for: Self.stay)
        #expect(price.amount == 7.5)
        #expect(price.source == .tariff)
    }
}
