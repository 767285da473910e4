import Foundation
import PlaceProviders
import PlaceCore

extension PlacesService {
    /// Why a search for `what` around `focus` found nothing, in words, and what to do: the one of
    /// these that is true, instead of "try a longer walk" whatever the cause.
    /// - the imported data does not cover the point (the nearest import, and how far it is);
    /// - it covers it but holds no such places (a parking-only file, a town without cafés);
    /// - the recordings do not cover it (they are of central Amsterdam);
    /// - something is there, but not within the walk.
    /// - Parameters:
    ///   - condition: what else the places had to be, before the walk ("open now and ").
    ///   - walk: "15 min walk", as the flow words it.
    ///   - remedy: what widens the search ("try a longer --max-walk").
    func nothingFound(
        _ what: String, condition: String = "", request: SearchRequest, outcome: SearchOutcome, offline: Bool, walk: String, remedy: String
    ) async -> String {
        let focus = request.focus
        let plain = "no match: no \(what) \(condition)within \(walk) of \(focus); \(remedy)"
        let imports = (try? await importsForSearching()) ?? []
        let answeredFromImports =
            offline || outcome.reports.contains { report in report.credits.contains { credit in imports.contains { $0.source.credit == credit } } }
        if answeredFromImports {
            guard let tags = StoredOSMProvider.categories(for: request.category) else { return plain }
            let covering = imports.filter { $0.bounds?.padded(by: request.radius).contains(focus) ?? true }
            if covering.isEmpty {
                guard let nearest = imports.compactMap({ record in record.bounds.map { (record, $0.distance(to: focus)) } }).min(by: { $0.1 < $1.1 })
                else { return plain }
                // Latitude and longitude given the other way round land far from anything; say so
                // when the swapped point is one an import covers.
                if let swapped = try? Coordinate(latitude: focus.longitude, longitude: focus.latitude),
                    let inside = imports.first(where: { $0.bounds?.contains(swapped) ?? false })
                {
                    return "no match: the imported data does not cover \(focus), but \(inside.source.label) covers \(swapped): "
                        + "are latitude and longitude the wrong way round? Give the latitude first"
                }
                return "no match: the imported data does not cover \(focus): the nearest import, \(nearest.0.source.label), is "
                    + "\(Self.distanceWords(nearest.1)) away; import an OpenStreetMap extract of this area"
            }
            let holding = covering.filter { $0.categories.isEmpty || $0.holds(anyOf: tags) }
            if holding.isEmpty {
                let names = covering.map(\.source.label).joined(separator: ", ")
                return "no match: \(names) \(covering.count == 1 ? "covers" : "cover") \(focus) but \(covering.count == 1 ? "holds" : "hold") "
                    + "no \(what); import an extract that has them"
            }
            return plain
        }
        // Answered from recordings only: say what they cover.
        let areas = locator.areas
        let recorded = outcome.reports.contains { report in
            report.failure == nil && registry.provider(report.provider)?.status.source == .recorded
        }
        if recorded, !areas.isEmpty,
            !areas.contains(where: {
                BoundingBox(south: $0.south, west: $0.west, north: $0.north, east: $0.east).padded(by: request.radius).contains(focus)
            })
        {
            let names = areas.map(\.name).joined(separator: ", ")
            return "no match: the recordings answered, and they cover \(names) only, not \(focus); go live with the network, "
                + "or import an OpenStreetMap extract of this area and use \(wording.parameter("offline"))"
        }
        return plain
    }

    /// Said when an answer from imported data is looked for outside every import's area, though
    /// within reach of one: what lies beyond its edge is missing from the answer.
    func edgeNote(_ request: SearchRequest, outcome: SearchOutcome, offline: Bool) async -> String? {
        let imports = (try? await importsForSearching()) ?? []
        let answeredFromImports =
            offline || outcome.reports.contains { report in report.credits.contains { credit in imports.contains { $0.source.credit == credit } } }
        guard answeredFromImports, !imports.isEmpty else { return nil }
        let boxes = imports.compactMap { record in record.bounds.map { (record, $0) } }
        guard !boxes.isEmpty, !boxes.contains(where: { $0.1.contains(request.focus) }) else { return nil }
        guard let nearest = boxes.map({ ($0.0, $0.1.distance(to: request.focus)) }).min(by: { $0.1 < $1.1 }), nearest.1 <= request.radius
        else { return nil }
        return "\(request.focus) is \(Self.distanceWords(nearest.1)) outside the area of \(nearest.0.source.label): what lies beyond "
            + "its edge is not imported, so the answer may miss places there"
    }

    /// The imports that hold places to search (not name lists), from the database a server
    /// shares when there is one, else from the store file.
    func importsForSearching() async throws -> [ImportRecord] {
        let all: [ImportRecord]
        if let shared = store.shared {
            all = try await shared.imports()
        } else {
            all = try importedSources()
        }
        return all.filter { !$0.source.isNameList && $0.count > 0 }
    }

    /// "320 m", "1.4 km", "1,506 km".
    static func distanceWords(_ metres: Double) -> String {
        if metres < 1000 { return "\(Int(metres.rounded())) m" }
        if metres < 100_000 { return String(format: "%.1f km", metres / 1000) }
        return "\(Int((metres / 1000).rounded()).formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))) km"
    }
}
