public import PlaceSearch
import PlaceStore

/// What is at a position: a nearby place, street or POI, and where it was found.
public struct ReverseMatch: Sendable {
    public let name: String
    /// `poi`, `street`, `place`, or the geocoder's own word (`square`, `house`).
    public let kind: String
    public let coordinate: Coordinate
    public let distance: Double
    /// `imported` or the geocoder's id.
    public let source: String
    public let id: String?
    public let detail: String?
}

extension PlacesService {
    /// What is at `coordinate`: the nearest imported POI, street and place (within `radius`), and,
    /// when a geocoder can answer, its names for the spot; nearest first. The same lookup names
    /// the stops of a trace.
    /// - Parameters:
    ///   - geocoders: whether to ask the geocoders too; without them only the store answers.
    ///   - shared: the imported places several server instances share (PostgreSQL), read instead of the embedded store's.
    public func reverse(
        _ coordinate: Coordinate, radius: Double = 250, limit: Int = 5, geocoders: Bool = true, imported shared: (any SharedImportStore)? = nil
    ) async throws(PlacesError) -> [ReverseMatch] {
        var matches: [ReverseMatch] = []
        let box = BoundingBox(center: coordinate, radius: radius)
        var nearby: [ImportedPlace]?
        if let shared = shared ?? store.shared?.store {
            do { nearby = try await shared.importedPlaces(in: box, categories: []) } catch { throw StoreAccess.error(error) }
        } else if let opened = try store.reading() {
            nearby = try StoreAccess.run { () throws(StoreError) in try opened.importedPlaces(in: box, categories: []) }
        }
        if let nearby {
            var best: [NameKind: (ImportedPlace, Double)] = [:]
            for place in nearby where place.isIndexed {
                guard let position = place.record.coordinate else { continue }
                let distance = position.distance(to: coordinate)
                guard distance <= radius, distance < best[place.record.kind]?.1 ?? .infinity else { continue }
                best[place.record.kind] = (place, distance)
            }
            for (place, distance) in best.values {
                matches.append(
                    ReverseMatch(
                        name: place.record.name, kind: place.record.kind.description, coordinate: place.record.coordinate ?? coordinate,
                        distance: distance, source: "imported", id: place.record.id, detail: place.record.detail))
            }
        }
        var failures: [ProviderError] = []
        for geocoder in registry.geocodingProviders where geocoders && geocoder.status.isReady {
            do {
                let found = try await withDeadline(aggregator.deadline(for: geocoder.id)) { try await geocoder.reverse(coordinate, limit: limit) }
                matches += found.map { place in
                    ReverseMatch(
                        name: place.name, kind: place.kind ?? "place", coordinate: place.coordinate,
                        distance: place.distance ?? place.coordinate.distance(to: coordinate), source: geocoder.id.rawValue, id: place.id,
                        detail: place.area)
                }
            } catch {
                failures.append(ProviderError(provider: geocoder.id, wrapping: error))
            }
        }
        await sayWhereAnswersCameFrom()
        matches.sort { ($0.distance, $0.name) < ($1.distance, $1.name) }
        if matches.isEmpty, !failures.isEmpty {
            // Nothing could be asked: that is no answer, not an empty one.
            throw PlacesError(
                PlacesError.kind(for: failures),
                "nothing known within \(Int(radius)) m of \(coordinate) (" + failures.map(wording.line).joined(separator: "; ") + ")")
        }
        for failure in failures { notices.warn(wording.line(failure)) }
        if matches.isEmpty { notices.say("no match: nothing imported or known within \(Int(radius)) m of \(coordinate)") }
        return Array(matches.prefix(limit))
    }
}
