import Foundation
import Logging
import PlaceSearch
import PlaceStore
import PlaceProviders

/// Everything a command needs, built once from options, environment and config: the composition root.
struct Runtime {
    let config: ConfigFile
    let mode: HTTPMode
    let registry: ProviderRegistry
    let aggregator: Aggregator
    let terminal: Terminal
    let locator: CassetteLocator
    let now: Date
    let timeZone: TimeZone
    /// Per provider, when cassettes are in the chain.
    private let cassettes: [ProviderID: CassetteMiddleware]
    private let credentials: [ProviderID: Credential]
    /// Each provider's HTTP chain, for commands that build a provider themselves (a feed named on
    /// the command line) and still want its cassettes, retries and logging.
    private let clients: [ProviderID: HTTPClient]

    /// - Parameter command: names the file recordings go to (`cassettes/<provider>/<command>.json`).
    init(global: GlobalOptions, command: String) throws {
        let environment = ProcessInfo.processInfo.environment
        config = try Self.loadConfig(global: global, environment: environment)

        var credentials: [ProviderID: Credential] = [:]
        for factory in ProviderCatalog.all {
            if let variable = factory.keyVariable, let value = environment[variable], !value.isEmpty {
                credentials[factory.id] = Credential(value: value, source: variable)
            } else if let value = config.value("\(factory.id).api_key"), !value.isEmpty {
                credentials[factory.id] = Credential(value: value, source: config.path ?? "the config file")
            }
        }
        self.credentials = credentials
        StandardError.hide(credentials.values.map(\.value))

        mode = try Self.resolveMode(global: global, environment: environment, config: config, hasKey: !credentials.isEmpty)
        let deadlineSeconds = try Self.resolveDeadline(global: global, environment: environment, config: config)
        aggregator = Aggregator(deadline: .nanoseconds(Int64(deadlineSeconds * 1e9)))

        now = try Self.resolveNow(environment)
        timeZone = TimeZone.current
        terminal = Terminal.detect(environment: environment, color: Terminal.ColorChoice(rawValue: global.color) ?? .auto)
        let locator = CassetteLocator(explicit: global.cassetteDir, environment: environment)
        self.locator = locator

        var logger = Logger(label: "places") { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = global.verbose || environment["PLACES_LOG"] == "debug" ? .debug : .warning
        let cassetteOptions = CassetteOptions(
            simulateLatency: ["1", "recorded", "true"].contains(environment["PLACES_REPLAY_LATENCY"] ?? ""),
            maximumAge: try Self.resolveMaximumAge(environment))
        (registry, cassettes, clients) = Self.makeProviders(
            mode: mode, command: command, credentials: credentials, config: config, locator: locator, logger: logger,
            cassetteOptions: cassetteOptions, deadlineSeconds: deadlineSeconds)
    }

    /// Every provider of the catalog with its HTTP chain for `mode`: logging, then cassettes
    /// (unless live), then retries and the network (unless replay, where nothing can go out).
    private static func makeProviders(
        mode: HTTPMode, command: String, credentials: [ProviderID: Credential], config: ConfigFile, locator: CassetteLocator,
        logger: Logger, cassetteOptions: CassetteOptions, deadlineSeconds: Double
    ) -> (ProviderRegistry, [ProviderID: CassetteMiddleware], [ProviderID: HTTPClient]) {
        let redactor = Redactor(knownSecrets: credentials.values.map(\.value))
        var registry = ProviderRegistry()
        var cassettes: [ProviderID: CassetteMiddleware] = [:]
        var clients: [ProviderID: HTTPClient] = [:]
        for factory in ProviderCatalog.all {
            var middlewares: [any HTTPMiddleware] = [LoggingMiddleware(logger: logger, redactor: redactor)]
            var location: String?
            if mode != .live {
                let folder = locator.folder(for: factory.id.rawValue) ?? (mode == .replay ? nil : locator.recordingFolder(for: factory.id.rawValue))
                let files = folder.map(CassetteMiddleware.cassetteFiles(in:)) ?? []
                let target = folder.map { $0.appendingPathComponent("\(command).json") }
                let cassette = CassetteMiddleware(
                    mode: mode, files: files.map { ($0, locator.display($0)) },
                    recordingTarget: target.map { ($0, locator.display($0)) }, redactor: redactor, options: cassetteOptions)
                cassettes[factory.id] = cassette
                middlewares.append(cassette)
                location = Self.describe(folder: folder, files: files, locator: locator)
            }
            let transport: any HTTPTransport
            if mode == .replay {
                transport = OfflineTransport()
            } else {
                transport = URLSessionTransport(timeout: deadlineSeconds)
                middlewares.append(RetryMiddleware(postIsRead: factory.postIsRead))
            }
            let client = HTTPClient(transport: transport, middlewares: middlewares, mode: mode, cassetteLocation: location, redactor: redactor)
            clients[factory.id] = client
            let settings = config.values.filter { $0.key.hasPrefix("\(factory.id).") }
                .reduce(into: [String: String]()) { $0[String($1.key.dropFirst(factory.id.rawValue.count + 1))] = $1.value }
            registry.register(factory.make(ProviderContext(client: client, credential: credentials[factory.id], settings: settings)))
        }
        return (registry, cassettes, clients)
    }

    /// The HTTP chain made for `id` (one of the catalog's providers).
    func client(for id: ProviderID) -> HTTPClient? { clients[id] }

    /// The credential found for `id` in the environment or the config.
    func credential(for id: ProviderID) -> Credential? { credentials[id] }

    /// Where recordings come from, for `places providers`; says how many files without reading them.
    private static func describe(folder: URL?, files: [URL], locator: CassetteLocator) -> String {
        guard let folder else { return "no cassettes folder (none found; use --cassette-dir)" }
        let shown = locator.display(folder)
        if files.isEmpty { return "\(shown) (no recordings yet)" }
        return "\(shown) (\(files.count) file\(files.count == 1 ? "" : "s"))"
    }

    // MARK: - Resolution of settings

    private static func loadConfig(global: GlobalOptions, environment: [String: String]) throws -> ConfigFile {
        if let explicit = global.config ?? environment["PLACES_CONFIG"] {
            guard FileManager.default.fileExists(atPath: explicit) else {
                throw CLIError("the config file \(explicit) does not exist", status: .config)
            }
            return try ConfigFile.load(path: explicit, displayPath: explicit)
        }
        let base = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"].map { $0 + "/.config" } ?? NSHomeDirectory() + "/.config")
        let path = base + "/places/config.toml"
        return try ConfigFile.load(path: path, displayPath: path)
    }

    /// The option, else PLACES_HTTP_MODE, else the config; `auto` is live with a key, replay without.
    private static func resolveMode(
        global: GlobalOptions, environment: [String: String], config: ConfigFile, hasKey: Bool
    ) throws -> HTTPMode {
        let (choice, source): (String, String) =
            if let option = global.httpMode { (option, "--http-mode") }
            else if let variable = environment["PLACES_HTTP_MODE"], !variable.isEmpty { (variable, "PLACES_HTTP_MODE") }
            else if let setting = config.value("http.mode") { (setting, "http.mode in \(config.path ?? "the config file")") }
            else { ("auto", "") }
        if choice == "auto" { return hasKey ? .live : .replay }
        guard let mode = HTTPMode(rawValue: choice) else {
            throw CLIError(
                "\(source) '\(choice)' is not a mode; use one of \(HTTPModeChoice.allNames.joined(separator: ", "))",
                status: source == "--http-mode" ? .usage : .config)
        }
        return mode
    }

    private static func resolveDeadline(global: GlobalOptions, environment: [String: String], config: ConfigFile) throws -> Double {
        let text = global.deadline ?? environment["PLACES_DEADLINE"] ?? config.value("http.deadline") ?? "10"
        let seconds = ValueParsing.seconds(text, defaultUnit: 1)
        guard acceptableDeadline(seconds), let seconds else {
            throw CLIError("the deadline '\(text)' must be a time from 10 ms to 1 hour, such as 10 or 2.5s", status: .config)
        }
        return seconds
    }

    /// From 10 ms (less cannot even be measured meaningfully) to an hour.
    static func acceptableDeadline(_ seconds: Double?) -> Bool {
        guard let seconds else { return false }
        return seconds >= 0.01 && seconds <= 3600
    }

    /// PLACES_CASSETTE_MAX_AGE: days (or a time such as 12h); recordings older than that are an error.
    private static func resolveMaximumAge(_ environment: [String: String]) throws -> TimeInterval? {
        guard let text = environment["PLACES_CASSETTE_MAX_AGE"], !text.isEmpty else { return nil }
        guard let seconds = ValueParsing.seconds(text, defaultUnit: 86_400), seconds > 0 else {
            throw CLIError("PLACES_CASSETTE_MAX_AGE '\(text)' must be a positive number of days (or a time such as 12h)", status: .config)
        }
        return seconds
    }

    /// PLACES_NOW pins "now" (ISO 8601) so that open-now answers can be reproduced.
    private static func resolveNow(_ environment: [String: String]) throws -> Date {
        guard let text = environment["PLACES_NOW"], !text.isEmpty else { return Date() }
        guard let date = ISO8601Text.parse(text) else {
            throw CLIError("PLACES_NOW '\(text)' is not an ISO 8601 time such as 2026-11-20T10:00:00+01:00", status: .config)
        }
        return date
    }

    /// The providers that answer `category` and are ready; with a selection, exactly those, and one
    /// that is not ready is an error rather than a skip.
    func readyProviders(for category: SearchCategory, selected: [String]) throws -> [any PlaceProvider] {
        let selection = selected.isEmpty ? nil : Set(selected.map { ProviderID($0) })
        var providers: [any PlaceProvider] = []
        for provider in registry.providers(for: category, among: selection) {
            if provider.status.isReady {
                providers.append(provider)
            } else if selection != nil {
                throw CLIError("\(provider.id) cannot answer: \(provider.status.detail)", status: .config)
            } else {
                StandardError.line("places: skipping \(provider.id): \(provider.status.detail)")
            }
        }
        guard !providers.isEmpty else {
            throw CLIError("no \(category) provider is ready; see 'places providers'", status: .config)
        }
        return providers
    }

    /// Asks the providers at once and says on stderr what went wrong and where the answers came from.
    /// - Parameter notes: lines of the command's own about the outcome, said after the failures.
    /// - Throws: ``CLIError`` when no provider answered.
    func search(
        _ request: SearchRequest, providers: [any PlaceProvider], notes: (SearchOutcome) -> [String] = { _ in [] }
    ) async throws -> SearchOutcome {
        let outcome = await aggregator.search(request, providers: providers)
        for failure in outcome.failures { StandardError.line("places: \(failure)") }
        for note in notes(outcome) { StandardError.line("places: \(note)") }
        if let note = await replayNote() { StandardError.line("places: \(note)") }
        if let note = await recordNote() { StandardError.line("places: \(note)") }
        if outcome.allFailed {
            throw CLIError("no provider answered (\(outcome.failures.count) failed)", status: ExitStatus.forFailures(outcome.failures))
        }
        return outcome
    }

    /// Everything the place's provider knows about it, under the provider's deadline.
    /// - Parameter text: the id as the user typed it, for messages.
    func details(for placeID: PlaceID, as text: String) async throws -> Place {
        guard let provider = registry.provider(placeID.provider) else {
            throw CLIError(
                "unknown provider '\(placeID.provider)' in '\(text)'; known providers are \(registry.ids.map(\.rawValue).joined(separator: ", "))",
                status: .usage)
        }
        guard let details = provider as? any PlaceDetailsProvider else {
            throw CLIError("\(provider.id) cannot show details", status: .usage)
        }
        guard provider.status.isReady else {
            throw CLIError("\(provider.id) cannot answer: \(provider.status.detail)", status: .config)
        }
        do {
            return try await withDeadline(aggregator.deadline(for: provider.id)) { try await details.details(for: placeID) }
        } catch {
            if let note = await replayNote() { StandardError.line("places: \(note)") }
            let failure = ProviderError(provider: provider.id, wrapping: error)
            throw CLIError(failure.description, status: ExitStatus.forFailure(failure.kind))
        }
    }

    // MARK: - After a run

    /// One line for stderr when answers came from recordings, saying which and how to go live.
    func replayNote() async -> String? {
        var files: [String] = []
        var oldest: Date?
        var keyVariables: [String] = []
        for id in registry.ids {
            guard let cassette = cassettes[id] else { continue }
            let replayed = await cassette.replayed()
            if !replayed.isEmpty, let variable = ProviderCatalog.all.first(where: { $0.id == id })?.keyVariable, !keyVariables.contains(variable) {
                keyVariables.append(variable)
            }
            for record in replayed {
                if !files.contains(record.file) { files.append(record.file) }
                oldest = min(oldest ?? record.recordedAt, record.recordedAt)
            }
        }
        guard !files.isEmpty, let oldest else { return nil }
        let day = oldest.formatted(.iso8601.year().month().day())
        // Keyless providers go live with the mode alone; the others need their key first.
        let live = credentials.isEmpty && !keyVariables.isEmpty
            ? "set \(keyVariables.joined(separator: " or ")) to ask the live APIs"
            : "use --http-mode live to ask the live APIs"
        return "replayed from \(files.joined(separator: ", ")) (recorded \(day)), not live data; \(live)"
    }

    /// One line when this run recorded interactions.
    func recordNote() async -> String? {
        var count = 0
        for cassette in cassettes.values { count += await cassette.recordedCount() }
        guard count > 0 else { return nil }
        return "recorded \(count) interaction\(count == 1 ? "" : "s") into \(locator.roots.first.map(locator.display) ?? "cassettes")"
    }
}

extension Runtime {
    /// `--offline`: the data imported into the store, nothing else (no network, no recordings).
    /// - Parameter selected: `--provider` ids; only `osm` can answer offline.
    func offlineProviders(storeOption: String?, selected: [String]) throws -> [any PlaceProvider] {
        if let other = selected.first(where: { $0 != OverpassProvider.providerID.rawValue }) {
            throw CLIError("--offline answers from imported OpenStreetMap data only; '\(other)' needs the network", status: .usage)
        }
        let access = try StoreAccess(option: storeOption)
        let provider = StoredOSMProvider(store: try access.reading(), storePath: access.location.path)
        guard provider.status.isReady else { throw CLIError(provider.status.detail, status: .noInput) }
        return [provider]
    }

    /// Asks the store-backed providers, and says where the answers came from.
    func offlineSearch(_ request: SearchRequest, providers: [any PlaceProvider]) async throws -> SearchOutcome {
        let outcome = await aggregator.search(request, providers: providers)
        for failure in outcome.failures { StandardError.line("places: \(failure)") }
        if outcome.allFailed {
            throw CLIError("the imported data could not be read", status: ExitStatus.forFailures(outcome.failures))
        }
        for provider in providers { StandardError.line("places: offline: \(provider.status.detail)") }
        return outcome
    }
}
