public import PlaceBytes
import PlaceStore
import Foundation
import PlaceProviders
public import PlaceRanking
public import PlaceCore

/// A ranked search as a flow answers it: what was asked, what every provider did, and the ranking.
public struct RankedSearch: Sendable {
    /// What was searched for.
    public let category: SearchCategory
    /// The point the search was around, and how it was found.
    public let focus: ResolvedPosition
    /// What every provider was asked.
    public let request: SearchRequest
    /// What every provider answered, and which failed.
    public let outcome: SearchOutcome
    /// The places in order, with each score's parts, and those left out with why.
    public let ranking: RankingResult
    /// What was asked, as the JSON documents echo it (`query`).
    public let query: JSONValue
}

extension PlacesService {
    /// The providers that answer `category` and are ready; with a selection, exactly those, and one
    /// that is not ready is an error rather than a skip.
    /// - Parameter focus: where the search is: a provider that knows one city only is left out
    ///   elsewhere (said once), unless named.
    public func readyProviders(for category: SearchCategory, selected: [ProviderID], focus: Coordinate? = nil) throws(PlacesError)
        -> [any PlaceProvider]
    {
        let selection = selected.isEmpty ? nil : Set(selected)
        var providers: [any PlaceProvider] = []
        var elsewhere: [(id: ProviderID, area: String)] = []
        for found in registry.providers(for: category, among: selection) {
            if let focus, selection == nil, !found.capabilities.covers(focus), let coverage = found.capabilities.coverage {
                elsewhere.append((found.id, coverage.name))
                continue
            }
            let provider = withImportedFallback(found)
            if provider.status.isReady {
                providers.append(provider)
            } else if selection != nil {
                throw PlacesError(.configuration, "\(provider.id) cannot answer: \(wording.detail(provider.status))")
            } else {
                notices.say("skipping \(provider.id): \(wording.detail(provider.status))")
            }
        }
        if !elsewhere.isEmpty, let focus {
            let names = elsewhere.map(\.id.rawValue).joined(separator: " and ")
            let areas = Set(elsewhere.map(\.area)).sorted().joined(separator: ", ")
            let here =
                "\(names) \(elsewhere.count == 1 ? "knows" : "know") \(areas) only, not \(focus); \(wording.parameter("offline")) answers from "
                + "imported OpenStreetMap data (import an extract of this area)"
            guard !providers.isEmpty else {
                let live = registry.placeProviders.contains { $0.capabilities.onRequest.contains(category) }
                throw PlacesError(
                    .notFound,
                    "no \(category) provider covers \(focus): " + here
                        + (live ? ", or name OpenStreetMap live with \(wording.parameter("provider")) osm" : ""))
            }
            notices.say("skipping " + here)
        }
        guard !providers.isEmpty else {
            throw PlacesError(.configuration, "no \(category) provider is ready", remedy: Remedy(.reviewProviders))
        }
        return providers
    }

    /// Asks the providers at once; says what went wrong and where the answers came from.
    /// - Parameter notes: the flow's own notices about the outcome, said after the failures.
    /// - Throws: ``PlacesError`` when no provider answered.
    public func search(
        _ request: SearchRequest, providers: [any PlaceProvider], notes: (SearchOutcome) -> [String] = { _ in [] }
    ) async throws(PlacesError) -> SearchOutcome {
        let outcome = await aggregator.search(request, providers: providers)
        let advice = outcome.failures.contains { $0.kind == .noRecording } ? await withoutRecordingAdvice(for: request) : nil
        for failure in outcome.failures {
            let shown =
                failure.kind == .noRecording && advice != nil
                ? ProviderError(provider: failure.provider, kind: failure.kind, message: failure.message, remedy: advice)
                : failure
            notices(.warning(wording.line(shown)))
        }
        for note in notes(outcome) { notices.say(note) }
        await sayWhereAnswersCameFrom()
        if outcome.allFailed {
            throw PlacesError(PlacesError.kind(for: outcome.failures), "no provider answered (\(outcome.failures.count) failed)")
        }
        return outcome
    }

