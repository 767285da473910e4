import Autocomplete
import Foundation
import PlaceBytes
public import PlaceCore

extension PlacesService {
    /// A name where a position is asked: the imported names first, then a live geocoder (Photon),
    /// biased towards `bias` (else the saved or configured centre). The place chosen is said as a
    /// notice (`near: Leidseplein (square, Amsterdam) 52.3641,4.8830`), with the runner-up when the
    /// best match was not clearly ahead.
    ///
    /// A whole-word match in the imported names answers at once. Otherwise the geocoder is asked;
    /// when it fails or finds nothing, a partial match in the names (a prefix) answers, said as such.
    /// - Throws: ``PlacesError``: `notFound` naming what was searched and up to three close names;
    ///   `unavailable` when nothing could be asked at all.
    /// - Parameter offline: the imported names only (`--offline`): no geocoder is asked, live or recorded.
    public func resolve(
        name: String, parameter: String, bias: Coordinate? = nil, hint: String? = nil, offline: Bool = false
    ) async throws(PlacesError) -> ResolvedPosition {
        let focus = lookupFocus(bias)
        var searched: [String] = []
        var partial: (Suggestion, runnerUp: Suggestion?)?
        var closeNames: [String] = []
        if let index = try nameIndex() {
            searched.append("the imported names")
            let answer = PlaceLookup(index).lookup(LookupQuery(name, focus: focus, limit: 8))
            if let qualifier = answer.unknownQualifier {
                notices.warn("\(wording.parameter(parameter)): '\(qualifier)' names no imported place; looking up '\(name)' without it")
            }
            let found = answer.suggestions.filter { $0.record.coordinate != nil }
            if let best = found.first, !answer.unmetKindWords.isEmpty {
                let what = best.record.detail.map { "is a \($0.lowercased())" } ?? "is found by its name"
                notices.warn(
                    "\(wording.parameter(parameter)): \(best.record.name) \(what), not a \(answer.unmetKindWords.joined(separator: " ")); "
                        + "none of that kind and name is imported")
            }
            let untypoed = found.filter { $0.match == .exact || $0.match == .prefix }
            let whole = untypoed.filter(\.isWhole)
            if let best = whole.first {
                return said(Self.position(best, query: name, runnerUp: Self.runnerUp(after: best, among: found)), parameter: parameter)
            }
            if let best = untypoed.first { partial = (best, Self.runnerUp(after: best, among: untypoed)) }
            closeNames = found.map(\.record.name)
        }
        var failures: [ProviderError] = []
        for geocoder in registry.geocodingProviders where geocoder.status.isReady && !offline {
            let source = "\(geocoder.id) (\(geocoder.status.service ?? "live"))"
            do {
                let request = GeocodeRequest(text: name, focus: focus, limit: 5)
                let places = try await withDeadline(aggregator.deadline(for: geocoder.id)) { try await geocoder.geocode(request) }
                searched.append(source)
                if let best = places.first {
                    let runnerUp = places.dropFirst().first {
                        TextFolding.fold($0.name) == TextFolding.fold(best.name) && $0.coordinate.distance(to: best.coordinate) > 1000
                    }
                    let origin = ResolvedPosition.Origin.named(
                        query: name, source: geocoder.id.rawValue, kind: best.kind, area: best.area, runnerUp: runnerUp.map(Self.label))
                    return said(ResolvedPosition(coordinate: best.coordinate, name: best.name, origin: origin), parameter: parameter)
                }
                closeNames += places.map(\.name)
            } catch {
                var failure = ProviderError(provider: geocoder.id, wrapping: error)
                if failure.kind == .noRecording {
                    let advice = locator.roots.isEmpty ? Remedy(.chooseRecordings) : Remedy(.importOrGoLive(areas: locator.areas.map(\.name)))
                    failure = ProviderError(provider: failure.provider, kind: failure.kind, message: failure.message, remedy: advice)
                }
                failures.append(failure)
                // Said here only when something else answers; otherwise it is the error itself.
                if partial != nil { notices.warn(wording.line(failure) + "; using the imported names' best match") }
            }
        }
        if let (best, runnerUp) = partial {
            return said(Self.position(best, query: name, runnerUp: runnerUp), parameter: parameter)
        }
        if searched.isEmpty, failures.isEmpty {
            throw PlacesError(
                .notFound, "'\(name)' cannot be looked up: no names are imported and no geocoder is ready", parameter: parameter,
                remedy: Remedy(.importData))
        }
        if searched.isEmpty {
            throw PlacesError(
                PlacesError.kind(for: failures),
                "'\(name)' could not be looked up: \(failures.map(wording.line).joined(separator: "; "))" + (hint.map { "; \($0)" } ?? ""),
                parameter: parameter)
        }
        var unique: [String] = []
        for candidate in closeNames where !unique.contains(candidate) && TextFolding.fold(candidate) != TextFolding.fold(name) {
            unique.append(candidate)
        }
        let suggestion = unique.isEmpty ? "" : "; did you mean \(Self.list(Array(unique.prefix(3))))?"
        let unasked = failures.isEmpty ? "" : " (" + failures.map(wording.line).joined(separator: "; ") + ")"
        throw PlacesError(
            .notFound, "'\(name)' matches no place in \(Self.list(searched))\(unasked)\(suggestion)" + (hint.map { "; \($0)" } ?? ""),
            parameter: parameter)
    }

