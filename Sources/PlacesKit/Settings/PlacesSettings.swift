public import Foundation
import PlaceBytes
import PlaceCore
public import PlaceHTTP

/// How to reach provider APIs, as asked for: `auto` lets each provider decide.
public enum HTTPModeChoice: String, Sendable, CaseIterable {
    /// Each provider for itself: keyless ones live, keyed ones live with their key, retired ones
    /// from their recordings; recordings (then imported data) when the network cannot be reached.
    case auto
    case live, replay, record, missing

    /// The mode every provider uses, or nil for `auto`.
    public var forced: HTTPMode? { HTTPMode(rawValue: rawValue) }
}

/// What the caller (the CLI's options, a server's flags) says before anything is resolved.
public struct SettingsOptions: Sendable {
    /// `auto`, `live`, `replay`, `record` (`--http-mode`).
    public var httpMode: String?
    /// Folders of recordings, `:`-separated (`--cassette-dir`).
    public var cassetteDirectories: String?
    /// How long a provider may take, as typed (`--deadline 10s`).
    public var deadline: String?
    /// The config file to read instead of the default (`--config`).
    public var configFile: String?
    /// The store's path (`--store`).
    public var store: String?
    /// Log each request (`--verbose`).
    public var verbose: Bool
    /// Ask the services even where the HTTP cache holds a fresh answer.
    public var noCache: Bool

    /// What the caller says; nil: not said, so the environment and the config file decide.
    public init(
        httpMode: String? = nil, cassetteDirectories: String? = nil, deadline: String? = nil, configFile: String? = nil, store: String? = nil,
        verbose: Bool = false, noCache: Bool = false
    ) {
        self.httpMode = httpMode
        self.cassetteDirectories = cassetteDirectories
        self.deadline = deadline
        self.configFile = configFile
        self.store = store
        self.verbose = verbose
        self.noCache = noCache
    }
}

/// Everything a flow needs to know before it runs, resolved once from options, the environment
/// and the config file, in that order of precedence.
public struct PlacesSettings: Sendable {
    /// What the caller said.
    public let options: SettingsOptions
    /// The environment the settings were read from.
    public let environment: [String: String]
    /// The config file as read.
    public let config: ConfigFile
    /// How providers are reached: the option, else PLACES_HTTP_MODE, else `[http] mode`, else auto.
    /// - Throws: ``PlacesError`` (`configuration`) when the config file's value is what counts and
    ///   cannot be used; only a flow that asks providers reads it.
    public var httpMode: HTTPModeChoice {
        get throws(PlacesError) { try resolvedMode.get() }
    }
    /// Per provider deadline: the option, else PLACES_DEADLINE, else `[http] deadline`, else 10 s.
    /// - Throws: ``PlacesError`` (`configuration`) as ``httpMode`` does.
    public var deadline: Duration {
        get throws(PlacesError) { try resolvedDeadline.get() }
    }
    private let resolvedMode: Result<HTTPModeChoice, PlacesError>
    private let resolvedDeadline: Result<Duration, PlacesError>
    /// "Now": PLACES_NOW when set (so that "open now" can be reproduced), else the clock, read
    /// each time it is asked (a server runs for days).
    public var now: Date { pinnedNow ?? Date() }
    /// PLACES_NOW, when set.
    public let pinnedNow: Date?
    /// Refuse recordings older than this; PLACES_CASSETTE_MAX_AGE.
    public let cassetteMaximumAge: TimeInterval?
    /// Sleep for each recording's duration when replaying; PLACES_REPLAY_LATENCY.
    public let simulateReplayLatency: Bool
    /// Log each request and its outcome (`--verbose`, or PLACES_LOG=debug).
    public let logDebug: Bool

