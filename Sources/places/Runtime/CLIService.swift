import Foundation
import PlacesKit
import Synchronization

/// The CLI's side of the front door: a ``PlacesService`` built from the options, its notices
/// written to stderr as they come, its remedies worded with our flags.
enum CLIService {
    /// - Parameter command: names the file recordings go to (`cassettes/<provider>/<command>.json`).
    static func service(_ global: GlobalOptions, command: String) async throws -> PlacesService {
        let settings = try Self.settings(global.settingsOptions)
        let service = try await PlacesService.withPlugins(
            settings: settings, recordingName: command, notices: stderrNotices, wording: CLIWording.wording)
        StandardError.hide(service.secrets)
        return service
    }

    /// A service for the commands that only touch the store: no options but `--store`.
    /// No providers are made: a listing must start as fast as `--help`.
    static func service(store: String?) throws -> PlacesService {
        try PlacesService(
            settings: try Self.settings(SettingsOptions(store: store)), catalog: ProviderCatalog([]), notices: stderrNotices,
            wording: CLIWording.wording)
    }

    /// The settings `options` and the environment give; their config file is kept for ``sayConfigWarnings()``.
    static func settings(_ options: SettingsOptions = SettingsOptions()) throws(PlacesError) -> PlacesSettings {
        let settings = try PlacesSettings(options, environment: ProcessInfo.processInfo.environment)
        configRead.withLock { $0 = settings.config }
        return settings
    }

    /// The config file this run read, until its warnings are said.
    private static let configRead = Mutex<ConfigFile?>(nil)

    /// Says, once, what is wrong in the config file this run read (lines that cannot be read,
    /// unknown keys): at the end of a command that ran anyway, or before another failure's line.
    /// A command that stopped because of the file says only that.
    static func sayConfigWarnings() {
        let read = configRead.withLock { read in
            let config = read
            read = nil
            return config
        }
        guard let config = read else { return }
        for warning in config.warnings() { StandardError.line("places: \(warning)") }
    }

    static let stderrNotices = NoticeSink { StandardError.line("places: \($0.text)") }
}

/// Remedies and inputs in the CLI's words: flags, variables and commands.
enum CLIWording {
    static let wording = Wording(remedy: words, parameter: { "--\($0)" })

    static func words(_ remedy: Remedy) -> String {
        switch remedy.action {
        case .provideKey(_, let variable, _):
            "set \(variable), or use --http-mode replay to answer from the bundled cassettes"
        case .checkKey(_, let variable, let credential, let also):
            "check \(variable)" + (credential.map { " (\($0))" } ?? "") + (also.map { " and \($0)" } ?? "")
        case .allowMoreTime: "allow more time with --deadline"
        case .askLiveService:
            "offline, only recorded requests can be answered; go live (--http-mode live, with a key where the provider needs one) or record it with --http-mode missing"
        case .goLive: "use --http-mode live to ask the live APIs"
        case .useImportedData: "imported data covers this spot: add --offline to answer from it"
        case .importOrGoLive(let areas):
            (areas.isEmpty ? "" : "the bundled recordings cover \(areas.joined(separator: " and ")) only; ")
                + "'places import FILE.osm' adds any area for --offline, or go live with the network"
        case .chooseRecordings: "no cassettes folder was found; give one with --cassette-dir"
        case .giveRecordings: "give a folder with --cassette-dir"
        case .recordAgain: "fix the file or record it again"
        case .askSmallerArea: "try a smaller --radius or try again later"
        case .tryLater(let why): why.map { "\($0); try again in a minute" } ?? "try again later"
        case .reportAPIChange: "the API may have changed; please report it"
        case .chooseStore: "move it aside or give another --store"
        case .useOwnStore: "reading it works; to change things give --store (or PLACES_STORE) a file of your own"
        case .chooseStoreFile(let example): "give --store the path of a file, e.g. \(example)"
        case .updatePlaces: "update places, or give another --store"
        case .importData: "run 'places import FILE.osm' (or --names FILE.csv) first"
        case .importAgain: "run 'places import' again"
        case .reviewProviders: "see 'places providers'"
        case .importAsExtract(let file): "import it without --names: places import \(file)"
        case .importAsNameList(let file): "import it as a name list: places import --names \(file)"
        case .applyChanges(let file): "apply it on its own: places import \(file)"
        case .chooseFeed: "use --feed FILE|URL or set [feed] url in the config"
        case .setSetting(let key, let example): "set it again with 'places config set \(key) \(example)'"
        case .advice(let text): text
        }
    }
}

extension GlobalOptions {
    var settingsOptions: SettingsOptions {
        SettingsOptions(
            httpMode: httpMode?.rawValue, cassetteDirectories: cassetteDir, deadline: deadline?.text, configFile: config, store: store,
            verbose: verbose, noCache: noCache)
    }
}
