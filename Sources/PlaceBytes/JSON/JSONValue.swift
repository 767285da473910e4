/// A JSON document that keeps what Foundation's parser throws away: the order of object keys
/// and numbers exactly as written. Cassettes rely on both, so that a replayed body is the bytes
/// that were recorded and a re-written file diffs cleanly against the old one.
public enum JSONValue: Sendable, Equatable {
    /// JSON's `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// The literal as written (`52.3706211`, `1e3`), so no precision is lost in a round trip.
    case number(String)
    /// A string, its escapes undone.
    case string(String)
    /// An array, its elements in order.
    case array([JSONValue])
    /// An object, its members in the order they were written.
    case object(JSONObject)

    /// A number for `value`: without a fraction when it is whole and below 10¹⁵ in size (`3`, not `3.0`),
    /// otherwise as Swift prints it. NaN and infinity, which JSON has no way to write, are `null`.
    public init(_ value: Double) {
        if !value.isFinite {
            self = .null
        } else if value.rounded() == value && abs(value) < 1e15 {
            self = .number(String(Int64(value)))
        } else {
            self = .number("\(value)")
        }
    }

    /// A number holding `value` in decimal digits.
    public init(_ value: Int) { self = .number(String(value)) }

    /// The value of the first member named `key` when this is an object; nil when there is none or this is not an object.
    public subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// The string, when this is one; nil for any other type.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The number as a `Double`, when this is one; nil for any other type.
    public var doubleValue: Double? {
        if case .number(let literal) = self { return Double(literal) }
        return nil
    }

    /// The number as an `Int` when it is whole and fits (`3`, `3.0`, `3e2`); nil for a fraction or any other type.
    public var intValue: Int? {
        if case .number(let literal) = self { return Int(literal) ?? Double(literal).flatMap { Int(exactly: $0) } }
        return nil
    }

    /// The boolean, when this is one; nil for any other type.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The elements, when this is an array; nil for any other type.
    public var arrayValue: [JSONValue]? {
        if case .array(let values) = self { return values }
        return nil
    }

    /// The object, when this is one; nil for any other type.
    public var objectValue: JSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    /// The name of this value's JSON type, for error messages ("expected a string, found an array").
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// A JSON object: members in the order they were written or added.
public struct JSONObject: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    /// One `"key": value` pair of an object.
    public struct Member: Sendable, Equatable {
        /// The member's name, its escapes undone.
        public var key: String
        /// The member's value.
        public var value: JSONValue

        /// A member named `key` holding `value`.
        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// The members in order; a key may appear more than once, as in the text that was parsed.
    public var members: [Member]

    /// An object of `members`, in the order given; empty by default.
    public init(_ members: [Member] = []) { self.members = members }

    /// An object of the literal's members, in the order written.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        members = elements.map { Member(key: $0.0, value: $0.1) }
    }

    /// The value of the first member named `key`; setting appends a new key or replaces the value in place.
    public subscript(key: String) -> JSONValue? {
        get { members.first(where: { $0.key == key })?.value }
        set {
            if let index = members.firstIndex(where: { $0.key == key }) {
                if let newValue { members[index].value = newValue } else { members.remove(at: index) }
            } else if let newValue {
                members.append(Member(key: key, value: newValue))
            }
        }
    }

    /// The member names in order.
    public var keys: [String] { members.map(\.key) }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByNilLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByIntegerLiteral
{
    /// A string holding the literal.
    public init(stringLiteral value: String) { self = .string(value) }
    /// `true` or `false`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// JSON's `null`.
    public init(nilLiteral: ()) { self = .null }
    /// An array of the literal's elements.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// A number holding the literal in decimal digits.
    public init(integerLiteral value: Int) { self = .number(String(value)) }
    /// An object of the literal's members, in the order written.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements.map { JSONObject.Member(key: $0.0, value: $0.1) }))
    }
}
