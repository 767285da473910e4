public import Foundation
import Logging
import Synchronization
public import PlaceProviders
public import PlaceCore
public import PlaceHTTP

/// The front door: one value that owns composition (settings, credentials, each provider's HTTP
/// chain, the catalog, the store) and runs the flows — search, details, complete, route, follow,
/// stops, favourites, points, import. The CLI, the server and an app embedding the library all
/// call these and nothing below them; each renders the results its own way.
///
/// ```swift
/// let service = try PlacesService(settings: PlacesSettings(SettingsOptions(httpMode: "replay")))
/// let coffee = try await service.coffee(CoffeeQuery(near: .coordinate(Coordinate(52.37, 4.89)), top: 3))
/// for item in coffee.ranking.ranked { print(item.rank, item.place.name) }
/// for failure in coffee.outcome.failures { print("failed:", failure) }
/// ```
public struct PlacesService: Sendable {
    /// The settings the service was made with: options, environment, config file.
    public let settings: PlacesSettings
    /// How providers are reached, as the settings resolved it (auto for a service without providers).
    public let httpMode: HTTPModeChoice
    /// Every provider the service knows, built in or registered by the app.
    public let catalog: ProviderCatalog
    /// The providers made from the catalog for these settings, with whether each is ready.
    public let registry: ProviderRegistry
    /// Asks providers at once and merges their answers.
    public let aggregator: Aggregator
    /// Where recordings (cassettes) are looked for.
    public let locator: CassetteLocator
    /// The embedded store: opened when a flow needs it, created only when one writes.
    public private(set) var store: StoreAccess
    /// Where notices go as they happen (the CLI: stderr).
    public let notices: NoticeSink
    /// How notices word remedies and inputs (the CLI names its flags).
    public let wording: Wording
    /// The zone of the person asking: the times of their own traces and stops are shown in it.
    /// Never a place's: opening hours are read on each place's own clock (`Place.timeZone`).
    public let timeZone: TimeZone
    let setups: [ProviderID: ProviderSetup]
    /// The on-disk HTTP cache live answers go through; nil when `[http] cache = false`.
    public let cache: HTTPCacheStore?
    /// The recordings already named in a note.
    let said = AnnouncedRecordings()
    /// The name index, opened once and again only when an import rewrites it.
    let names: NameIndexHandle
    /// The walking graphs, opened once when first needed.
    let graphCache: WalkingGraphCache

    /// The walking graphs of the imported OpenStreetMap files.
    public func walkingGraphs() -> WalkingGraphs { graphCache.graphs(storePath: store.path, notices: notices) }

    /// This program's version, as `--version` and the User-Agent say it.
    public static let version = "0.2.0"

