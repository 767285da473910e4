import Foundation
import ArgumentParser
import PlacesKit

/// What an option's text could not be: its own words, shown after the option's name.
struct ArgumentProblem: Error, CustomStringConvertible {
    let description: String
}

/// Option values parsed once, by the argument parser, into the library's types.
enum Parse {
    static func position(_ text: String) throws -> PositionInput {
        do { return try PositionInput(parsing: text) } catch { throw ArgumentProblem(description: error.message) }
    }

    /// A time; a bare number is minutes where `bare` allows it, refused elsewhere.
    /// - Parameter units: the units the option's messages suggest.
    static func time(bare: Bool, units: [String] = ["s", "m"]) -> @Sendable (String) throws -> StatedDuration {
        { text in
            do throws(PlacesError) { return try StatedDuration.parse(text, bare: bare, units: units) } catch {
                throw ArgumentProblem(description: error.message)
            }
        }
    }

    static func deadline(_ text: String) throws -> StatedDuration {
        guard let time = StatedDuration(parsing: text, bareUnit: nil) else {
            throw ArgumentProblem(description: StatedDuration.problem(text, bareAllowed: false, units: ["s", "ms"]))
        }
        guard PlacesSettings.acceptableDeadline(time.seconds) else {
            throw ArgumentProblem(description: "'\(text)' must be a time from 10 ms to 1 hour, such as 10s or 2.5s")
        }
        return time
    }

    static func distance(_ text: String) throws -> Distance {
        do throws(PlacesError) { return try Distance.parse(text) } catch { throw ArgumentProblem(description: error.message) }
    }

    /// `a,b` and repeated options alike.
    static func list(_ values: [String]) -> [String] {
        values.flatMap { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } }.filter { !$0.isEmpty }
    }
}

extension Terminal.ColorChoice: ExpressibleByArgument {}

extension Parse {
    /// One of an enumeration's names; otherwise "'x' is not a NOUN; use one of …".
    static func choice<T: CaseIterable & RawRepresentable & Sendable>(_ type: T.Type, noun: String) -> @Sendable (String) throws -> T
    where T.RawValue == String {
        // The values by name, made before: the closure holds them rather than the type.
        let byName = Dictionary(T.allCases.map { ($0.rawValue, $0) }, uniquingKeysWith: { first, _ in first })
        let names = T.allCases.map(\.rawValue).joined(separator: ", ")
        return { text in
            guard let value = byName[text] else {
                throw ArgumentProblem(description: "'\(text)' is not a \(noun); use one of \(names)")
            }
            return value
        }
    }
}

extension PlacesError {
    /// The error as the argument parser's own kind, so that a bad value found by the library's
    /// checks ends as every other usage error does (exit 64, a pointer to --help).
    static func validating(_ body: () throws -> Void) throws {
        do { try body() } catch let error as PlacesError where error.kind == .usage {
            throw ValidationError(CLIWording.wording.line(error))
        }
    }
}
