import Foundation
import HTTPTypes
public import PlacesKit

/// A request's query parameters, read into the library's types with the CLI's words for what is
/// wrong: `near '52.37,' is not LAT,LON`, as `places coffee --near 52.37,` says it with `--near`.
///
/// Names are the CLI's option names (`max-walk`, `open-now`), so the same name appears in the
/// command line, the URL and the message. A parameter the endpoint does not take is an error too:
/// a typo (`maxwalk`) must not be silently ignored.
public struct QueryParameters: Sendable {
    private var values: [(name: String, value: String)] = []

    /// - Throws: ``Problem`` (400) for text that is not percent-encoded correctly.
    public init(_ query: String?) throws(Problem) {
        guard let query, !query.isEmpty else { return }
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = try Self.decode(parts[0], in: pair)
            let value = parts.count > 1 ? try Self.decode(parts[1], in: pair) : ""
            values.append((name, value))
        }
    }

    /// Form encoding: `+` is a space, `%XX` a byte of UTF-8.
    /// Decoded byte by byte: every request is parsed, and Foundation's replacing and percent
    /// decoding were a tenth of what answering `/v1/complete` cost.
    private static func decode(_ text: Substring, in pair: Substring) throws(Problem) -> String {
        let utf8 = text.utf8
        guard utf8.contains(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "%") }) else { return String(text) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%") {
                let high = utf8.index(after: index)
                guard high != utf8.endIndex, utf8.index(after: high) != utf8.endIndex,
                    let upper = hexValue(utf8[high]), let lower = hexValue(utf8[utf8.index(after: high)])
                else { throw notEncoded(pair) }
                bytes.append(upper << 4 | lower)
                index = utf8.index(high, offsetBy: 2)
                continue
            }
            bytes.append(byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            index = utf8.index(after: index)
        }
        guard let decoded = String(validating: bytes, as: UTF8.self) else { throw notEncoded(pair) }
        return decoded
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private static func notEncoded(_ pair: Substring) -> Problem {
        Problem(.badRequest, "bad-request", "'\(pair)' is not percent-encoded correctly; encode the query as a form (RFC 3986)")
    }

    /// Refuses any parameter not in `known`, naming those that are.
    public func only(_ known: [String]) throws(Problem) {
        for (name, _) in values where !known.contains(name) {
            let list = known.isEmpty ? "none" : known.joined(separator: ", ")
            throw Problem.parameter(name, "is not a parameter of this endpoint; it takes \(list)")
        }
    }

    /// The last value given for `name`.
    public func string(_ name: String) -> String? { values.last { $0.name == name }?.value }

    /// Every value of a repeatable parameter, commas splitting them as on the command line.
    public func list(_ name: String) -> [String] {
        values.filter { $0.name == name }.flatMap { $0.value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
            .filter { !$0.isEmpty }
    }

    /// The last value given for `name`.
    /// - Throws: ``Problem`` (400) when it is missing or blank; the message shows `name=example`.
    public func required(_ name: String, example: String) throws(Problem) -> String {
        guard let value = string(name), !value.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw Problem.parameter(name, "is required, e.g. \(name)=\(example)")
        }
        return value
    }

    /// Typed text (a completion, a search): at most `maximum` characters, as `/openapi.json` says.
    public func text(_ name: String, example: String, maximum: Int = 200) throws(Problem) -> String {
        let value = try required(name, example: example)
        guard value.count <= maximum else { throw Problem.parameter(name, "is \(value.count) characters; send at most \(maximum)") }
        return value
    }

    /// A whole number; its range is the flow's to check, in the flow's words.
    public func int(_ name: String, default fallback: Int) throws(Problem) -> Int {
        guard let text = string(name) else { return fallback }
        guard let value = Int(text.trimmingCharacters(in: .whitespaces)) else { throw Problem.parameter(name, "'\(text)' is not a whole number") }
        return value
    }

    /// A finite number; nil when the parameter is not given.
    /// - Throws: ``Problem`` (400) for text that is not one.
    public func double(_ name: String) throws(Problem) -> Double? {
        guard let text = string(name) else { return nil }
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite else {
            throw Problem.parameter(name, "'\(text)' is not a number")
        }
        return value
    }

    /// A flag: present (`open-now`, `open-now=true`, `=1`) or not (`=false`, `=0`).
    public func flag(_ name: String) throws(Problem) -> Bool {
        guard let text = string(name) else { return false }
        switch text {
        case "", "true", "1", "yes": return true
        case "false", "0", "no": return false
        default: throw Problem.parameter(name, "'\(text)' must be true or false")
        }
    }

    /// `LAT,LON` or the name of a place, as `--near` takes it; nil when the parameter is not given.
    /// - Throws: ``Problem`` (400) for text that only looks like a coordinate (`52.37,`), or a name that is empty,
    ///   too long or has control characters.
    public func position(_ name: String) throws(Problem) -> PositionInput? {
        guard let text = string(name) else { return nil }
        do { return try PositionInput(parsing: text) } catch { throw Problem.parameter(name, error.message) }
    }

    /// `LAT,LON` in decimal degrees; nil when the parameter is not given.
    /// - Throws: ``Problem`` (400) for anything else.
    public func coordinate(_ name: String) throws(Problem) -> Coordinate? {
        guard let text = string(name) else { return nil }
        do { return try Coordinate(parsing: text) } catch { throw Problem.parameter(name, error.description) }
    }

    /// A time; a bare number is minutes where `bare` allows it, as the CLI's option does.
    public func time(_ name: String, bare: Bool, units: [String] = ["s", "m"]) throws(Problem) -> StatedDuration? {
        guard let text = string(name) else { return nil }
        do { return try StatedDuration.parse(text, bare: bare, units: units) } catch { throw Problem.parameter(name, error.message) }
    }

    /// A distance as the CLI takes it (`800`, `800m`, `1.2km`; a bare number is metres); nil when the parameter is not given.
    /// - Throws: ``Problem`` (400) for text that is not one.
    public func distance(_ name: String) throws(Problem) -> Distance? {
        guard let text = string(name) else { return nil }
        do { return try Distance.parse(text) } catch { throw Problem.parameter(name, error.message) }
    }

    /// One of `choices`.
    public func choice(_ name: String, _ choices: [String], default fallback: String) throws(Problem) -> String {
        guard let text = string(name) else { return fallback }
        guard choices.contains(text) else { throw Problem.parameter(name, "'\(text)' must be \(Self.alternatives(choices))") }
        return text
    }

    static func alternatives(_ names: [String]) -> String {
        names.count > 1 ? names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "") : names.joined()
    }
}
