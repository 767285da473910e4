import Foundation
import HTTPTypes
import PlaceBytes
public import PlaceCore
public import PlaceHTTP

/// Amsterdam's on-street parking meters, with the cost of a stay, from ParkShark. Keyless.
///
/// - With a stay in the request (`places parking --advice`) it asks the cost calculation for
///   the stay, then `get_meters` for the addresses and tariffs of the nearest meters and of every
///   meter in the server's advice (nearest first, one per price level, garages included).
/// - Without one (`places parking`) it asks `get_meters_in_box` and `get_meters`: what is there
///   and its tariff, which does not depend on the hour, so the ranking prices the stay itself.
/// - When the cost calculation does not answer, the listing's way is taken and every place says
///   so (`cost_note`): a price worked out from the tariff is better than none.
public struct ParkSharkProvider: PlaceDetailsProvider {
    /// Its id, `parkshark`, which prefixes the ids of its meters (`parkshark:10418`).
    public static let providerID: ProviderID = "parkshark"
    /// Meters asked about per search: the nearest this many, plus the advice rows.
    static let meterLimit = 40

    /// The same as ``providerID``.
    public let id = ParkSharkProvider.providerID
    /// Parking, in and around Amsterdam only.
    public let capabilities = ProviderCapabilities(categories: [.parking], coverage: .amsterdam)
    private let client: HTTPClient

    /// A provider that sends its requests through `client`; the service is gone, so only recordings can answer them.
    public init(client: HTTPClient) { self.client = client }

    /// Retired (the service went offline after 2014): the recordings answer; not ready in replay mode without any.
    public var status: ProviderStatus { .retired(client, service: ParkSharkAPI.host, why: "the service went offline after 2014") }

    /// Meters within the request's radius, and with a stay the garages of the server's advice; see the type's notes.
    /// - Throws: ``ProviderError`` `.unsupported` for any category but parking.
    public func search(_ request: SearchRequest) async throws -> [Place] {
        guard request.category == .parking else {
            throw ProviderError(provider: id, kind: .unsupported, message: "only parking is supported, not \(request.category)")
        }
        guard let stay = request.parking?.stay else { return try await listing(request) }
        do {
            return try await advice(request, stay: stay)
        } catch let error as ProviderError where error.kind != .timedOut {
            try Task.checkCancellation()
            var places = try await listing(request)
            // A missing recording is the usual case offline (the service is gone): say it in a few words.
            let why = error.kind == .noRecording ? "no recording of this stay" : error.message
            let note = "the cost calculation did not answer (\(why)); costs are worked out from the meters' tariffs"
            for index in places.indices { places[index].tags["cost_note"] = note }
            return places
        }
    }

    /// The meter with this number, with its address and tariff.
    /// - Throws: ``ProviderError`` `.notFound` when the id is not a meter number or ParkShark does not know the meter.
    public func details(for placeID: PlaceID) async throws -> Place {
        guard placeID.provider == id, placeID.nativeID.allSatisfy(\.isNumber) else {
            throw ProviderError(
                provider: id, kind: .notFound,
                message: "'\(placeID)' is not a ParkShark meter (expected parkshark:NUMBER, as `places parking` prints)")
        }
        let meters = try await meters([placeID.nativeID])
        guard let meter = meters.first(where: { $0.number == placeID.nativeID }), let place = place(meter, row: nil) else {
            throw ProviderError(provider: id, kind: .notFound, message: "ParkShark has no meter \(placeID.nativeID)")
        }
        return place
    }

    // MARK: - The two ways of asking

    private func advice(_ request: SearchRequest, stay: Stay) async throws -> [Place] {
        let (results, adviceRows) = try await fetch(
            ParkSharkAPI.costRequest(focus: request.focus, stay: stay, methods: request.parking?.paymentMethods ?? [])
        ) {
            root throws(JSONShapeError) in try ParkSharkReader.cost(root)
        }
        // The server sorts by distance; its distances were once off by a factor (see api-formats §1.1),
        // so its order picks the candidates and our own distance decides what is in range.
        let limit = min(Self.meterLimit, request.limit)
        var rows: [String: ParkSharkReader.CostRow] = [:]
        var numbers: [String] = []
        for row in results where !row.meter.isEmpty && rows[row.meter] == nil && numbers.count < limit {
            rows[row.meter] = row
            numbers.append(row.meter)
        }
        for row in adviceRows where !row.meter.isEmpty && rows[row.meter] == nil {
            rows[row.meter] = ParkSharkReader.CostRow(meter: row.meter, cost: row.cost, distance: row.distance, match: 1)
            numbers.append(row.meter)
        }
        let meters = numbers.isEmpty ? [] : try await meters(numbers)
        var places = meters.compactMap { meter in place(meter, row: rows[meter.number], stay: stay) }
        // Garages come only in the advice, without a number but with their position.
        for row in adviceRows where row.meter.isEmpty {
            if let garage = garage(row, stay: stay) { places.append(garage) }
        }
        return places.filter { $0.coordinate.distance(to: request.focus) <= request.radius }
    }

