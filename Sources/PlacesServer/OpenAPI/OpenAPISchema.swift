import PlaceBytes
import PlacesKit

/// Small builders for JSON Schema (2020-12, as OpenAPI 3.1 uses it), so that the document reads as
/// the shapes it describes.
enum Schema {
    static let string: JSONValue = ["type": "string"]
    static let number: JSONValue = ["type": "number"]
    static let integer: JSONValue = ["type": "integer"]
    static let boolean: JSONValue = ["type": "boolean"]
    static let dateTime: JSONValue = ["type": "string", "format": "date-time"]
    /// Any JSON object (what a document only echoes, such as a query).
    static let anyObject: JSONValue = ["type": "object"]

    static func ref(_ name: String) -> JSONValue { ["$ref": .string("#/components/schemas/\(name)")] }

    static func array(_ items: JSONValue) -> JSONValue { ["type": "array", "items": items] }

    /// `schema` or null.
    static func nullable(_ schema: JSONValue) -> JSONValue {
        if case .string(let type)? = schema["type"], case .object(var object) = schema {
            object["type"] = [.string(type), "null"]
            return .object(object)
        }
        return ["anyOf": [schema, ["type": "null"]]]
    }

    static func enumeration(_ values: [String]) -> JSONValue { ["type": "string", "enum": .array(values.map { .string($0) })] }

    /// An object with exactly these members: `required` lists those always present (all unless said).
    static func object(_ properties: [(String, JSONValue)], optional: Set<String> = [], closed: Bool = true) -> JSONValue {
        var object: JSONObject = [
            "type": "object",
            "properties": .object(JSONObject(properties.map { JSONObject.Member(key: $0.0, value: $0.1) })),
            "required": .array(properties.map(\.0).filter { !optional.contains($0) }.map { .string($0) }),
        ]
        if closed { object["additionalProperties"] = false }
        return .object(object)
    }

    /// `base` (an object schema) with members removed and added: how the documents of parking and
    /// recommendations derive from coffee's.
    static func derived(_ base: [(String, JSONValue)], removing: Set<String>, adding: [(String, JSONValue)], optional: Set<String> = []) -> JSONValue
    {
        object(base.filter { !removing.contains($0.0) } + adding, optional: optional)
    }
}
