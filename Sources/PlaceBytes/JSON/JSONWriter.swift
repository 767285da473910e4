public import Foundation

extension JSONValue {
    /// The JSON text of this value: compact on one line, or pretty with two-space indentation.
    public func serialized(pretty: Bool = false) -> String {
        var output = ""
        write(into: &output, pretty: pretty, indent: 0)
        return output
    }

    /// The UTF-8 bytes of ``serialized(pretty:)``.
    public func serializedData(pretty: Bool = false) -> Data {
        Data(serialized(pretty: pretty).utf8)
    }

    private func write(into output: inout String, pretty: Bool, indent: Int) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let literal): output += literal
        case .string(let value): Self.writeString(value, into: &output)
        case .array(let values):
            if values.isEmpty {
                output += "[]"
                return
            }
            output += "["
            for (position, value) in values.enumerated() {
                if position > 0 { output += "," }
                if pretty { Self.newline(into: &output, indent: indent + 1) }
                value.write(into: &output, pretty: pretty, indent: indent + 1)
            }
            if pretty { Self.newline(into: &output, indent: indent) }
            output += "]"
        case .object(let object):
            if object.members.isEmpty {
                output += "{}"
                return
            }
            output += "{"
            for (position, member) in object.members.enumerated() {
                if position > 0 { output += "," }
                if pretty { Self.newline(into: &output, indent: indent + 1) }
                Self.writeString(member.key, into: &output)
                output += pretty ? ": " : ":"
                member.value.write(into: &output, pretty: pretty, indent: indent + 1)
            }
            if pretty { Self.newline(into: &output, indent: indent) }
            output += "}"
        }
    }

    private static func newline(into output: inout String, indent: Int) {
        output += "\n"
        output += String(repeating: "  ", count: indent)
    }

    static func writeString(_ value: String, into output: inout String) {
        output += "\""
        // Nothing to escape (the usual case): copy it whole. U+2028/2029 start with 0xE2.
        if value.utf8.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") && $0 != 0xE2 }) {
            output += value
            output += "\""
            return
        }
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case "\u{2028}", "\u{2029}":
                // Legal JSON, but they end lines in JavaScript and in some editors.
                output += "\\u" + NumberText.hex4(scalar.value)
            default:
                if scalar.value < 0x20 {
                    output += "\\u" + NumberText.hex4(scalar.value)
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}
