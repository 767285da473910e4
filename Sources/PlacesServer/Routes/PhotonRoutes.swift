import Autocomplete
import Foundation
import Hummingbird
import PlaceBytes
import PlaceCore
import PlacesKit

/// `/api` and `/reverse` as Photon answers them, from the imported names: a map widget or a
/// geocoder plugin pointed at `places serve` instead of photon.komoot.io works unchanged, with no
/// public server's rate limit. Photon's parameters are taken; `lang` names the countries in that
/// language (else in their own, as Photon's default names are local ones); `zoom` and
/// `location_bias_scale` are accepted and do not change the answer.
struct PhotonRoutes {
    let state: ServerState

    func add(to group: RouterGroup<ServerContext>) {
        group.get("api", use: search)
        // Nominatim's clients ask the same path with a `format`, which Photon's never send.
        let nominatim = NominatimRoutes(state: state)
        group.get("reverse") { request, context in
            let query = try QueryParameters(request.uri.query)
            return query.string("format") != nil
                ? try await nominatim.reverse(request, context: context) : try await reverse(request, context: context)
        }
    }

    @Sendable func search(_ request: Request, context: ServerContext) async throws -> Response {
        let query = try QueryParameters(request.uri.query)
        try query.only(["q", "lat", "lon", "limit", "lang", "zoom", "location_bias_scale", "osm_tag", "layer", "bbox"])
        let text = try query.text("q", example: "Damrak")
        let limit = try query.int("limit", default: 15)
        guard (1...50).contains(limit) else { throw Problem.parameter("limit", "must be between 1 and 50, not \(limit)") }
        let focus = try Self.point(query)
        let layers = try Self.layers(query)
        let tags = try query.list("osm_tag").map { text throws(Problem) in try TagFilter(text) }
        let box = try Self.box(query)
        let filtered = !layers.isEmpty || !tags.isEmpty || box != nil
        let suggestions = try state.service.complete(LookupQuery(text, focus: focus, limit: filtered ? min(100, limit * 8) : limit)).suggestions
        var features: [JSONValue] = []
        for suggestion in suggestions where features.count < limit {
            let record = suggestion.record
            if let box, let coordinate = record.coordinate, !box.contains(coordinate) { continue }
            let imported = try await state.importedPlace(id: record.id)
            if !layers.isEmpty, !layers.contains(PhotonFeature.layer(record, imported: imported)) { continue }
            if !tags.allSatisfy({ $0.matches(imported?.category) }) { continue }
            // The name typed towards, when it was the whole of another name of the place, not the
            // same name spelt without its accents ("Akmene" is Akmenė).
            let shown = suggestion.match == .exact ? suggestion.matchedName : nil
            let differs = shown.map { TextFolding.fold($0) != TextFolding.fold(record.name) } ?? false
            if let feature = PhotonFeature.feature(record, imported: imported, shownName: differs ? shown : nil, language: query.string("lang")) {
                features.append(feature)
            }
        }
        return JSONResponse.make(PhotonFeature.collection(features))
    }

    @Sendable func reverse(_ request: Request, context: ServerContext) async throws -> Response {
        let query = try QueryParameters(request.uri.query)
        try query.only(["lat", "lon", "radius", "limit", "lang", "layer", "osm_tag"])
        guard let at = try Self.point(query) else { throw Problem.parameter("lat", "and lon are required, e.g. lat=52.3731&lon=4.8926") }
        let radius = try query.double("radius") ?? 1
        guard radius > 0, radius <= 5 else { throw Problem.parameter("radius", "must be above 0 and at most 5 (kilometres), not \(radius)") }
        let limit = try query.int("limit", default: 1)
        guard (1...50).contains(limit) else { throw Problem.parameter("limit", "must be between 1 and 50, not \(limit)") }
        let layers = try Self.layers(query)
        let tags = try query.list("osm_tag").map { text throws(Problem) in try TagFilter(text) }
        // Nothing near is an empty collection, as Photon answers it.
        var matches: [ReverseMatch] = []
        do {
            matches = try await state.service.reverse(at, radius: radius * 1000, limit: 50, geocoders: false)
        } catch {
            guard error.kind == .notFound else { throw error }
        }
        var features: [JSONValue] = []
        for match in matches where features.count < limit {
            guard let id = match.id else { continue }
            let imported = try await state.importedPlace(id: id)
            guard let record = imported?.record else { continue }
            if !layers.isEmpty, !layers.contains(PhotonFeature.layer(record, imported: imported)) { continue }
            if !tags.allSatisfy({ $0.matches(imported?.category) }) { continue }
            if let feature = PhotonFeature.feature(record, imported: imported, language: query.string("lang")) { features.append(feature) }
        }
        return JSONResponse.make(PhotonFeature.collection(features))
    }

    /// `lat` and `lon` together, or neither.
    static func point(_ query: QueryParameters) throws(Problem) -> Coordinate? {
        let latitude = try query.double("lat")
        let longitude = try query.double("lon")
        switch (latitude, longitude) {
        case (nil, nil): return nil
        case (let latitude?, let longitude?):
            do { return try Coordinate(latitude: latitude, longitude: longitude) } catch { throw Problem.parameter("lat", error.description) }
        case (nil, _): throw Problem.parameter("lat", "is needed with lon")
        case (_, nil): throw Problem.parameter("lon", "is needed with lat")
        }
    }

    static func layers(_ query: QueryParameters) throws(Problem) -> Set<String> {
        let asked = query.list("layer")
        for layer in asked where !PhotonFeature.layers.contains(layer) {
            throw Problem.parameter("layer", "'\(layer)' must be \(QueryParameters.alternatives(PhotonFeature.layers))")
        }
        return Set(asked)
    }

    /// `minLon,minLat,maxLon,maxLat`.
    static func box(_ query: QueryParameters) throws(Problem) -> BoundingBox? {
        guard let text = query.string("bbox") else { return nil }
        let numbers = text.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard numbers.count == 4, (-180...180).contains(numbers[0]), (-180...180).contains(numbers[2]), (-90...90).contains(numbers[1]),
            (-90...90).contains(numbers[3]), numbers[1] <= numbers[3]
        else {
            throw Problem.parameter("bbox", "'\(text)' is not minLon,minLat,maxLon,maxLat, e.g. 4.85,52.35,4.95,52.39")
        }
        return BoundingBox(south: numbers[1], west: numbers[0], north: numbers[3], east: numbers[2])
    }
}

/// Photon's `osm_tag`: `key:value`, `key`, `:value`, each negated by a leading `!`.
struct TagFilter {
    let key: String?
    let value: String?
    let negated: Bool

    init(_ text: String) throws(Problem) {
        negated = text.hasPrefix("!")
        let body = negated ? String(text.dropFirst()) : text
        let parts = body.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        key = parts[0].isEmpty ? nil : parts[0]
        value = parts.count > 1 && !parts[1].isEmpty ? parts[1] : nil
        guard key != nil || value != nil else { throw Problem.parameter("osm_tag", "'\(text)' is not key:value, key or :value") }
    }

    /// Whether a place whose main tag is `category` (`amenity=cafe`) passes.
    func matches(_ category: String?) -> Bool {
        let parts = category?.split(separator: "=", maxSplits: 1).map(String.init) ?? []
        let found = parts.count == 2 && (key == nil || key == parts[0]) && (value == nil || value == parts[1])
        return found != negated
    }
}