    /// - Parameters:
    ///   - catalog: the providers to make; add an app's own with ``ProviderCatalog/register(_:)``.
    ///   - recordingName: names the file new recordings go to (`cassettes/<provider>/<name>.json`).
    ///   - notices: where notices go as they happen.
    ///   - store: how to reach the store; nil for the one the settings name, opened when a flow needs it.
    public init(
        settings: PlacesSettings, catalog: ProviderCatalog = ProviderCatalog(), recordingName: String = "places",
        notices: NoticeSink = .ignore, wording: Wording = .neutral, timeZone: TimeZone = .current, store: StoreAccess? = nil
    ) throws(PlacesError) {
        self.settings = settings
        self.wording = wording
        self.catalog = catalog
        self.notices = notices
        self.timeZone = timeZone
        var access: StoreAccess
        if let store {
            access = store
        } else {
            access = try StoreAccess(option: settings.options.store, environment: settings.environment)
        }
        // An older store is upgraded by the first flow that opens it: said, for it may take a while.
        access.upgradeNotices = notices
        self.store = access
        names = NameIndexHandle(storePath: self.store.path)
        locator = CassetteLocator(explicit: settings.options.cassetteDirectories, environment: settings.environment)

        // What providers are reached with is read from the config file only when there are
        // providers to reach: a service over the store alone (stops, complete, a listing) runs
        // whatever is wrong in [http] or a provider's section.
        let asksProviders = !catalog.factories.isEmpty
        httpMode = try asksProviders ? settings.httpMode : (try? settings.httpMode) ?? .auto
        aggregator = Aggregator(deadline: try asksProviders ? settings.deadline : (try? settings.deadline) ?? .seconds(10))

        var credentials: [ProviderID: Credential] = [:]
        for factory in catalog.factories {
            guard case .keyed(let variable, let section) = factory.access else { continue }
            if let value = settings.environment[variable], !value.isEmpty {
                credentials[factory.id] = Credential(value: value, source: variable)
            } else if let value = try settings.config.value("\(section).api_key"), !value.isEmpty {
                credentials[factory.id] = Credential(value: value, source: settings.config.displayName)
            }
        }
        let redactor = Redactor(knownSecrets: credentials.values.map(\.value))
        var logger = Logger(label: "places") { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = settings.logDebug ? .debug : .warning
        var cacheEnabled = false
        if asksProviders { cacheEnabled = try settings.config.value("http.cache").map { $0 != "false" } ?? true }
        cache = cacheEnabled ? HTTPCacheStore(folder: URL(fileURLWithPath: settings.cacheFolder).appendingPathComponent("http")) : nil
        // A recording's age is against the real clock, not PLACES_NOW (which pins opening hours).
        let builder = HTTPChainBuilder(
            settings: settings, httpMode: httpMode, deadline: aggregator.deadline, locator: locator, recordingName: recordingName, logger: logger,
            redactor: redactor,
            cassetteOptions: CassetteOptions(simulateLatency: settings.simulateReplayLatency, maximumAge: settings.cassetteMaximumAge),
            cache: cache,
            userAgent: UserAgentMiddleware(
                product: "places", version: PlacesService.version, contact: try asksProviders ? settings.config.value("http.contact") : nil))
        var setups: [ProviderID: ProviderSetup] = [:]
        var registry = ProviderRegistry()
        for factory in catalog.factories {
            let setup = builder.setup(factory, credential: credentials[factory.id])
            setups[factory.id] = setup
            let section = try settings.config.section(factory.id.rawValue)
            registry.register(factory.make(ProviderContext(client: setup.client, credential: setup.credential, settings: section)))
        }
        // Routes over the imported streets: a provider of its own, made here because it needs the store.
        let graphCache = WalkingGraphCache()
        let storePath = self.store.path
        let noticeSink = notices
        registry.register(LocalRouting(storePath: storePath) { graphCache.graphs(storePath: storePath, notices: noticeSink) })
        self.graphCache = graphCache
        self.setups = setups
        self.registry = registry
    }

    /// "Now" for this service's flows.
    public var now: Date { settings.now }

    /// Every key this service holds, for callers that print anything (to scrub them).
    public var secrets: [String] { setups.values.compactMap { $0.credential?.value } }

    /// The HTTP chain made for `id`, for a provider built later (a feed named on the command line).
    public func client(for id: ProviderID) -> HTTPClient? { setups[id]?.client }

    /// The same service, reading imported places from `imports` (the database a server shares
    /// with its other instances) instead of the store file: offline answers, the fallback when
    /// OpenStreetMap cannot be reached, reverse lookups.
    public func readingImports(from imports: any SharedImportStore) -> PlacesService {
        var service = self
        service.store = store.readingImports(from: imports)
        return service
    }

    /// The same service, keeping favourites and points in `store` (the store a server's instances
    /// share, under each caller's account) instead of the store file.
    public func keepingPersonal(in store: any SharedStore) -> PlacesService {
        var service = self
        service.store = self.store.keepingPersonal(in: store)
        return service
    }

    /// The credential found for `id` in the environment or the config.
    public func credential(for id: ProviderID) -> Credential? { setups[id]?.credential }
}

/// The recordings already named in a note, so that each is named once however often a flow asks.
final class AnnouncedRecordings: Sendable {
    private let files = Mutex<Set<String>>([])

    /// Those of `candidates` not said before (now remembered as said), in their order.
    func new(_ candidates: [String]) -> [String] {
        files.withLock { said in
            let fresh = candidates.filter { !said.contains($0) }
            said.formUnion(fresh)
            return fresh
        }
    }
}
