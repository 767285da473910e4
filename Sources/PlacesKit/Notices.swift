/// Something a flow has to say besides its answer: where the answers came from, a provider that
/// failed while others answered, an entry of a feed that was skipped. The CLI writes each as one
/// line on stderr; a server logs them or puts them in its response.
public struct Notice: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable, Equatable {
        /// Where answers came from (recordings, imported data), what was assumed.
        case info
        /// Something went wrong but the answer stands (a provider failed, an entry was skipped).
        case warning
    }

    public let kind: Kind
    public let text: String

    public init(_ text: String, kind: Kind = .info) {
        self.kind = kind
        self.text = text
    }

    public static func warning(_ text: String) -> Notice { Notice(text, kind: .warning) }

    public var description: String { text }
}

/// Where a flow's notices go, as they happen (a long trace's skipped fixes are said while it streams).
public struct NoticeSink: Sendable {
    private let handler: @Sendable (Notice) -> Void

    public init(_ handler: @escaping @Sendable (Notice) -> Void) { self.handler = handler }

    public func callAsFunction(_ notice: Notice) { handler(notice) }

    public func say(_ text: String) { handler(Notice(text)) }

    public func warn(_ text: String) { handler(.warning(text)) }

    /// Drops every notice.
    public static let ignore = NoticeSink { _ in }
}
