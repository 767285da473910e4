public import Foundation

/// Where a recommendation feed is read from: a file on this machine or an http(s) URL.
public enum FeedSource: Sendable, Equatable, CustomStringConvertible {
    /// A path as given (relative paths resolve against the current directory when read).
    case file(path: String)
    case url(URL)

    /// What a person typed: `http://…` or `https://…` is a URL, `file://…` and anything without a
    /// scheme a file path (`~/` is the home folder).
    /// - Returns: nil for empty text, another scheme (`ftp://`), or a URL without a host.
    public init?(parsing text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        guard let scheme = Self.scheme(of: trimmed) else {
            self = .file(path: Self.expandingTilde(trimmed))
            return
        }
        switch scheme {
        case "http", "https":
            guard let url = URL(string: trimmed), let host = url.host, !host.isEmpty else { return nil }
            self = .url(url)
        case "file":
            guard let url = URL(string: trimmed), !url.path.isEmpty else { return nil }
            self = .file(path: url.path)
        default:
            return nil
        }
    }

    /// The absolute path or the URL: what scopes the feed's ids in the points ledger when the
    /// feed has no name of its own.
    public var location: String {
        switch self {
        case .file(let path): URL(fileURLWithPath: path).standardizedFileURL.path
        case .url(let url): url.absoluteString
        }
    }

    /// As given, for messages: `examples/feed.json`, `https://example.org/feed.json`.
    public var description: String {
        switch self {
        case .file(let path): path
        case .url(let url): url.absoluteString
        }
    }

    /// The scheme of `scheme://…` text, lowercased; nil when the text does not start with one.
    private static func scheme(of text: String) -> String? {
        guard let separator = text.range(of: "://") else { return nil }
        let scheme = text[..<separator.lowerBound]
        guard let first = scheme.first, first.isASCII, first.isLetter,
            scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else { return nil }
        return scheme.lowercased()
    }

    private static func expandingTilde(_ path: String) -> String {
        guard path == "~" || path.hasPrefix("~/") else { return path }
        let home = ProcessInfo.processInfo.environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + path.dropFirst()
    }
}
