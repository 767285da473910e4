import Foundation
import TOMLKit

extension ConfigFile {
    /// How many unreadable lines are set aside before the rest of the file is given up on.
    static let problemLimit = 20

    /// Reads `text` as TOML. Never fails: a line the parser stops at is set aside as a
    /// ``ConfigProblem`` and the rest is read again without it, so that one bad line hides only
    /// what it could have set.
    public static func parse(_ text: String, displayPath: String) -> ConfigFile {
        var lines = TOMLLines(text)
        var problems: [ConfigProblem] = []
        // The C parser reads up to a NUL; a line holding one is set aside first.
        for index in lines.texts.indices where lines.texts[index].contains("\0") {
            problems.append(lines.setAside(index, message: "a NUL character is not text"))
        }
        while true {
            let table: TOMLTable
            do {
                table = try TOMLTable(string: lines.document)
            } catch {
                let parseError = error as? TOMLParseError
                let line = parseError?.source.begin.line ?? 0
                let words = parseError.map(Self.words) ?? "not TOML"
                let index = line - 1
                // A string or array left open runs to the end of the file: no one line to set aside.
                guard lines.texts.indices.contains(index), !lines.asideLines.contains(index), !words.contains("end-of-file"),
                    problems.count < problemLimit
                else {
                    let (before, stop) = lines.longestReadablePrefix(upTo: min(max(index, 0), lines.texts.count))
                    problems.append(ConfigProblem(line: stop + 1, message: words, reach: .unset))
                    return ConfigFile(lines: lines, table: before, path: displayPath, problems: problems)
                }
                problems.append(lines.setAside(index, message: Self.message(words, line: lines.texts[index])))
                continue
            }
            return ConfigFile(lines: lines, table: table, path: displayPath, problems: problems)
        }
    }

    /// What is wrong with `line`: a word where a value should be said as a setting's value, else the parser's words.
    static func message(_ words: String, line: String) -> String {
        guard let key = TOMLLines.key(line), let equals = line.firstIndex(of: "=") else { return words }
        let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        let bareWord = value.first.map { $0.isLetter } ?? true
        let literal = ["true", "false", "inf", "nan"].contains { value.hasPrefix($0) }
        if bareWord && !literal { return "the value of \(key) must be a \"quoted string\", a number, true or false" }
        return "\(key): \(words)"
    }

    private init(lines: TOMLLines, table: TOMLTable, path: String, problems: [ConfigProblem]) {
        var values: [String: String] = [:]
        var problems = problems
        Self.flatten(table, prefix: "", lines: lines, into: &values, problems: &problems)
        self.init(values: values, path: path, problems: problems.sorted { ($0.line ?? .max) < ($1.line ?? .max) }, layout: lines.layout)
    }

    /// Tables become `section.key`; strings, numbers and booleans their text; anything else a problem
    /// of its key (no setting takes a list or a date).
    private static func flatten(
        _ table: TOMLTable, prefix: String, lines: TOMLLines, into values: inout [String: String], problems: inout [ConfigProblem]
    ) {
        for (key, value) in table where !key.hasPrefix(TOMLLines.asideMark) {
            let name = prefix + key
            switch value.type {
            case .table:
                if let inner = value.table { flatten(inner, prefix: name + ".", lines: lines, into: &values, problems: &problems) }
            case .string: values[name] = value.string
            case .int: values[name] = value.int.map { String($0) }
            case .double: values[name] = value.double.map { String($0) }
            case .bool: values[name] = value.bool.map { String($0) }
            case .array, .date, .time, .dateTime:
                problems.append(
                    ConfigProblem(
                        line: lines.layout.keys[name], message: "\(keyText(name)) must be a \"quoted string\", a number, true or false",
                        reach: .key(name)))
            }
        }
    }

    /// toml++'s words, without its "Error while parsing …:" preamble when there is more after it.
    static func words(_ error: TOMLParseError) -> String {
        var text = error.description.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.hasPrefix("Error while parsing "), let colon = text.firstIndex(of: ":") {
            let what = text[text.index(text.startIndex, offsetBy: "Error while parsing ".count)..<colon]
            let rest = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if !rest.isEmpty { text = "\(what): \(rest)" }
        }
        return text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}

/// The lines of a config file as the parser is given them: those set aside are blank, and a
/// section header set aside opens a section of its own, so that the keys under it do not join the
/// section before it.
struct TOMLLines {
    /// Begins the names of the sections that stand in for headers set aside: a control character,
    /// which no section of a hand-written file has.
    static let asideMark = "\u{1}"

