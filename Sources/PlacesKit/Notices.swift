/// Something a flow has to say besides its answer: where the answers came from, a provider that
/// failed while others answered, an entry of a feed that was skipped. The CLI writes each as one
/// line on stderr; a server logs them or puts them in its response.
public struct Notice: Sendable, Equatable, CustomStringConvertible {
    /// What a notice is about.
    public enum Kind: String, Sendable, Equatable {
        /// Where answers came from (recordings, imported data), what was assumed.
        case info
        /// Something went wrong but the answer stands (a provider failed, an entry was skipped).
        case warning
    }

    /// Whether it is information or a warning.
    public let kind: Kind
    /// One sentence, without who says it (each edge adds that: "places: ").
    public let text: String

    /// A notice of `kind` (information unless told).
    public init(_ text: String, kind: Kind = .info) {
        self.kind = kind
        self.text = text
    }

    /// A warning: something went wrong, but the answer stands.
    public static func warning(_ text: String) -> Notice { Notice(text, kind: .warning) }

    /// The text.
    public var description: String { text }
}

/// Where a flow's notices go, as they happen (a long trace's skipped fixes are said while it streams).
public struct NoticeSink: Sendable {
    private let handler: @Sendable (Notice) -> Void

    /// A sink that hands every notice to `handler`, from any thread.
    public init(_ handler: @escaping @Sendable (Notice) -> Void) { self.handler = handler }

    /// Hands `notice` on.
    public func callAsFunction(_ notice: Notice) { handler(notice) }

    /// Says `text` as information.
    public func say(_ text: String) { handler(Notice(text)) }

    /// Says `text` as a warning.
    public func warn(_ text: String) { handler(.warning(text)) }

    /// Drops every notice.
    public static let ignore = NoticeSink { _ in }
}