    private func listing(_ request: SearchRequest) async throws -> [Place] {
        let box = BoundingBox(center: request.focus, radius: request.radius)
        let rows = try await fetch(ParkSharkAPI.boxRequest(box)) { root throws(JSONShapeError) in try ParkSharkReader.rows(root.member("items")) }
        let nearest = rows.compactMap { row -> (ParkSharkReader.AdviceRow, Double)? in
            guard !row.meter.isEmpty, let coordinate = try? Coordinate(latitude: row.latitude, longitude: row.longitude) else { return nil }
            let distance = coordinate.distance(to: request.focus)
            return distance <= request.radius ? (row, distance) : nil
        }
        .sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0.meter < $1.0.meter }
        .prefix(min(Self.meterLimit, request.limit))
        guard !nearest.isEmpty else { return [] }
        let meters = try await meters(nearest.map(\.0.meter))
        let byNumber = Dictionary(meters.map { ($0.number, $0) }, uniquingKeysWith: { first, _ in first })
        return nearest.compactMap { row, _ in
            // A meter the box knows but `get_meters` does not is still a place to park, without a tariff.
            let meter =
                byNumber[row.meter]
                ?? ParkSharkReader.Meter(
                    number: row.meter, latitude: row.latitude, longitude: row.longitude, address: row.address, paymentMethods: [], tariff: nil)
            return place(meter, row: nil)
        }
    }

    // MARK: - Mapping

    private func place(_ meter: ParkSharkReader.Meter, row: ParkSharkReader.CostRow?, stay: Stay? = nil) -> Place? {
        guard let coordinate = try? Coordinate(latitude: meter.latitude, longitude: meter.longitude) else { return nil }
        var offer = ParkingOffer(
            kind: .meter, reference: meter.number, tariff: meter.tariff, paymentMethods: meter.paymentMethods.isEmpty ? nil : meter.paymentMethods)
        if let row, let stay {
            offer.stayCost = StayCost(amount: row.cost >= 0 ? row.cost : nil, stay: stay, source: .provider)
            offer.paymentMatch = row.match
        }
        let address = Address(street: meter.address, postcode: meter.postcode, locality: meter.town, countryCode: "NL")
        return Place(
            id: PlaceID(provider: id, nativeID: meter.number), name: meter.address ?? "Meter \(meter.number)", coordinate: coordinate,
            categories: [Category(name: "Parking meter")], concepts: [.parking], address: address,
            summary: meter.district.map { "Parking meter \(meter.number), \($0)" }, parking: offer)
    }

    private func garage(_ row: ParkSharkReader.AdviceRow, stay: Stay) -> Place? {
        guard let coordinate = try? Coordinate(latitude: row.latitude, longitude: row.longitude) else { return nil }
        let offer = ParkingOffer(kind: .garage, stayCost: StayCost(amount: row.cost >= 0 ? row.cost : nil, stay: stay, source: .provider))
        // No category of its own: the city's feed knows the garage by name, with its room, and its
        // record should win the merge (ParkShark has no details call for garages).
        return Place(
            id: PlaceID(provider: id, nativeID: "garage-\(row.index)"), name: row.address, coordinate: coordinate,
            concepts: [.parking], address: Address(street: row.address, countryCode: "NL"), parking: offer)
    }

    // MARK: - HTTP

    private func meters(_ numbers: [String]) async throws -> [ParkSharkReader.Meter] {
        try await fetch(ParkSharkAPI.metersRequest(numbers)) { root throws(JSONShapeError) in try ParkSharkReader.meters(root) }
    }

    private func fetch<T>(_ request: HTTPRequest, _ read: (JSONCursor) throws(JSONShapeError) -> T) async throws -> T {
        let (response, data) = try await client.send(request, for: id)
        let checker = ProviderResponse(provider: id, endpoint: "\(ParkSharkAPI.host)\(ParkSharkAPI.path)", redactor: client.redactor)
        try checker.check(response, body: data)
        return try checker.read(data, read)
    }
}
