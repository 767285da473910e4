public import PlaceSearch

extension PlacesService {
    /// Everything the place's provider knows about it, under the provider's deadline.
    /// - Parameter text: the id as the user typed it, for messages.
    public func details(for placeID: PlaceID, as text: String? = nil) async throws(PlacesError) -> Place {
        let shown = text ?? placeID.description
        guard let provider = registry.provider(placeID.provider) else {
            let known = registry.placeProviders.map(\.id.rawValue).joined(separator: ", ")
            throw PlacesError(.usage, "unknown provider '\(placeID.provider)' in '\(shown)'; known providers are \(known)")
        }
        guard let details = provider as? any PlaceDetailsProvider else {
            throw PlacesError(.usage, "\(provider.id) cannot show details")
        }
        if let problem = details.idProblem(placeID) { throw PlacesError(.usage, problem) }
        guard provider.status.isReady else {
            throw PlacesError(.configuration, "\(provider.id) cannot answer: \(wording.detail(provider.status))")
        }
        do {
            return try await withDeadline(aggregator.deadline(for: provider.id)) { try await details.details(for: placeID) }
        } catch {
            await sayWhereAnswersCameFrom()
            let failure = ProviderError(provider: provider.id, wrapping: error)
            throw PlacesError(PlacesError.kind(for: failure.kind), wording.line(failure), underlyingError: failure)
        }
    }
}
