import Autocomplete
import Foundation
import Hummingbird
import PlaceBytes
import PlaceCore
import PlacesKit

/// `/search`, `/reverse` (with `format`), `/lookup` and `/status` as Nominatim answers them, from
/// the imported data and through the same lookup as every other way of naming a place: geocoding
/// clients made for Nominatim work against `places serve` unchanged. Parameters Nominatim knows and
/// we do not use (`polygon_geojson`, `email`, `dedupe`, …) are tolerated, as Nominatim tolerates
/// unknown ones; `format=xml` is refused with the formats we do write.
struct NominatimRoutes {
    let state: ServerState

    /// The structured search's fields, most specific first, as the free-form query reads them.
    static let structuredFields = ["amenity", "street", "city", "county", "state", "postalcode", "country"]

    func add(to group: RouterGroup<ServerContext>) {
        group.get("search", use: search)
        group.get("lookup", use: lookup)
    }

    func addStatus(to router: Router<ServerContext>) {
        router.get("status", use: status)
    }

    @Sendable func search(_ request: Request, context: ServerContext) async throws -> Response {
        let query = try QueryParameters(request.uri.query)
        let format = try Self.format(query, default: .jsonv2)
        let structured = Self.structuredFields.compactMap { field in query.string(field).flatMap { $0.isEmpty ? nil : $0 } }
        let free = query.string("q")?.trimmingCharacters(in: .whitespaces)
        if let free, !free.isEmpty, !structured.isEmpty {
            return Self.error(
                400,
                "Structured query parameters (amenity, street, city, county, state, postalcode, country) cannot be used together with 'q' parameter.")
        }
        let text = (free?.isEmpty == false ? free : nil) ?? structured.joined(separator: ", ")
        guard !text.isEmpty else {
            return Self.error(400, "Nominatim needs 'q' or a structured field (\(Self.structuredFields.joined(separator: ", ")))")
        }
        guard text.utf8.count <= 500 else { return Self.error(400, "'q' is longer than 500 bytes") }
        let limit = min(40, max(1, try query.int("limit", default: 10)))
        let countries = Set(
            query.list("countrycodes").flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces).uppercased() })
        let excluded = Set(query.list("exclude_place_ids").flatMap { $0.split(separator: ",") }.compactMap { Int($0) })
        let viewbox = try Self.viewbox(query)
        let bounded = try query.flag("bounded") && viewbox != nil
        let language = Self.language(query, request)
        let filtered = !countries.isEmpty || !excluded.isEmpty || bounded
        let answer = try state.service.complete(LookupQuery(text, focus: viewbox.flatMap(Self.middle), limit: filtered ? min(200, limit * 8) : limit))
        var documents: [JSONValue] = []
        for suggestion in answer.suggestions where documents.count < limit {
            let record = suggestion.record
            guard let coordinate = record.coordinate else { continue }
            if bounded, let viewbox, !viewbox.contains(coordinate) { continue }
            if !countries.isEmpty, !countries.contains(record.countryCode?.uppercased() ?? "") { continue }
            let place = NominatimPlace(record: record, imported: try await state.importedPlace(id: record.id), language: language)
            if excluded.contains(place.placeID) { continue }
            if let document = try place.document(format, query) { documents.append(document) }
        }
        return JSONResponse.make(NominatimPlace.collection(documents, format: format, query: text), type: Self.contentType(format))
    }

    @Sendable func reverse(_ request: Request, context: ServerContext) async throws -> Response {
        let query = try QueryParameters(request.uri.query)
        let format = try Self.format(query, default: .json)
        guard let latitude = try query.double("lat"), let longitude = try query.double("lon") else {
            return Self.error(400, "Need coordinates or OSM object to lookup.")
        }
        guard let at = try? Coordinate(latitude: latitude, longitude: longitude) else { return Self.error(400, "Invalid coordinates.") }
        let zoom = min(18, max(0, try query.int("zoom", default: 18)))
        let language = Self.language(query, request)
        // Nominatim's zoom is the detail asked for: 18 a building, 16 a street, 10 a city, 3 a country.
        let (radius, kinds): (Double, Set<NameKind>) =
            switch zoom {
            case 17...: (250, [.address, .poi, .street, .place])
            case 14..<17: (1_000, [.street, .place])
            case 8..<14: (15_000, [.place])
            default: (50_000, [.place])
            }
        var matches: [ReverseMatch] = []
        do {
            matches = try await state.service.reverse(at, radius: radius, limit: 50, geocoders: false)
        } catch {
            guard error.kind == .notFound else { throw error }
        }
        for match in matches.sorted(by: { $0.distance < $1.distance }) {
            guard let id = match.id, let imported = try await state.importedPlace(id: id), kinds.contains(imported.record.kind) else { continue }
            let place = NominatimPlace(record: imported.record, imported: imported, language: language)
            guard let document = try place.document(format, query, addressDefault: true) else { continue }
            switch format {
            case .json, .jsonv2: return JSONResponse.make(document)
            case .geojson, .geocodejson:
                return JSONResponse.make(NominatimPlace.collection([document], format: format, query: nil), type: Self.contentType(format))
            }
        }
        // A miss is Nominatim's own error object, answered 200 as Nominatim does.
        return JSONResponse.make(["error": "Unable to geocode"])
    }

    @Sendable func lookup(_ request: Request, context: ServerContext) async throws -> Response {
        let query = try QueryParameters(request.uri.query)
        let format = try Self.format(query, default: .jsonv2)
        let language = Self.language(query, request)
        let ids = query.list("osm_ids").flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
        guard !ids.isEmpty else { return Self.error(400, "Parameter 'osm_ids' is required, e.g. osm_ids=N2724001437,W45040154") }
        guard ids.count <= 50 else { return Self.error(400, "osm_ids takes at most 50 ids, not \(ids.count)") }
        var documents: [JSONValue] = []
        for id in ids {
            guard let kind = ["N": "node", "W": "way", "R": "relation"][id.prefix(1).uppercased()], let number = Int64(id.dropFirst()) else {
                return Self.error(400, "'\(id)' is not an OSM id: N, W or R and a number, e.g. N2724001437")
            }
            guard let imported = try await state.importedPlace(id: "osm:\(kind)/\(number)") else { continue }
            let place = NominatimPlace(record: imported.record, imported: imported, language: language)
            if let document = try place.document(format, query, addressDefault: true) { documents.append(document) }
        }
        return JSONResponse.make(NominatimPlace.collection(documents, format: format, query: nil), type: Self.contentType(format))
    }

    @Sendable func status(_ request: Request, context: ServerContext) async throws -> Response {
        let query = try QueryParameters(request.uri.query)
        guard query.string("format") == "json" else {
            return Response(status: .ok, headers: [.contentType: "text/plain; charset=utf-8"], body: .init(byteBuffer: .init(string: "OK")))
        }
        return JSONResponse.make(["status": 0, "message": "OK", "software_version": .string("places \(PlacesService.version)")])
    }

    // MARK: - Parameters

    static func format(_ query: QueryParameters, default fallback: NominatimPlace.Format) throws(Problem) -> NominatimPlace.Format {
        guard let text = query.string("format") else { return fallback }
        guard let format = NominatimPlace.Format(rawValue: text) else {
            throw Problem.parameter("format", "'\(text)' must be \(QueryParameters.alternatives(NominatimPlace.Format.allCases.map(\.rawValue)))")
        }
        return format
    }

    /// `accept-language`, else the request's Accept-Language header: its first language.
    static func language(_ query: QueryParameters, _ request: Request) -> String? {
        let text = query.string("accept-language") ?? request.headers[.acceptLanguage]
        return text.flatMap { $0.split(separator: ",").first.map { String($0.prefix { $0 != ";" }).trimmingCharacters(in: .whitespaces) } }
            .flatMap { $0.isEmpty ? nil : $0 }
    }

    /// `viewbox=x1,y1,x2,y2`: two corners in any order.
    static func viewbox(_ query: QueryParameters) throws(Problem) -> BoundingBox? {
        guard let text = query.string("viewbox"), !text.isEmpty else { return nil }
        let numbers = text.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard numbers.count == 4, numbers.allSatisfy(\.isFinite), abs(numbers[1]) <= 90, abs(numbers[3]) <= 90, abs(numbers[0]) <= 180,
            abs(numbers[2]) <= 180
        else {
            throw Problem.parameter("viewbox", "'\(text)' is not x1,y1,x2,y2 (two corners, longitude first), e.g. 4.85,52.35,4.95,52.39")
        }
        return BoundingBox(
            south: min(numbers[1], numbers[3]), west: min(numbers[0], numbers[2]), north: max(numbers[1], numbers[3]),
            east: max(numbers[0], numbers[2]))
    }

    static func middle(_ box: BoundingBox) -> Coordinate? {
        try? Coordinate(latitude: (box.south + box.north) / 2, longitude: (box.west + box.east) / 2)
    }

    static func contentType(_ format: NominatimPlace.Format) -> String {
        format == .geojson || format == .geocodejson ? "application/geo+json" : "application/json"
    }

    /// Nominatim's error document: `{"error": {"code": 400, "message": "…"}}`.
    static func error(_ code: Int, _ message: String) -> Response {
        JSONResponse.make(["error": ["code": JSONValue(code), "message": .string(message)]], status: HTTPResponse.Status(code: code))
    }
}

extension NominatimPlace {
    /// The document with the detail the query asks for (`addressdetails`, `extratags`, `namedetails`).
    /// - Parameter addressDefault: whether the address is given when not asked (reverse and lookup
    ///   give it, search does not).
    func document(_ format: Format, _ query: QueryParameters, addressDefault: Bool = false) throws(Problem) -> JSONValue? {
        func flag(_ name: String, _ fallback: Bool) throws(Problem) -> Bool {
            query.string(name) == nil ? fallback : try query.flag(name)
        }
        return document(
            format, addressDetails: try flag("addressdetails", addressDefault), extraTags: try flag("extratags", false),
            nameDetails: try flag("namedetails", false))
    }
}
