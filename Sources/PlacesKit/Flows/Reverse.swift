public import PlaceCore
import Foundation
import PlaceStore

/// What is at a position: a nearby address, POI, street or place, and where it was found.
public struct ReverseMatch: Sendable {
    /// What it is called ("Rokin 18", "Café de Jaren").
    public let name: String
    /// `address`, `poi`, `street`, `place`, or the geocoder's own word (`square`, `house`).
    public let kind: String
    /// Where it is.
    public let coordinate: Coordinate
    /// Metres from the position asked about.
    public let distance: Double
    /// `imported` or the geocoder's id.
    public let source: String
    /// Its id where it came from (`osm:node/1`), when it has one.
    public let id: String?
    /// A line more: a postcode and town, a kind of shop.
    public let detail: String?
    /// The town it lies in, when known ("Amsterdam").
    public var locality: String? = nil
    /// ISO 3166-1 alpha-2 ("NL"), when known.
    public var countryCode: String? = nil

    /// "Rokin 18, Amsterdam": the name and, where the name does not say it, the town.
    public var label: String {
        guard let locality, locality != name, kind != "place" else { return name }
        return "\(name), \(locality)"
    }
}

extension PlacesService {
    /// What is at `coordinate`: the nearest imported address, POI, street and place (within `radius`), and,
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
            // A postcode's point is the middle of its addresses, not something at the spot.
            for place in nearby where place.isIndexed && place.category != "place=postcode" {
                guard let position = place.record.coordinate else { continue }
                let distance = position.distance(to: coordinate)
                guard distance <= radius, distance < best[place.record.kind]?.1 ?? .infinity else { continue }
                best[place.record.kind] = (place, distance)
            }
            // A street by its line where the walking graph knows it, else by its middle.
            let street = streetAlongTheWays(at: coordinate, radius: radius, nearby: nearby)
            if let street, let middle = best[.street], street.distance <= middle.1 || street.id == middle.0.record.id {
                best[.street] = nil
            }
            if let street, best[.street] == nil { matches.append(street) }
            for (place, distance) in best.values {
                matches.append(
                    ReverseMatch(
                        name: place.record.name, kind: place.record.kind.description, coordinate: place.record.coordinate ?? coordinate,
                        distance: distance, source: "imported", id: place.record.id, detail: place.record.detail,
                        locality: place.record.locality, countryCode: place.record.countryCode))
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
        // A café's address is the café's: said once, as the café.
        let ids = Set(matches.compactMap(\.id))
        matches.removeAll { match in
            guard match.kind == NameKind.address.description, let id = match.id, let slash = id.range(of: "/address") else { return false }
            return ids.contains(String(id[..<slash.lowerBound]))
        }
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
