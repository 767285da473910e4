public import Foundation

/// A photo of a place, at its full size.
public struct Photo: Hashable, Sendable, Codable {
    public var url: String
    public var width: Int?
    public var height: Int?
    public var createdAt: Date?

    public init(url: String, width: Int? = nil, height: Int? = nil, createdAt: Date? = nil) {
        self.url = url
        self.width = width
        self.height = height
        self.createdAt = createdAt
    }
}

/// A short note a visitor left about a place.
public struct Tip: Hashable, Sendable, Codable {
    public var text: String
    public var createdAt: Date?
    public var author: String?

    public init(text: String, createdAt: Date? = nil, author: String? = nil) {
        self.text = text
        self.createdAt = createdAt
        self.author = author
    }
}
