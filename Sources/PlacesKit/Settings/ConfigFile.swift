import Foundation

/// The config file: a small TOML subset (sections, `key = value`, strings, numbers, booleans, `#` comments).
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
public struct ConfigFile: Sendable {
    /// `section.key` → value; top-level keys have no section prefix.
    public private(set) var values: [String: String] = [:]
    /// Where it was read from, for messages; nil when there is no file.
    public let path: String?

    public static let empty = ConfigFile(values: [:], path: nil)

    public func value(_ key: String) -> String? { values[key] }

    /// The keys of `[section]`, without the section's name: `[foursquare] api_key` → `api_key`.
    public func section(_ name: String) -> [String: String] {
        values.filter { $0.key.hasPrefix("\(name).") }.reduce(into: [String: String]()) { $0[String($1.key.dropFirst(name.count + 1))] = $1.value }
    }

    /// Where it came from, for messages: its path, or "the config file".
    public var displayName: String { path ?? "the config file" }

    public init(values: [String: String], path: String?) {
        self.values = values
        self.path = path
    }

    /// Reads the file at `path`; a missing file is an empty config.
    /// - Throws: ``PlacesError`` (configuration) naming the file and line.
    public static func load(path: String, displayPath: String) throws(PlacesError) -> ConfigFile {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return ConfigFile(values: [:], path: nil) }
        guard !isDirectory.boolValue, let data = FileManager.default.contents(atPath: path),
            let text = String(data: data, encoding: .utf8)
        else {
            throw PlacesError(.configuration, "cannot read the config file \(displayPath); check that it is a readable UTF-8 text file")
        }
        return try parse(text, displayPath: displayPath)
    }

    public static func parse(_ text: String, displayPath: String) throws(PlacesError) -> ConfigFile {
        var values: [String: String] = [:]
        var section = ""
        for (number, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = stripComment(String(rawLine)).trimmingCharacters(in: .whitespaces)
            if line.isEmpty { continue }
            func fail(_ problem: String) -> PlacesError {
                PlacesError(.configuration, "\(displayPath):\(number + 1): \(problem)")
            }
            if line.hasPrefix("[") {
                guard line.hasSuffix("]"), line.count > 2 else { throw fail("expected a section such as [foursquare]") }
                section = String(line.dropFirst().dropLast()).trimmingCharacters(in: .whitespaces)
                continue
            }
            guard let equals = line.firstIndex(of: "=") else { throw fail("expected key = value") }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces)
            let rawValue = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) else {
                // Not echoed: a line that is not a key name may well be a pasted secret.
                throw fail("expected key = value, with a key of letters, digits, _ and -")
            }
            guard let value = parseValue(rawValue) else {
                throw fail("the value of \(key) must be a \"quoted string\", a number, true or false")
            }
            values[section.isEmpty ? key : "\(section).\(key)"] = value
        }
        return ConfigFile(values: values, path: displayPath)
    }

    private static func parseValue(_ raw: String) -> String? {
        if raw.hasPrefix("\"") {
            guard raw.count >= 2, raw.hasSuffix("\"") else { return nil }
            var result = ""
            var escaping = false
            for character in raw.dropFirst().dropLast() {
                if escaping {
                    switch character {
                    case "n": result.append("\n")
                    case "t": result.append("\t")
                    default: result.append(character)
                    }
                    escaping = false
                } else if character == "\\" {
                    escaping = true
                } else if character == "\"" {
                    return nil
                } else {
                    result.append(character)
                }
            }
            return escaping ? nil : result
        }
        if raw == "true" || raw == "false" || Double(raw) != nil { return raw }
        return nil
    }

    /// Drops a `#` comment that is not inside a quoted string.
    private static func stripComment(_ line: String) -> String {
        var inString = false
        var previous: Character = " "
        for (offset, character) in line.enumerated() {
            if character == "\"" && previous != "\\" { inString.toggle() }
            if character == "#" && !inString { return String(line.prefix(offset)) }
            previous = character
        }
        return line
    }
}