    /// `center` from the config file, when it is a coordinate (and can be read: a focus is a hint).
    var configuredCentre: Coordinate? { (try? settings.config.value("center")).flatMap { try? Coordinate(parsing: $0) } }

    /// The focus of a lookup: the position given, else the saved centre, else the configured one;
    /// nil leaves it to the lookup (the centre of the imported data).
    func lookupFocus(_ given: Coordinate?) -> Coordinate? {
        given ?? (try? savedCentre())??.coordinate ?? configuredCentre
    }

    private func said(_ position: ResolvedPosition, parameter: String) -> ResolvedPosition {
        guard case .named(_, let source, let kind, let area, let runnerUp) = position.origin else { return position }
        let what = [kind, area].compactMap { $0 }.joined(separator: ", ")
        var line = "\(parameter): \(position.name ?? "?")\(what.isEmpty ? "" : " (\(what))") \(position.coordinate)"
        if source != "index" { line += " from \(source)" }
        if let runnerUp { line += "; also: \(runnerUp); give \(wording.parameter(parameter)) LAT,LON or a longer name to choose" }
        notices.say(line)
        return position
    }

    private static func position(_ suggestion: Suggestion, query: String, runnerUp: Suggestion?) -> ResolvedPosition {
        let record = suggestion.record
        let origin = ResolvedPosition.Origin.named(
            query: query, source: "index", kind: what(record), area: area(of: record), runnerUp: runnerUp.map(label))
        return ResolvedPosition(coordinate: record.coordinate ?? PlacesService.amsterdam, name: record.name, origin: origin)
    }

    /// What a record is: its detail ("Square", "Café · Rokin 9"), unless that only says its
    /// country (a gazetteer's "IN"), then its category ("City"), else its kind.
    static func what(_ record: NameRecord) -> String {
        if let detail = record.detail, detail != record.countryCode { return detail }
        if let category = record.category, let value = category.split(separator: "=").last {
            return value.prefix(1).uppercased() + value.dropFirst().replacingOccurrences(of: "_", with: " ")
        }
        return record.kind.description
    }

    /// "Helsinki, Finland": the town and the country a record lies in, as far as they are known.
    static func area(of record: NameRecord) -> String? {
        var parts: [String] = []
        if let locality = record.locality, locality != record.name, record.detail?.contains(locality) != true { parts.append(locality) }
        if let code = record.countryCode, record.id != "country:\(code)" { parts.append(Wording.countryName(code)) }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// The next answer when it is another place, nearly as good as `best`: the user may have
    /// meant it ("also: Dam Dam, India").
    private static func runnerUp(after best: Suggestion, among matches: [Suggestion]) -> Suggestion? {
        guard let next = matches.first(where: { $0.record.id != best.record.id }) else { return nil }
        guard next.match == best.match, next.isWhole == best.isWhole, next.score >= best.score - runnerUpMargin else { return nil }
        if next.record.name == best.record.name, let a = next.record.coordinate, let b = best.record.coordinate, a.distance(to: b) < 1000 {
            return nil
        }
        return next
    }

    /// How close in score the runner-up must be to be said: about a town's worth of importance.
    static let runnerUpMargin = 0.3

    private static func label(_ suggestion: Suggestion) -> String {
        let record = suggestion.record
        let what = [what(record), area(of: record)].compactMap { $0 }.joined(separator: ", ")
        return "\(record.name) (\(what))" + (record.coordinate.map { " \($0)" } ?? "")
    }

    private static func label(_ place: GeocodedPlace) -> String {
        let what = [place.kind, place.area].compactMap { $0 }.joined(separator: ", ")
        return "\(place.name)\(what.isEmpty ? "" : " (\(what))") \(place.coordinate)"
    }

    /// Every word typed is a whole word of the name ("dam" in "Dam", "rijks museum" is not in "Rijksmuseum").
    static func containsEveryWord(of query: String, in name: String) -> Bool {
        let words = Set(TextFolding.words(name))
        return TextFolding.words(query).allSatisfy(words.contains)
    }

    /// "a", "a or b", "a, b or c".
    static func list(_ items: [String]) -> String {
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " or " + last
    }
}
