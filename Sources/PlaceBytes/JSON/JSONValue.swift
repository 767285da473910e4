/// A JSON document that keeps what Foundation's parser throws away: the order of object keys
/// and numbers exactly as written. Cassettes rely on both, so that a replayed body is the bytes
/// that were recorded and a re-written file diffs cleanly against the old one.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// The literal as written (`52.3706211`, `1e3`), so no precision is lost in a round trip.
    case number(String)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    public init(_ value: Double) {
        if value.rounded() == value && abs(value) < 1e15 {
            self = .number(String(Int64(value)))
        } else {
            self = .number("\(value)")
        }
    }

    public init(_ value: Int) { self = .number(String(value)) }

    public subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public var doubleValue: Double? {
        if case .number(let literal) = self { return Double(literal) }
        return nil
    }

    public var intValue: Int? {
        if case .number(let literal) = self { return Int(literal) ?? Double(literal).flatMap { Int(exactly: $0) } }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let values) = self { return values }
        return nil
    }

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
    public struct Member: Sendable, Equatable {
        public var key: String
        public var value: JSONValue

        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    public var members: [Member]

    public init(_ members: [Member] = []) { self.members = members }

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

    public var keys: [String] { members.map(\.key) }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByNilLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByIntegerLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(nilLiteral: ()) { self = .null }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(integerLiteral value: Int) { self = .number(String(value)) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements.map { JSONObject.Member(key: $0.0, value: $0.1) }))
    }
}
