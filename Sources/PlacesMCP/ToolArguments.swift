import Foundation
import MCP
import PlaceCore
import PlacesKit

/// A tool call's arguments, read with the checks and the words of the CLI's options: a wrong
/// value is said as the CLI says it, with the argument's name.
struct ToolArguments {
    struct Problem: Error {
        let message: String
    }

    let values: [String: Value]

    init(_ values: [String: Value]) { self.values = values }

    func optionalString(_ name: String) throws(Problem) -> String? {
        guard let value = values[name], !value.isNull else { return nil }
        guard let text = value.stringValue else { throw Problem(message: "\(name) must be a string, not \(value)") }
        guard text.utf8.count <= 1_000 else { throw Problem(message: "\(name) is longer than 1,000 bytes") }
        return text
    }

    func string(_ name: String) throws(Problem) -> String {
        guard let text = try optionalString(name), !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw Problem(message: "\(name) is required")
        }
        return text
    }

    func int(_ name: String, default fallback: Int, range: ClosedRange<Int>) throws(Problem) -> Int {
        guard let value = values[name], !value.isNull else { return fallback }
        let number: Int? = value.intValue ?? value.doubleValue.flatMap { $0 == $0.rounded() && abs($0) < 1e9 ? Int($0) : nil }
        guard let number else { throw Problem(message: "\(name) must be a whole number, not \(value)") }
        guard range.contains(number) else {
            throw Problem(message: "\(name) must be between \(range.lowerBound) and \(range.upperBound), not \(number)")
        }
        return number
    }

    func bool(_ name: String, default fallback: Bool) throws(Problem) -> Bool {
        guard let value = values[name], !value.isNull else { return fallback }
        guard let flag = value.boolValue else { throw Problem(message: "\(name) must be true or false, not \(value)") }
        return flag
    }

    func choice(_ name: String, _ choices: [String], default fallback: String) throws(Problem) -> String {
        guard let text = try optionalString(name) else { return fallback }
        guard choices.contains(text) else { throw Problem(message: "\(name) '\(text)' must be \(choices.joined(separator: " or "))") }
        return text
    }

    /// LAT,LON or a place's name, as `--near` takes it.
    func position(_ name: String) throws(Problem) -> PositionInput? {
        guard let text = try optionalString(name) else { return nil }
        do { return try PositionInput(parsing: text) } catch { throw Problem(message: MCPWording.wording.line(error)) }
    }

    func coordinate(_ name: String) throws(Problem) -> Coordinate? {
        guard let text = try optionalString(name) else { return nil }
        do { return try Coordinate(parsing: text) } catch { throw Problem(message: "\(name) \(error.description)") }
    }

    /// A position given as two numbers.
    func requiredCoordinate(_ latitude: String, _ longitude: String) throws(Problem) -> Coordinate {
        guard let lat = values[latitude]?.doubleValue ?? values[latitude]?.intValue.map(Double.init),
            let lon = values[longitude]?.doubleValue ?? values[longitude]?.intValue.map(Double.init)
        else { throw Problem(message: "\(latitude) and \(longitude) are required numbers, e.g. 52.3731 and 4.8926") }
        do { return try Coordinate(latitude: lat, longitude: lon) } catch { throw Problem(message: "\(latitude),\(longitude) \(error.description)") }
    }

    /// A time as `--max-walk` takes it: 15 (minutes), 10m, 1h.
    func time(_ name: String, default fallback: StatedDuration) throws(Problem) -> StatedDuration {
        guard let value = values[name], !value.isNull else { return fallback }
        let text = value.stringValue ?? value.intValue.map(String.init) ?? value.doubleValue.map { String($0) }
        guard let text else { throw Problem(message: "\(name) must be a time such as 15, 10m or 1h, not \(value)") }
        do { return try StatedDuration.parse(text, bare: true, units: ["m", "h"]) } catch { throw Problem(message: MCPWording.wording.line(error)) }
    }
}

/// Remedies and parameters in an assistant's terms: the tools' argument names, no CLI flags.
enum MCPWording {
    static let wording = Wording(remedy: { $0.description }, parameter: { $0.replacingOccurrences(of: "-", with: "_") })
}
