import Foundation
import Logging
import PlaceProviders
import PlaceCore
import PlaceHTTP

/// How one provider of the catalog was set up: its HTTP client and the recordings around it.
struct ProviderSetup: Sendable {
    let factory: ProviderFactory
    let client: HTTPClient
    let credential: Credential?
    /// Present when recordings take part (every mode but plain live).
    let cassettes: CassetteMiddleware?
}

/// Builds each provider's HTTP chain: outermost first, logging; then recordings (unless the
/// provider asks its service plainly); then retries and the network (unless it only replays).
///
/// The mode is decided per provider. In `auto`: a keyless service is asked live; a keyed one live
/// when its key is set, else its recordings answer; a retired one answers from its recordings. A
/// live one in `auto` falls back to its recordings when the network cannot be reached.
struct HTTPChainBuilder {
    let settings: PlacesSettings
    /// The mode and deadline the settings resolved.
    let httpMode: HTTPModeChoice
    let deadline: Duration
    let locator: CassetteLocator
    let recordingName: String
    let logger: Logger
    let redactor: Redactor
    let cassetteOptions: CassetteOptions
    /// Shared by every provider: one folder, one set of counts.
    let cache: HTTPCacheStore?
    var probe: ReachabilityProbe {
        ReachabilityProbe(folder: URL(fileURLWithPath: settings.cacheFolder).appendingPathComponent("reachability"))
    }
    let userAgent: UserAgentMiddleware

    /// The mode `factory`'s provider works in, and whether recordings answer when the network is gone.
    func mode(for factory: ProviderFactory, credential: Credential?) -> (mode: HTTPMode, fallsBack: Bool) {
        if case .retired = factory.access { return (.replay, false) }
        if let forced = httpMode.forced { return (forced, false) }
        switch factory.access {
        case .keyless: return (.live, true)
        case .keyed: return credential == nil ? (.replay, false) : (.live, true)
        case .retired, .local: return (.replay, false)
        }
    }

    func setup(_ factory: ProviderFactory, credential: Credential?) -> ProviderSetup {
        let (mode, fallsBack) = mode(for: factory, credential: credential)
        var middlewares: [any HTTPMiddleware] = [LoggingMiddleware(logger: logger, redactor: redactor)]
        var cassettes: CassetteMiddleware?
        var location: String?
        var hasRecordings = true
        if mode != .live || fallsBack {
            let provider = factory.id.rawValue
            let folder = locator.folder(for: provider) ?? (mode == .record || mode == .missing ? locator.recordingFolder(for: provider) : nil)
            let files = folder.map(CassetteMiddleware.cassetteFiles(in:)) ?? []
            hasRecordings = !files.isEmpty || mode == .record || mode == .missing
            let target = folder.map { $0.appendingPathComponent("\(recordingName).json") }
            let cassetteMode: HTTPMode = mode == .live ? .replay : mode
            let cassette = CassetteMiddleware(
                mode: cassetteMode, files: files.map { ($0, locator.display($0)) },
                recordingTarget: target.map { ($0, locator.display($0)) }, redactor: redactor, options: cassetteOptions)
            cassettes = cassette
            location = Self.describe(folder: folder, files: files, locator: locator)
            middlewares.append(mode == .live ? OfflineFallbackMiddleware(recordings: cassette) : cassette)
        }
        let transport: any HTTPTransport
        if mode == .replay {
            transport = OfflineTransport()
        } else {
            // Recording keeps what the service says, so only plain live answers are cached.
            if mode == .live, let cache {
                middlewares.append(
                    HTTPCacheMiddleware(
                        store: cache, postIsRead: factory.postIsRead, defaultFreshness: factory.defaultFreshness.map(\.seconds),
                        bypass: settings.options.noCache))
            }
            // The probe before the retries: a host that does not resolve will not within 250 ms,
            // and waiting to try again cost every offline call a quarter of a second.
            if fallsBack { middlewares.append(probe) }
            middlewares.append(RetryMiddleware(postIsRead: factory.postIsRead))
            middlewares.append(RetryAfterMiddleware(folder: URL(fileURLWithPath: settings.cacheFolder).appendingPathComponent("holds")))
            middlewares.append(userAgent)
            let limits = ResponseLimits(maximumBodyBytes: factory.maximumAnswerBytes)
            transport = liveTransport(timeout: deadline.seconds + 1, limits: limits, redactor: redactor)
        }
        let client = HTTPClient(
            transport: transport, middlewares: middlewares, mode: mode, cassetteLocation: location, redactor: redactor, hasRecordings: hasRecordings)
        return ProviderSetup(factory: factory, client: client, credential: credential, cassettes: cassettes)
    }

    /// Where recordings come from, for `places providers`; says how many files without reading them.
    static func describe(folder: URL?, files: [URL], locator: CassetteLocator) -> String {
        guard let folder else { return "no cassettes folder" }
        let shown = locator.display(folder)
        if files.isEmpty { return "\(shown) (no recordings yet)" }
        return "\(shown) (\(files.count) file\(files.count == 1 ? "" : "s"))"
    }
}
