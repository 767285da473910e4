/// What ``XMLScanner/next()`` found.
package enum XMLToken: Equatable, Sendable {
    /// The attributes are in ``XMLScanner/attributes`` until the next call; `offset` is where `<` is.
    case startTag(name: Range<Int>, selfClosing: Bool, offset: Int)
    case endTag(name: Range<Int>, offset: Int)
    /// The bytes given stop inside something and more input may follow: read more, then call
    /// ``XMLScanner/resume(with:at:inputEnded:)`` from ``XMLScanner/position``. Never returned when
    /// the scanner was told the input has ended (a whole file in memory).
    case needMore
    case endOfInput
}

/// One attribute of the current start tag, as byte ranges into ``XMLScanner/bytes``; values are decoded
/// only when a reader wants them (most attributes of an OSM file — version, user, timestamp — never are).
package struct XMLAttribute: Equatable, Sendable {
    package var name: Range<Int>
    package var value: Range<Int>
    /// The value contains `&`, so it must go through ``XMLEntities``.
    package var hasEntity: Bool
}

/// What the input was inside when it stopped: for "the file ends inside …" and "… is too long".
package enum XMLConstruct: Equatable, Sendable, CustomStringConvertible {
    /// A `<` with too little after it to tell a tag from a comment.
    case markup
    case tag(name: String)
    case attributeValue(name: String)
    case endTag(name: String)
    case comment
    case cdata
    case processingInstruction
    case doctype

    /// Precisely: "the value of the attribute lat", "the tag <node>".
    package var description: String {
        switch self {
        case .markup: "a tag"
        case .tag(let name): name.isEmpty ? "a tag" : "the tag <\(name)>"
        case .attributeValue(let name): "the value of the attribute \(name)"
        case .endTag(let name): name.isEmpty ? "an end tag" : "the end tag </\(name)>"
        case .comment: "a comment"
        case .cdata: "a CDATA section"
        case .processingInstruction: "a processing instruction"
        case .doctype: "the DOCTYPE"
        }
    }

    /// In general words, for people who did not write the XML themselves (a GPS did): "a tag".
    package var generalDescription: String {
        switch self {
        case .markup, .tag, .attributeValue: "a tag"
        case .endTag: "an end tag"
        case .processingInstruction: "a processing instruction (<?…?>)"
        case .comment, .cdata, .doctype: description
        }
    }
}

/// A problem in the XML text at a byte offset of ``XMLScanner/bytes``; a reader turns the offset into
/// a line and column only when it reports the error, so that well-formed files never pay for counting.
package struct XMLSyntaxError: Error, Equatable, Sendable {
    package var offset: Int
    package var message: String
    /// Set when the input ended inside this (the file is cut); `message` then says so in the scanner's words.
    package var truncatedInside: XMLConstruct?

    package init(offset: Int, message: String, truncatedInside: XMLConstruct? = nil) {
        self.offset = offset
        self.message = message
        self.truncatedInside = truncatedInside
    }
}
