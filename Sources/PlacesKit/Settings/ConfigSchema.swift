/// The sections and keys a config file may hold, so that a misspelt one (`centre`, `[htpp]`) is
/// said rather than silently ignored.
public struct ConfigSchema: Sendable {
    /// Section → its keys; `""` is the top level. A section mapped to nil takes any key (`[feeds]`
    /// names feeds, `[plugins]` names plugins).
    public private(set) var sections: [String: Set<String>?]

    /// A schema of `sections` (section → its keys; nil takes any key).
    public init(_ sections: [String: Set<String>?]) { self.sections = sections }

    /// Adds a section (an app's own provider's), or keys to one.
    public mutating func add(section: String, keys: Set<String>?) {
        if let existing = sections[section], let existing, let keys {
            sections[section] = existing.union(keys)
        } else {
            sections[section] = .some(keys)
        }
    }

    /// What places and places serve read.
    public static let places = ConfigSchema([
        "": ["center"],
        "http": ["mode", "deadline", "contact", "cache"],
        "foursquare": ["api_key", "endpoint"],
        "google": ["api_key", "endpoint"],
        "osm": ["endpoint"],
        "amsterdam-garages": ["endpoint"],
        "osrm": ["endpoint"],
        "photon": ["endpoint"],
        "feed": ["url", "file"],
        "feeds": nil,
        "plugins": nil,
        "serve": ["listen", "rate_limit", "rate_burst", "max_body", "open_search"],
    ])
}

/// A key or section the schema does not know, with the known one it is closest to.
public struct ConfigUnknownKey: Sendable, Equatable {
    /// `centre`, or `htpp` for a whole section.
    public let name: String
    /// The section it is in (`""` at the top); nil when ``name`` is a section.
    public let section: String?
    /// What it is likely a misspelling of: `center`, `[http]`, `[http] deadline`.
    public let suggestion: String?
    /// Its line, when a look at the lines can tell.
    public let line: Int?
}

extension ConfigFile {
    /// The keys and sections of the file that `schema` does not know, sorted by line.
    public func unknownKeys(_ schema: ConfigSchema = .places) -> [ConfigUnknownKey] {
        var found: [ConfigUnknownKey] = []
        let sections = Set(values.keys.map(Self.section(of:))).union(layout.sections.keys)
        for section in sections.sorted() where schema.sections[section] == nil {
            let closest = Self.closest(section, among: schema.sections.keys.filter { !$0.isEmpty })
            found.append(ConfigUnknownKey(name: section, section: nil, suggestion: closest.map { "[\($0)]" }, line: layout.sections[section]))
        }
        for key in values.keys.sorted() {
            let section = Self.section(of: key)
            let name = section.isEmpty ? key : String(key.dropFirst(section.count + 1))
            guard let known = schema.sections[section], let known, !known.contains(name) else { continue }
            var suggestion = Self.closest(name, among: known).map { section.isEmpty ? $0 : "[\(section)] \($0)" }
            if suggestion == nil {
                // A key of another section (`deadline` at the top): the section it belongs in.
                let elsewhere = schema.sections.filter { $0.value?.contains(name) == true }.keys.sorted()
                suggestion = elsewhere.first.map { $0.isEmpty ? name : "[\($0)] \(name)" }
            }
            found.append(ConfigUnknownKey(name: name, section: section, suggestion: suggestion, line: layout.keys[key]))
        }
        return found.sorted { ($0.line ?? .max, $0.name) < ($1.line ?? .max, $1.name) }
    }

    /// One line for each thing a command that ran anyway should know: each line that could not
    /// be read, and each key or section `schema` does not know.
    public func warnings(_ schema: ConfigSchema = .places) -> [String] {
        let broken = problems.map { problem in
            "\(displayName)\(problem.line.map { ":\($0)" } ?? ""): \(problem.message); not read (a command that needs \(problem.reachText) stops with exit 78 until it is fixed)"
        }
        let unknown = unknownKeys(schema).map { key in
            let what = key.section.map { $0.isEmpty ? "key '\(key.name)'" : "key '\(key.name)' in [\($0)]" } ?? "section [\(key.name)]"
            return "\(displayName)\(key.line.map { ":\($0)" } ?? ""): unknown \(what), ignored"
                + (key.suggestion.map { "; did you mean \($0)?" } ?? "")
        }
        return broken + unknown
    }

    /// The candidate within a small edit distance of `name` (one edit for short names, two from
    /// six letters), the closest first; nil when none is.
    static func closest(_ name: String, among candidates: some Sequence<String>) -> String? {
        let limit = name.count >= 6 ? 2 : 1
        let scored = candidates.map { (candidate: $0, distance: editDistance(name.lowercased(), $0)) }
        return scored.filter { $0.distance <= limit }.min { ($0.distance, $0.candidate) < ($1.distance, $1.candidate) }?.candidate
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and swaps of two
    /// neighbouring characters each count one (`centre` → `center` is one swap).
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], before[j - 2] + 1)
                }
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
