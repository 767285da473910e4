import PlaceBytes
import PlacesKit

/// The part of JSON Schema 2020-12 that `/openapi.json` uses: `$ref`, `anyOf`, `type` (one or a
/// list), `enum`, `properties`, `required`, `additionalProperties: false`, `items`. Enough to tell
/// when a response has a member the document does not list, lacks one it requires, or has the
/// wrong type — which is how documents and descriptions drift apart.
struct SchemaValidator {
    let document: JSONValue

    /// Every way `value` breaks `schema`, each with the path to it (`$.results[0].walk`).
    func problems(_ value: JSONValue, _ schema: JSONValue, at path: String = "$") -> [String] {
        if let reference = schema["$ref"]?.stringValue {
            guard let target = resolve(reference) else { return ["\(path): \(reference) is not defined"] }
            return problems(value, target, at: path)
        }
        if let options = schema["anyOf"]?.arrayValue {
            return options.contains { problems(value, $0, at: path).isEmpty } ? [] : ["\(path): matches none of anyOf"]
        }
        var found: [String] = []
        if let types = Self.types(schema), !types.contains(where: { Self.value(value, is: $0) }) {
            return ["\(path): \(value.typeName), not \(types.joined(separator: " or "))"]
        }
        if let choices = schema["enum"]?.arrayValue, !choices.contains(value) { found.append("\(path): \(value) is not one of \(choices)") }
        if case .object(let object) = value {
            let properties = schema["properties"]?.objectValue
            for required in schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] where object[required] == nil {
                found.append("\(path): lacks \(required)")
            }
            for member in object.members {
                if let property = properties?[member.key] {
                    found += problems(member.value, property, at: "\(path).\(member.key)")
                } else if schema["additionalProperties"] == .bool(false) {
                    found.append("\(path): \(member.key) is not in the document")
                } else if let additional = schema["additionalProperties"], additional.objectValue != nil {
                    found += problems(member.value, additional, at: "\(path).\(member.key)")
                }
            }
        }
        if case .array(let items) = value, let itemSchema = schema["items"] {
            for (index, item) in items.enumerated() { found += problems(item, itemSchema, at: "\(path)[\(index)]") }
        }
        return found
    }

    private func resolve(_ reference: String) -> JSONValue? {
        var node: JSONValue? = document
        for part in reference.dropFirst(2).split(separator: "/") { node = node?[String(part)] }
        return node
    }

    private static func types(_ schema: JSONValue) -> [String]? {
        if let one = schema["type"]?.stringValue { return [one] }
        return schema["type"]?.arrayValue?.compactMap(\.stringValue)
    }

    private static func value(_ value: JSONValue, is type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("string", .string), ("array", .array), ("object", .object), ("number", .number): true
        case ("integer", .number): value.intValue != nil
        default: false
        }
    }
}
