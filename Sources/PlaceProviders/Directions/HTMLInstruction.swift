import Foundation

/// Google's `html_instructions` as plain text.
///
/// `Turn <b>right</b> onto <b>Damstraat</b><div style="font-size:0.9em">Destination will be on the left</div>`
/// becomes `Turn right onto Damstraat. Destination will be on the left`: tags go, entities are
/// decoded, and the content of a `<div>` is a sentence of its own.
enum HTMLInstruction {
    static func plainText(_ html: String) -> String {
        var sentences: [String] = []
        var current = ""
        var rest = html[...]
        while let open = rest.firstIndex(of: "<") {
            current += rest[..<open]
            guard let close = rest[open...].firstIndex(of: ">") else {
                // A lone '<' is text.
                current += rest[open...]
                rest = rest[rest.endIndex...]
                break
            }
            let tag = tagName(rest[rest.index(after: open)..<close])
            if tag == "div" || tag == "br" || tag == "p" {
                sentences.append(current)
                current = ""
            }
            rest = rest[rest.index(after: close)...]
        }
        current += rest
        sentences.append(current)
        var text = ""
        for sentence in sentences {
            let clean = collapseWhitespace(decodeEntities(sentence))
            guard !clean.isEmpty else { continue }
            if let last = text.last {
                text += ".!?:;".contains(last) ? " " : ". "
            }
            text += clean
        }
        return text
    }

    /// The street a step follows: the bold words after "onto" or "on" ("Turn <b>left</b> onto <b>Damrak</b>").
    static func streetName(_ html: String) -> String? {
        for marker in ["onto <b>", "on <b>"] {
            guard let start = html.range(of: marker), let end = html[start.upperBound...].range(of: "</b>") else {
                continue
            }
            let name = plainText(String(html[start.upperBound..<end.lowerBound]))
            if !name.isEmpty { return name }
        }
        return nil
    }

    /// "div" for `<div style="…">` and `</div>`; lower case.
    private static func tagName(_ inside: Substring) -> String {
        let trimmed = inside.drop { $0 == "/" || $0 == " " }
        return String(trimmed.prefix { $0.isLetter || $0.isNumber }).lowercased()
    }

    private static func collapseWhitespace(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&nbsp;` and numeric references; anything else stays as written.
    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var output = ""
        var rest = text[...]
        while let ampersand = rest.firstIndex(of: "&") {
            output += rest[..<ampersand]
            let afterAmpersand = rest.index(after: ampersand)
            guard let semicolon = rest[afterAmpersand...].prefix(12).firstIndex(of: ";"),
                let decoded = entity(rest[afterAmpersand..<semicolon])
            else {
                output.append("&")
                rest = rest[afterAmpersand...]
                continue
            }
            output.append(decoded)
            rest = rest[rest.index(after: semicolon)...]
        }
        return output + rest
    }

    private static func entity(_ name: Substring) -> Character? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        case "nbsp": return " "
        default: break
        }
        guard name.hasPrefix("#") else { return nil }
        let digits = name.dropFirst()
        let value: UInt32? =
            if digits.hasPrefix("x") || digits.hasPrefix("X") { UInt32(digits.dropFirst(), radix: 16) } else {
                UInt32(digits, radix: 10)
            }
        // Control characters would only garble a terminal.
        return value.flatMap { $0 >= 32 ? Unicode.Scalar($0) : nil }.map(Character.init)
    }
}
