public import PlaceCore

/// OpenStreetMap places from the local store (`places import`), without the network: the same ids
/// and the same mapping as the live ``OverpassProvider``, so `osm:node/123` is one place either way.
public struct StoredOSMProvider: PlaceDetailsProvider, CreditingPlaceProvider {
    /// `osm`, the live ``OverpassProvider``'s id, so that a place has the same id either way.
    public let id = OverpassProvider.providerID
    /// Coffee and parking.
    public let capabilities = ProviderCapabilities(categories: [.coffee, .parking])
    private let source: Source?
    private let storePath: String
    /// Read once, when the provider is made: what was imported then.
    public let status: ProviderStatus
    /// The imports it searches (not the name lists), with their extents.
    public let imports: [ImportRecord]

    /// Where the places are read: the embedded store (synchronously), or the database several
    /// server instances share (without blocking a thread).
    private enum Source: Sendable {
        case embedded(any ImportedPlacesStore)
        case shared(any SharedImportStore)

        func places(in box: BoundingBox, categories: [String]) async throws(StoreError) -> [ImportedPlace] {
            switch self {
            case .embedded(let store): try store.importedPlaces(in: box, categories: categories)
            case .shared(let store): try await store.importedPlaces(in: box, categories: categories)
            }
        }

        func place(id: String) async throws(StoreError) -> ImportedPlace? {
            switch self {
            case .embedded(let store): try store.importedPlace(id: id)
            case .shared(let store): try await store.importedPlace(id: id)
            }
        }
    }

    /// Over the embedded store; what it holds is read now.
    /// - Parameter store: nil when there is no store yet; the provider then says how to make one.
    public init(store: (any ImportedPlacesStore)?, storePath: String) {
        self.source = store.map(Source.embedded)
        self.storePath = storePath
        let all = store.flatMap { try? $0.imports() }
        status = Self.status(of: all, storePath: storePath)
        imports = Self.searched(all ?? [])
    }

    /// Over the imported places several server instances share (`places serve --database`).
    /// - Parameter imports: what `store` holds, as its ``SharedImportStore/imports()`` answered.
    public init(shared store: any SharedImportStore, imports: [ImportRecord]) {
        self.source = .shared(store)
        storePath = store.location
        status = Self.status(of: imports, storePath: store.location)
        self.imports = Self.searched(imports)
    }

    /// Name lists give names to complete, never places to search.
    static func searched(_ imports: [ImportRecord]) -> [ImportRecord] { imports.filter { !$0.source.isNameList && $0.count > 0 } }

    static func status(of imports: [ImportRecord]?, storePath: String) -> ProviderStatus {
        guard let imports, !imports.isEmpty else { return .notReady(.nothingImported(store: storePath)) }
        let searched = searched(imports)
        guard !searched.isEmpty else { return .notReady(.onlyNameListsImported(store: storePath)) }
        let count = searched.reduce(0) { $0 + $1.count }
        let credits = searched.map(\.source.credit)
        return ProviderStatus(
            source: .imported, reason: .importedData(count: count, sources: credits.map(\.text)), credits: credits)
    }

    /// The imports that could answer `request`: those holding its kind of place whose area meets
    /// the area searched (an import made before extents were kept counts as everywhere). A
    /// parking-only GeoJSON is no source of coffee; Helsinki's extract none of Amsterdam's.
    public func imports(answering request: SearchRequest) -> [ImportRecord] {
        guard let tags = Self.categories(for: request.category) else { return imports }
        let box = BoundingBox(center: request.focus, radius: request.radius + (request.category == .parking ? Self.entranceReach : 0))
        return imports.filter { record in
            (record.categories.isEmpty || record.holds(anyOf: tags)) && (record.bounds.map { $0.intersects(box) } ?? true)
        }
    }

    /// What the imports that could answer `request` are: the status said for an answer.
    public func status(for request: SearchRequest) -> ProviderStatus {
        let answering = imports(answering: request)
        return answering.isEmpty ? status : Self.status(of: answering, storePath: storePath)
    }

    /// ``search(_:)``, credited to the imports that could answer the request.
    public func creditedSearch(_ request: SearchRequest) async throws -> CreditedPlaces {
        CreditedPlaces(places: try await search(request), credits: imports(answering: request).map(\.source.credit))
    }

    /// The main tags each category looks for.
    public static func categories(for category: SearchCategory) -> [String]? {
        switch category {
        case .coffee: ["amenity=cafe", "shop=coffee"]
        case .parking: ["amenity=parking", "amenity=parking_entrance"]
        default: nil
        }
    }

    /// The imported cafés and coffee shops within the request's radius, or car parks with their entrances grouped: a car park
    /// is kept when it or one of its entrances is within the radius.
    /// - Throws: ``ProviderError``: `.unsupported` for other categories, `.unavailable` when nothing is imported or the store fails.
    public func search(_ request: SearchRequest) async throws -> [Place] {
        guard let tags = Self.categories(for: request.category) else {
            throw ProviderError(provider: id, kind: .unsupported, message: "only coffee and parking are supported, not \(request.category)")
        }
        guard let source else {
            throw ProviderError(provider: id, kind: .unavailable, message: "nothing is imported into \(storePath)")
        }
        // Parking looks a little further, for the entrances of a car park in reach and the car
        // park of an entrance in reach: each garage is then one place with its entrances.
        let reach = request.category == .parking ? request.radius + Self.entranceReach : request.radius
        let box = BoundingBox(center: request.focus, radius: reach)
        let found: [ImportedPlace]
        do {
            found = try await source.places(in: box, categories: tags)
        } catch {
            throw ProviderError(provider: id, kind: .unavailable, message: error.description)
        }
        guard request.category == .parking else {
            return found.compactMap(place(from:)).filter { $0.coordinate.distance(to: request.focus) <= request.radius }
        }
        let elements = found.compactMap { stored in place(from: stored).map { CarParks.Element(place: $0, area: OSMTags.bounds(stored.tags)) } }
        return CarParks.group(elements).filter { place in
            place.coordinate.distance(to: request.focus) <= request.radius
                || (place.parking?.entrances ?? []).contains { $0.coordinate.distance(to: request.focus) <= request.radius }
        }
    }

    /// Metres beyond the radius searched for parking: a garage's area and its entrances are
    /// rarely further apart than this (Rokin's area is 180 m long).
    static let entranceReach = 250.0

    /// The imported place with this id.
    /// - Throws: ``ProviderError``: `.notFound` when it was not imported, `.unavailable` when nothing is imported or the store fails.
    public func details(for placeID: PlaceID) async throws -> Place {
        guard let source else { throw ProviderError(provider: id, kind: .unavailable, message: "nothing is imported into \(storePath)") }
        let stored: ImportedPlace?
        do {
            stored = try await source.place(id: placeID.description)
        } catch {
            throw ProviderError(provider: id, kind: .unavailable, message: error.description)
        }
        guard let stored, let place = place(from: stored) else {
            throw ProviderError(provider: id, kind: .notFound, message: "\(placeID) is not among the imported places in \(storePath)")
        }
        return place
    }

    private func place(from stored: ImportedPlace) -> Place? {
        guard stored.record.kind == .poi, let coordinate = stored.record.coordinate else { return nil }
        let native = stored.record.id.dropFirst(id.rawValue.count + 1)
        let parts = native.split(separator: "/")
        guard parts.count == 2, let number = Int64(parts[1]) else { return nil }
        return OSMPlaceMapping.place(type: String(parts[0]), id: number, coordinate: coordinate, tags: stored.tags, provider: id)
    }
}
