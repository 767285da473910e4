public import PlaceCore

extension PlacesService {
    /// Everything the place's provider knows about it, under the provider's deadline.
    /// - Parameter text: the id as the user typed it, for messages.
    /// - Parameter offline: from the imported data only (an `osm:` id that `--offline` printed).
    public func details(for placeID: PlaceID, as text: String? = nil, offline: Bool = false) async throws(PlacesError) -> Place {
        let shown = text ?? placeID.description
        if offline {
            guard placeID.provider == OverpassProvider.providerID else {
                throw PlacesError(.usage, "answers from imported OpenStreetMap data only; '\(shown)' needs its provider", parameter: "offline")
            }
            return try await details(placeID, from: try await offlineProviders(selected: [])[0], shown: shown)
        }
        guard let found = registry.provider(placeID.provider) else {
            let known = registry.placeProviders.map(\.id.rawValue).joined(separator: ", ")
            throw PlacesError(.usage, "unknown provider '\(placeID.provider)' in '\(shown)'; known providers are \(known)")
        }
        // In auto mode an OpenStreetMap id answers from the imported data when the network cannot.
        let provider = (found as? any PlaceProvider).map(withImportedFallback) ?? found
        guard provider.status.isReady else {
            throw PlacesError(.configuration, "\(provider.id) cannot answer: \(wording.detail(provider.status))")
        }
        return try await details(placeID, from: provider, shown: shown)
    }

    private func details(_ placeID: PlaceID, from provider: any Provider, shown: String) async throws(PlacesError) -> Place {
        guard let details = provider as? any PlaceDetailsProvider else {
            throw PlacesError(.usage, "\(provider.id) cannot show details")
        }
        if let problem = details.idProblem(placeID) { throw PlacesError(.usage, problem) }
        do {
            let place = try await withDeadline(aggregator.deadline(for: provider.id)) { try await details.details(for: placeID) }
            warnIfPlacesClocksAreUnknown()
            return place
        } catch {
            await sayWhereAnswersCameFrom()
            let failure = ProviderError(provider: provider.id, wrapping: error)
            throw PlacesError(PlacesError.kind(for: failure.kind), wording.line(failure), underlyingError: failure)
        }
    }
}