    /// What to do when nothing recorded answers `request`: use the imported data when it covers the
    /// spot, else import or go live (naming the areas the recordings cover), else find recordings.
    func withoutRecordingAdvice(for request: SearchRequest) async -> Remedy {
        if locator.roots.isEmpty { return Remedy(.chooseRecordings) }
        // An import covers the spot when its area does and it holds such places (a gazetteer's
        // town is no café).
        let tags = StoredOSMProvider.categories(for: request.category) ?? []
        let imports = (try? await importsForSearching()) ?? []
        let covering = imports.contains { record in
            (record.bounds?.padded(by: request.radius).contains(request.focus) ?? false) && (tags.isEmpty || record.holds(anyOf: tags))
        }
        if covering { return Remedy(.useImportedData) }
        return Remedy(.importOrGoLive(areas: locator.areas.map(\.name)))
    }

    /// OpenStreetMap asked live in `auto` mode: the imported data answers when the network and the
    /// recordings cannot (when something is imported; read only then).
    func withImportedFallback(_ provider: any PlaceProvider) -> any PlaceProvider {
        guard provider.id == OverpassProvider.providerID, httpMode == .auto, setups[provider.id]?.client.mode == .live else {
            return provider
        }
        return ImportedFallbackProvider(live: provider, notices: notices) { try? await importedProvider() }
    }

    /// The imported OpenStreetMap places as a provider: those of the database a server shares with
    /// its other instances when there is one, else the store file's. What is imported is read now.
    func importedProvider() async throws(PlacesError) -> StoredOSMProvider {
        guard let shared = store.shared else { return StoredOSMProvider(store: try store.reading(), storePath: store.path) }
        do {
            return StoredOSMProvider(shared: shared.store, imports: try await shared.imports())
        } catch {
            throw StoreAccess.error(error)
        }
    }

    /// `--offline`: the data imported into the store, nothing else (no network, no recordings).
    /// - Parameter selected: only `osm` can answer offline.
    public func offlineProviders(selected: [ProviderID]) async throws(PlacesError) -> [any PlaceProvider] {
        if let other = selected.first(where: { $0 != OverpassProvider.providerID }) {
            throw PlacesError(
                .usage, "answers from imported OpenStreetMap data only; '\(other)' needs the network", parameter: "offline")
        }
        let provider = try await importedProvider()
        guard provider.status.isReady else { throw PlacesError(.notFound, wording.detail(provider.status)) }
        return [provider]
    }

    /// Asks the store-backed providers, and says where the answers came from.
    public func offlineSearch(_ request: SearchRequest, providers: [any PlaceProvider]) async throws(PlacesError) -> SearchOutcome {
        let outcome = await aggregator.search(request, providers: providers)
        for failure in outcome.failures { notices(.warning(wording.line(failure))) }
        if outcome.allFailed {
            throw PlacesError(PlacesError.kind(for: outcome.failures), "the imported data could not be read")
        }
        for provider in providers {
            // The imports that could answer this request, not every file imported; none: the
            // empty answer says why.
            if let stored = provider as? StoredOSMProvider {
                if !stored.imports(answering: request).isEmpty { notices.say("offline: \(wording.detail(stored.status(for: request)))") }
            } else {
                notices.say("offline: \(wording.detail(provider.status))")
            }
        }
        return outcome
    }

    /// The providers' answers for `request`: from the store with `offline`, else from the ready providers.
    func answers(
        _ request: SearchRequest, selected: [ProviderID], offline: Bool, notes: (SearchOutcome) -> [String] = { _ in [] }
    ) async throws(PlacesError) -> SearchOutcome {
        if offline { return try await offlineSearch(request, providers: try await offlineProviders(selected: selected)) }
        return try await search(request, providers: try readyProviders(for: request.category, selected: selected, focus: request.focus), notes: notes)
    }
}