    private(set) var texts: [String]
    /// Set aside: blank, or a header of a section of its own.
    private(set) var asideLines: Set<Int> = []
    /// For a header set aside, the section it names, or nil when that cannot be told.
    private var asideSections: [Int: String?] = [:]

    init(_ text: String) {
        texts = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    var document: String { texts.joined(separator: "\n") }

    /// The table of the most lines before `end` that read as TOML, and how many lines that is.
    func longestReadablePrefix(upTo end: Int) -> (TOMLTable, Int) {
        for stop in stride(from: end, to: 0, by: -1) {
            if let table = try? TOMLTable(string: texts.prefix(stop).joined(separator: "\n")) { return (table, stop) }
        }
        return (TOMLTable(), 0)
    }

    /// Sets line `index` aside as a problem reaching what it could have set.
    mutating func setAside(_ index: Int, message: String) -> ConfigProblem {
        let original = texts[index]
        let reach: ConfigProblem.Reach
        if original.trimmingCharacters(in: .whitespaces).hasPrefix("[") {
            let named = Self.headerName(original)
            reach = named.map { .section($0) } ?? .unset
            asideSections[index] = .some(named)
            texts[index] = "[\"\\u0001\(index)\"]"
        } else {
            let section = section(before: index)
            if let section, let key = Self.key(original) {
                reach = .key(section.isEmpty ? key : "\(section).\(key)")
            } else {
                reach = section.map { .section($0) } ?? .unset
            }
            texts[index] = ""
        }
        asideLines.insert(index)
        return ConfigProblem(line: index + 1, message: message, reach: reach)
    }

    /// The section line `index` is in: `""` at the top, nil under a header that could not be read.
    func section(before index: Int) -> String? {
        var section: String? = ""
        for line in 0..<index {
            if asideLines.contains(line) {
                if let named = asideSections[line] { section = named }
                continue
            }
            if let name = Self.headerName(texts[line], strict: true) { section = name }
        }
        return section
    }

    /// The line of each key and section header, as far as a look at the lines can tell.
    var layout: ConfigLayout {
        var layout = ConfigLayout()
        var section = ""
        for (index, text) in texts.enumerated() {
            if asideLines.contains(index) {
                // A header set aside opens a section of its own, whose keys are nobody's.
                if !text.isEmpty { section = Self.asideMark }
            } else if let name = Self.headerName(text, strict: true) {
                section = name
                if layout.sections[name] == nil { layout.sections[name] = index + 1 }
            } else if let name = Self.key(text), !section.hasPrefix(Self.asideMark) {
                let key = section.isEmpty ? name : "\(section).\(name)"
                if layout.keys[key] == nil { layout.keys[key] = index + 1 }
            }
        }
        return layout
    }

    /// `http` for `[http]`, `a.b` for `[ a . "b" ]`, `feeds` for `[[feeds]]`. Not strict: whatever
    /// a broken header (`[htpp`, `[http] x`) names, when it is a key.
    static func headerName(_ line: String, strict: Bool = false) -> String? {
        var rest = Substring(line.trimmingCharacters(in: .whitespaces))
        guard rest.hasPrefix("[") else { return nil }
        rest = rest.drop { $0 == "[" }
        guard let (name, after) = keyPath(rest) else { return nil }
        if strict {
            let tail = after.drop { $0 == "]" }.trimmingCharacters(in: .whitespaces)
            guard after.hasPrefix("]"), tail.isEmpty || tail.hasPrefix("#") else { return nil }
        }
        return name
    }

    /// The key a `key = value` line names (`api_key`, `http.mode`), whatever follows the `=`.
    static func key(_ line: String) -> String? {
        guard let (name, after) = keyPath(Substring(line)), after.hasPrefix("=") else { return nil }
        return name
    }

    /// A dotted key of bare and quoted parts at the start of `text` (spaces around it skipped),
    /// and what follows it.
    private static func keyPath(_ text: Substring) -> (String, Substring)? {
        var rest = text.drop { $0 == " " || $0 == "\t" }
        var parts: [String] = []
        while true {
            if let quote = rest.first, quote == "\"" || quote == "'" {
                guard let end = rest.dropFirst().firstIndex(of: quote) else { return nil }
                parts.append(String(rest[rest.index(after: rest.startIndex)..<end]))
                rest = rest[rest.index(after: end)...]
            } else {
                let bare = rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
                guard !bare.isEmpty else { return nil }
                parts.append(String(bare))
                rest = rest.dropFirst(bare.count)
            }
            rest = rest.drop { $0 == " " || $0 == "\t" }
            guard rest.hasPrefix(".") else { return (parts.joined(separator: "."), rest) }
            rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" }
        }
    }
}
