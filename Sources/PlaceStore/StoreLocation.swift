/// Where the store file is, and which setting chose it.
///
/// Resolved from, in order: the `--store` option, the `PLACES_STORE` environment variable,
/// `$XDG_DATA_HOME/places/places.sqlite`, then `$HOME/.local/share/places/places.sqlite`.
public struct StoreLocation: Sendable, Equatable {
    /// The setting a store path came from.
    public enum Source: String, Sendable, Equatable {
        /// `--store PATH` on the command line.
        case option
        /// The `PLACES_STORE` environment variable.
        case environment
        /// `$XDG_DATA_HOME/places/places.sqlite`.
        case xdgDataHome
        /// `$HOME/.local/share/places/places.sqlite`, the XDG default.
        case home
    }

    /// The environment variable that names the store when `--store` does not.
    public static let environmentVariable = "PLACES_STORE"
    /// The store's file name inside a data folder.
    public static let fileName = "places.sqlite"

    /// The path as given (a relative `--store` stays relative, so messages show what the user typed).
    public let path: String
    /// The setting that chose ``path``.
    public let source: Source

    /// A location as ``resolve(option:environment:)`` would give it; for tests and callers with
    /// their own rules.
    public init(path: String, source: Source) {
        self.path = path
        self.source = source
    }

    /// Where the path came from, for `places config` and error messages: "--store", "$PLACES_STORE", …
    public var sourceDescription: String {
        switch source {
        case .option: "--store"
        case .environment: "$\(Self.environmentVariable)"
        case .xdgDataHome: "$XDG_DATA_HOME"
        case .home: "the default under $HOME"
        }
    }

    /// Picks the store path. Reads nothing but its arguments, so that tests and `places config`
    /// can ask "where would the store be" without touching the disk.
    ///
    /// Empty values count as unset, as the XDG spec says, and so does a relative `XDG_DATA_HOME`
    /// (the spec tells implementations to ignore it).
    ///
    /// - Parameters:
    ///   - option: the value of `--store`, if given.
    ///   - environment: usually `ProcessInfo.processInfo.environment`.
    /// - Returns: nil when nothing names a store and there is no `HOME` to put the default under.
    public static func resolve(option: String?, environment: [String: String]) -> StoreLocation? {
        if let option, !option.isEmpty {
            return StoreLocation(path: option, source: .option)
        }
        if let named = environment[environmentVariable], !named.isEmpty {
            return StoreLocation(path: named, source: .environment)
        }
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
            return StoreLocation(path: joined(dataHome, "places", fileName), source: .xdgDataHome)
        }
        if let home = environment["HOME"], !home.isEmpty {
            return StoreLocation(path: joined(home, ".local/share/places", fileName), source: .home)
        }
        return nil
    }

    private static func joined(_ folder: String, _ parts: String...) -> String {
        var path = folder
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        for part in parts { path += path.hasSuffix("/") ? part : "/" + part }
        return path
    }
}