    /// - Throws: ``PlacesError``: `usage` for a bad option value, `configuration` for a bad
    ///   environment variable or a config file that cannot be read at all. What is wrong inside the
    ///   file is said only when a value it hides is asked for (see ``ConfigFile/problems``).
    public init(_ options: SettingsOptions = SettingsOptions(), environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(PlacesError)
    {
        self.options = options
        self.environment = environment
        config = try Self.loadConfig(options.configFile, environment: environment)
        resolvedMode = try Self.resolveMode(options.httpMode, environment: environment, config: config)
        resolvedDeadline = try Self.resolveDeadline(options.deadline, environment: environment, config: config)
        pinnedNow = try Self.resolveNow(environment)
        cassetteMaximumAge = try Self.resolveMaximumAge(environment)
        simulateReplayLatency = ["1", "recorded", "true"].contains(environment["PLACES_REPLAY_LATENCY"] ?? "")
        logDebug = options.verbose || environment["PLACES_LOG"] == "debug"
    }

    private static func loadConfig(_ explicit: String?, environment: [String: String]) throws(PlacesError) -> ConfigFile {
        if let explicit = explicit ?? environment["PLACES_CONFIG"] {
            guard FileManager.default.fileExists(atPath: explicit) else {
                throw PlacesError(.configuration, "the config file \(explicit) does not exist")
            }
            return try ConfigFile.load(path: explicit, displayPath: explicit)
        }
        let path = configHome(environment) + "/places/config.toml"
        return try ConfigFile.load(path: path, displayPath: path)
    }

    /// `$XDG_CONFIG_HOME`, else `~/.config`.
    static func configHome(_ environment: [String: String]) -> String {
        environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"].map { $0 + "/.config" } ?? NSHomeDirectory() + "/.config")
    }

    /// The option, else PLACES_HTTP_MODE, else `[http] mode`, else auto. The option's and the
    /// variable's problems are thrown now; the config file's are kept for whoever reads the mode.
    private static func resolveMode(
        _ option: String?, environment: [String: String], config: ConfigFile
    ) throws(PlacesError) -> Result<HTTPModeChoice, PlacesError> {
        let names = HTTPModeChoice.allCases.map(\.rawValue).joined(separator: ", ")
        if let option {
            guard let mode = HTTPModeChoice(rawValue: option) else {
                throw PlacesError(.usage, "'\(option)' is not a mode; use one of \(names)", parameter: "http-mode")
            }
            return .success(mode)
        }
        if let variable = environment["PLACES_HTTP_MODE"], !variable.isEmpty {
            guard let mode = HTTPModeChoice(rawValue: variable) else {
                throw PlacesError(.configuration, "PLACES_HTTP_MODE '\(variable)' is not a mode; use one of \(names)")
            }
            return .success(mode)
        }
        return Result { () throws(PlacesError) in
            guard let setting = try config.value("http.mode") else { return .auto }
            guard let mode = HTTPModeChoice(rawValue: setting) else {
                throw PlacesError(.configuration, "http.mode in \(config.displayName) '\(setting)' is not a mode; use one of \(names)")
            }
            return mode
        }
    }

    private static func resolveDeadline(
        _ option: String?, environment: [String: String], config: ConfigFile
    ) throws(PlacesError) -> Result<Duration, PlacesError> {
        func duration(_ text: String, from source: String = "") throws(PlacesError) -> Duration {
            guard let seconds = TimeText.seconds(text, bareUnit: 1), acceptableDeadline(seconds) else {
                throw PlacesError(.configuration, "the deadline '\(text)'\(source) must be a time from 10 ms to 1 hour, such as 10 or 2.5s")
            }
            return .nanoseconds(Int64(seconds * 1e9))
        }
        if let text = option ?? environment["PLACES_DEADLINE"] { return .success(try duration(text)) }
        return Result { () throws(PlacesError) in
            guard let text = try config.value("http.deadline") else { return .seconds(10) }
            return try duration(text, from: " in [http] of \(config.displayName)")
        }
    }

    /// From 10 ms (less cannot even be measured meaningfully) to an hour.
    public static func acceptableDeadline(_ seconds: Double) -> Bool { seconds >= 0.01 && seconds <= 3600 }

    /// PLACES_CASSETTE_MAX_AGE: days (or a time such as 12h); recordings older than that are an error.
    private static func resolveMaximumAge(_ environment: [String: String]) throws(PlacesError) -> TimeInterval? {
        guard let text = environment["PLACES_CASSETTE_MAX_AGE"], !text.isEmpty else { return nil }
        guard let seconds = TimeText.seconds(text, bareUnit: 86_400), seconds > 0 else {
            throw PlacesError(.configuration, "PLACES_CASSETTE_MAX_AGE '\(text)' must be a positive number of days (or a time such as 12h)")
        }
        return seconds
    }

    /// PLACES_NOW pins "now" (ISO 8601) so that open-now answers can be reproduced.
    private static func resolveNow(_ environment: [String: String]) throws(PlacesError) -> Date? {
        guard let text = environment["PLACES_NOW"], !text.isEmpty else { return nil }
        guard let date = ISO8601Text.parse(text) else {
            throw PlacesError(.configuration, "PLACES_NOW '\(text)' is not an ISO 8601 time such as 2026-11-20T10:00:00+01:00")
        }
        return date
    }

    /// `$XDG_CACHE_HOME/places`, else `~/.cache/places`.
    public var cacheFolder: String {
        let base =
            environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"].map { $0 + "/.cache" } ?? NSHomeDirectory() + "/.cache")
        return base + "/places"
    }
}
