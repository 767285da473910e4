/// How a text rendering looks where it is shown: how wide its tables may be, and how it marks
/// words (a name strong, a good rating good). Plain by default; the CLI marks with a terminal's
/// colours, an app with its own.
public struct TextStyle: Sendable {
    /// What a word is to the reader, for whoever marks it.
    public enum Mark: Sendable {
        /// A name, a heading.
        case strong
        /// Column titles, provenance, notes.
        case faint
        /// Open, available, a high rating.
        case good
        /// A middling rating, a warning.
        case caution
        /// Closed, full, off route, a low rating.
        case bad
    }

    /// Columns to fit a table into (the column that shrinks ends in "…"); nil: as wide as it needs.
    public let width: Int?
    /// Whether marks change the text at all: plain text takes the faster way through a table.
    public let isMarked: Bool
    private let marking: @Sendable (Mark, String) -> String

    /// Plain text: nothing marked.
    public init(width: Int? = nil) {
        self.width = width
        isMarked = false
        marking = { $1 }
    }

    /// Text whose words `marking` decorates; what it adds must take no room where the text is shown
    /// (a terminal's escape codes), since tables are laid out before it.
    public init(width: Int?, marking: @escaping @Sendable (Mark, String) -> String) {
        self.width = width
        isMarked = true
        self.marking = marking
    }

    /// Nothing marked, as wide as a table needs.
    public static let plain = TextStyle()

    /// `text` marked as `mark`; unchanged when the style marks nothing.
    public func mark(_ text: String, _ mark: Mark) -> String { isMarked ? marking(mark, text) : text }
    /// `text` as a name or heading.
    public func strong(_ text: String) -> String { mark(text, .strong) }
    /// `text` as a note.
    public func faint(_ text: String) -> String { mark(text, .faint) }
    /// `text` as good news (open, available).
    public func good(_ text: String) -> String { mark(text, .good) }
    /// `text` as a warning.
    public func caution(_ text: String) -> String { mark(text, .caution) }
    /// `text` as bad news (closed, full, off route).
    public func bad(_ text: String) -> String { mark(text, .bad) }
}
