import Foundation

/// The config file, TOML (parsed by TOMLKit, which wraps toml++):
///
/// ```toml
/// center = "52.370216,4.895168"
///
/// [foursquare]
/// api_key = "fsq3…"
///
/// [http]
/// mode = "auto"        # auto, live, replay, record, missing
/// deadline = 10        # seconds per provider
/// ```
///
/// A line that cannot be read does not make the whole file unreadable: the rest is read, and the
/// line becomes a ``ConfigProblem`` that surfaces as an error only when a value it could have set
/// is asked for (``value(_:)``, ``section(_:)``). A command that asks for none of them runs, and
/// can say ``warnings(_:)`` once.
public struct ConfigFile: Sendable {
    /// `section.key` → value, for every value that could be read; top-level keys have no section
    /// prefix. Numbers and booleans are kept as text (`10`, `2.5`, `true`).
    public let values: [String: String]
    /// What could not be read: lines that are not TOML, values of a kind places cannot use.
    public let problems: [ConfigProblem]
    /// Where it was read from, for messages; nil when there is no file.
    public let path: String?
    /// The line each key and section header is on, as far as a look at the lines can tell.
    let layout: ConfigLayout

    /// No file: nothing set, nothing wrong.
    public static let empty = ConfigFile(values: [:], path: nil)

    /// A config of `values` (`section.key` → value) read from `path`, with what was wrong in it.
    public init(values: [String: String], path: String?, problems: [ConfigProblem] = []) {
        self.init(values: values, path: path, problems: problems, layout: ConfigLayout())
    }

    init(values: [String: String], path: String?, problems: [ConfigProblem], layout: ConfigLayout) {
        self.values = values
        self.path = path
        self.problems = problems
        self.layout = layout
    }

    /// Where it came from, for messages: its path, or "the config file".
    public var displayName: String { path ?? "the config file" }

    /// The value of `key` (`center`, `http.deadline`), or nil when the file does not set it.
    /// - Throws: ``PlacesError`` (`configuration`) when a line that cannot be read may have set it.
    public func value(_ key: String) throws(PlacesError) -> String? {
        if let problem = problems.first(where: { $0.hides(key: key, present: values[key] != nil) }) { throw error(problem) }
        return values[key]
    }

    /// The keys of `[section]`, without the section's name: `[foursquare] api_key` → `api_key`.
    /// - Throws: ``PlacesError`` (`configuration`) when a line that cannot be read may belong to it.
    public func section(_ name: String) throws(PlacesError) -> [String: String] {
        if let problem = problems.first(where: { $0.hides(section: name) }) { throw error(problem) }
        return readableSection(name)
    }

    /// What `[section]` sets among the lines that could be read, whatever else may be broken.
    public func readableSection(_ name: String) -> [String: String] {
        values.filter { $0.key.hasPrefix("\(name).") }.reduce(into: [String: String]()) { $0[String($1.key.dropFirst(name.count + 1))] = $1.value }
    }

    /// The error a command that needs what `problem` hides stops with: the file, the line, what is
    /// wrong and what to do.
    public func error(_ problem: ConfigProblem) -> PlacesError {
        PlacesError(
            .configuration, "\(displayName)\(problem.line.map { ":\($0)" } ?? ""): \(problem.message)",
            remedy: Remedy(.advice(problem.advice)), underlyingError: problem)
    }

    /// Reads the file at `path`; a missing file is an empty config. `/dev/null`, a pipe
    /// (`--config <(…)`) and other files that are not regular are read like any other.
    /// - Throws: ``PlacesError`` (configuration) when it is a folder, cannot be read or is not UTF-8
    ///   text. What is wrong inside it is no error here: see ``problems``.
    public static func load(path: String, displayPath: String) throws(PlacesError) -> ConfigFile {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return ConfigFile(values: [:], path: nil) }
        guard !isDirectory.boolValue else {
            throw PlacesError(.configuration, "the config file \(displayPath) is a folder; give the path of a file")
        }
        let data: Data
        do {
            // Not FileManager.contents(atPath:), which cannot read /dev/null or a pipe.
            guard let handle = FileHandle(forReadingAtPath: path) else { throw CocoaError(.fileReadNoPermission) }
            defer { try? handle.close() }
            data = try handle.readToEnd() ?? Data()
        } catch {
            throw PlacesError(.configuration, "cannot read the config file \(displayPath); check that it is a file you may read")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw PlacesError(.configuration, "the config file \(displayPath) is not UTF-8 text; save it as UTF-8")
        }
        return parse(text, displayPath: displayPath)
    }
}

/// Something in the config file that could not be read, and what it keeps from being known.
public struct ConfigProblem: Error, Sendable, Equatable {
    /// What a problem keeps from being known.
    public enum Reach: Sendable, Equatable {
        /// One key (`http.deadline`): a line that names it but whose value cannot be read.
        case key(String)
        /// Any key of a section (`http`, or `""` for the top level) that the file does not set
        /// elsewhere: a line in it that names no key.
        case section(String)
        /// Any key the file does not set elsewhere: a section header that cannot be read, or a
        /// file that cannot be read past a line.
        case unset
    }

    /// The line, from 1; nil when the problem is a value's, not a line's.
    public let line: Int?
    /// What is wrong, in the parser's words or ours.
    public let message: String
    /// Which keys the problem leaves unread.
    public let reach: Reach

    /// A problem on `line` (nil: a value's), in `message`, leaving `reach` unread.
    public init(line: Int?, message: String, reach: Reach) {
        self.line = line
        self.message = message
        self.reach = reach
    }

    /// Whether `key` may be what this problem hides; `present` says whether the file sets it
    /// elsewhere (TOML sets each key once, so a key set elsewhere is not this line's).
    func hides(key: String, present: Bool) -> Bool {
        switch reach {
        case .key(let hidden): key == hidden
        case .section(let section): !present && ConfigFile.section(of: key) == section
        case .unset: !present
        }
    }

    /// Whether `[name]` may hold what this problem hides.
    func hides(section name: String) -> Bool {
        switch reach {
        case .key(let hidden): ConfigFile.section(of: hidden) == name || hidden.hasPrefix(name + ".")
        case .section(let section): section == name
        case .unset: true
        }
    }

    /// What could not be known, in words: `center`, `[http] deadline`, `[http]`, `a value after it`.
    public var reachText: String {
        switch reach {
        case .key(let key): ConfigFile.keyText(key)
        case .section(""): "a top-level key such as center"
        case .section(let section): "[\(section)]"
        case .unset: "a key set after it"
        }
    }

    /// What to do.
    var advice: String {
        switch line {
        case nil: "fix it in the config file"
        default: "fix or remove that line (TOML: text goes in quotes, key = \"value\")"
        }
    }
}

/// Where keys and sections are in the file, for messages.
struct ConfigLayout: Sendable {
    /// `section.key` → its line, from 1.
    var keys: [String: Int] = [:]
    /// A section → the line of its header.
    var sections: [String: Int] = [:]
}

extension ConfigFile {
    /// The section of `section.key` (`http` for `http.deadline`), `""` for a top-level key.
    static func section(of key: String) -> String {
        key.lastIndex(of: ".").map { String(key[..<$0]) } ?? ""
    }

    /// `[http] deadline` for `http.deadline`, `center` for a top-level key.
    static func keyText(_ key: String) -> String {
        guard let dot = key.lastIndex(of: ".") else { return key }
        return "[\(key[..<dot])] \(key[key.index(after: dot)...])"
    }
}
