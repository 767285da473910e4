/// A field of a JSON document whose shape is not what the reader expected.
package struct JSONShapeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Where: `results[3].rating`.
    package let path: String
    /// What was wanted ("a number"), or nil when the field is missing.
    package let expected: String?
    /// What was there ("a string").
    package let found: String?

    package init(path: String, expected: String?, found: String?) {
        self.path = path
        self.expected = expected
        self.found = found
    }

    package var description: String {
        let place = path.isEmpty ? "the answer" : path
        guard let expected else { return "\(place) is missing" }
        return "\(place): expected \(expected), found \(found ?? "nothing")"
    }
}

/// Reads a parsed JSON document field by field, remembering the path so that a field of the wrong
/// shape is named exactly: `results[3].rating: expected a number, found a string`.
///
/// Providers read API answers with it instead of `Codable`: the answer was already parsed once
/// (a cassette is JSON too), and a cold-started command cannot spare Codable's first-use cost.
package struct JSONCursor: Sendable {
    package let value: JSONValue
    package let path: String

    package init(_ value: JSONValue, path: String = "") {
        self.value = value
        self.path = path
    }

    /// The member `key`, or nil when it is absent or null ("unknown", as APIs use null).
    package subscript(key: String) -> JSONCursor? {
        guard case .object(let object) = value, let member = object[key], member != .null else { return nil }
        return JSONCursor(member, path: path.isEmpty ? key : "\(path).\(key)")
    }

    /// The member `key`; absent or null is an error.
    package func member(_ key: String) throws(JSONShapeError) -> JSONCursor {
        guard case .object = value else { throw mismatch("an object") }
        guard let member = self[key] else {
            throw JSONShapeError(path: path.isEmpty ? key : "\(path).\(key)", expected: nil, found: nil)
        }
        return member
    }

    package func string() throws(JSONShapeError) -> String {
        guard case .string(let text) = value else { throw mismatch("a string") }
        return text
    }

    /// A finite number: `1e999` is valid JSON but no usable distance, and an `Int` made of it traps.
    package func double() throws(JSONShapeError) -> Double {
        guard case .number(let literal) = value, let number = Double(literal), number.isFinite else { throw mismatch("a number") }
        return number
    }

    /// A number within `range` (a distance, a duration), so that nonsense from an API is an error here
    /// rather than a figure later.
    package func double(in range: ClosedRange<Double>) throws(JSONShapeError) -> Double {
        let number = try double()
        guard range.contains(number) else { throw mismatch("a number from \(range.lowerBound) to \(range.upperBound)") }
        return number
    }

    package func int() throws(JSONShapeError) -> Int {
        guard case .number(let literal) = value, let number = Int(literal) ?? Double(literal).flatMap({ Int(exactly: $0) }) else {
            throw mismatch("a whole number")
        }
        return number
    }

    package func int64() throws(JSONShapeError) -> Int64 {
        guard case .number(let literal) = value, let number = Int64(literal) else { throw mismatch("a whole number") }
        return number
    }

    package func bool() throws(JSONShapeError) -> Bool {
        guard case .bool(let flag) = value else { throw mismatch("true or false") }
        return flag
    }

    package func array() throws(JSONShapeError) -> [JSONCursor] {
        guard case .array(let values) = value else { throw mismatch("an array") }
        return values.enumerated().map { JSONCursor($0.element, path: "\(path)[\($0.offset)]") }
    }

    /// An object whose values are all strings, such as OpenStreetMap tags.
    package func stringDictionary() throws(JSONShapeError) -> [String: String] {
        guard case .object(let object) = value else { throw mismatch("an object") }
        var result: [String: String] = [:]
        result.reserveCapacity(object.members.count)
        for member in object.members {
            guard case .string(let text) = member.value else {
                throw JSONShapeError(path: "\(path).\(member.key)", expected: "a string", found: member.value.typeName)
            }
            result[member.key] = text
        }
        return result
    }

    private func mismatch(_ expected: String) -> JSONShapeError {
        JSONShapeError(path: path, expected: expected, found: value.typeName)
    }
}
