import PlaceProviders
import PlaceCore
import PlaceHTTP

/// A live provider that, when neither the network nor a recording can answer, answers from the
/// data imported into the store: OpenStreetMap's places are the same either way (same ids, same
/// mapping). Used for `auto` mode, where the network may be gone.
struct ImportedFallbackProvider: PlaceDetailsProvider, CreditingPlaceProvider {
    let live: any PlaceProvider
    let notices: NoticeSink
    /// The imported data, read when the live provider cannot answer; nil when there is no store.
    let imported: @Sendable () async -> StoredOSMProvider?

    var id: ProviderID { live.id }
    var capabilities: ProviderCapabilities { live.capabilities }
    var status: ProviderStatus { live.status }

    func search(_ request: SearchRequest) async throws -> [Place] { try await creditedSearch(request).places }

    /// The live answer credits the live service; the imported one, the imported files it came from.
    func creditedSearch(_ request: SearchRequest) async throws -> CreditedPlaces {
        do {
            return try await live.searchWithCredits(request)
        } catch let failure as ProviderError where Self.fallsBack(failure) {
            guard let imported = await ready() else { throw failure }
            let answer = try await imported.creditedSearch(request)
            notices.say("\(id): \(failure.message); answered from the imported data instead")
            return answer
        }
    }

    func idProblem(_ id: PlaceID) -> String? {
        (live as? any PlaceDetailsProvider)?.idProblem(id)
    }

    func details(for placeID: PlaceID) async throws -> Place {
        if let details = live as? any PlaceDetailsProvider {
            do {
                return try await details.details(for: placeID)
            } catch let failure as ProviderError where Self.fallsBack(failure) {
                guard let imported = await ready() else { throw failure }
                return try await imported.details(for: placeID)
            }
        }
        guard let imported = await ready() else { throw ProviderError(provider: id, kind: .unsupported, message: "\(id) cannot show details") }
        return try await imported.details(for: placeID)
    }

    /// The imported data when something searchable is imported.
    private func ready() async -> StoredOSMProvider? {
        guard let imported = await imported(), imported.status.isReady else { return nil }
        return imported
    }

    /// Nothing recorded, or no connection: what imported data can stand in for.
    static func fallsBack(_ failure: ProviderError) -> Bool {
        failure.kind == .noRecording || (failure.kind == .unavailable && failure.underlyingError is TransportError)
    }
}
