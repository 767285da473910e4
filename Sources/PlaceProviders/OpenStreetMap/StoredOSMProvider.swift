public import PlaceSearch

/// OpenStreetMap places from the local store (`places import`), without the network: the same ids
/// and the same mapping as the live ``OverpassProvider``, so `osm:node/123` is one place either way.
public struct StoredOSMProvider: PlaceDetailsProvider {
    public let id = OverpassProvider.providerID
    public let capabilities = ProviderCapabilities(categories: [.coffee, .parking])
    private let store: (any ImportedPlacesStore)?
    private let storePath: String

    /// - Parameter store: nil when there is no store yet; the provider then says how to make one.
    public init(store: (any ImportedPlacesStore)?, storePath: String) {
        self.store = store
        self.storePath = storePath
    }

    public var status: ProviderStatus {
        guard let store, let imports = try? store.imports(), !imports.isEmpty else {
            return .notReady(.nothingImported(store: storePath))
        }
        let count = imports.reduce(0) { $0 + $1.count }
        return ProviderStatus(
            source: .imported, reason: .importedData(count: count, sources: imports.map(\.source.label)),
            attribution: "OpenStreetMap data, ODbL")
    }

    /// The main tags each category looks for.
    static func categories(for category: SearchCategory) -> [String]? {
        switch category {
        case .coffee: ["amenity=cafe", "shop=coffee"]
        case .parking: ["amenity=parking", "amenity=parking_entrance"]
        default: nil
        }
    }

    public func search(_ request: SearchRequest) async throws -> [Place] {
        guard let tags = Self.categories(for: request.category) else {
            throw ProviderError(provider: id, kind: .unsupported, message: "only coffee and parking are supported, not \(request.category)")
        }
        guard let store else {
            throw ProviderError(provider: id, kind: .unavailable, message: "nothing is imported into \(storePath)")
        }
        let box = BoundingBox(center: request.focus, radius: request.radius)
        let found: [ImportedPlace]
        do {
            found = try store.importedPlaces(in: box, categories: tags)
        } catch {
            throw ProviderError(provider: id, kind: .unavailable, message: error.description)
        }
        return found.compactMap(place(from:)).filter { $0.coordinate.distance(to: request.focus) <= request.radius }
    }

    public func details(for placeID: PlaceID) async throws -> Place {
        guard let store else { throw ProviderError(provider: id, kind: .unavailable, message: "nothing is imported into \(storePath)") }
        let stored: ImportedPlace?
        do {
            stored = try store.importedPlace(id: placeID.description)
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
