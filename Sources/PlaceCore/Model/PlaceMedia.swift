public import Foundation

/// A photo of a place, at its full size.
public struct Photo: Hashable, Sendable, Codable {
    /// Where to fetch the image, at full size.
    public var url: String
    /// The width in pixels, when the provider says.
    public var width: Int?
    /// The height in pixels, when the provider says.
    public var height: Int?
    /// When the photo was added, when the provider says.
    public var createdAt: Date?

    /// Makes a photo from its URL and whatever the provider says of its size and date.
    public init(url: String, width: Int? = nil, height: Int? = nil, createdAt: Date? = nil) {
        self.url = url
        self.width = width
        self.height = height
        self.createdAt = createdAt
    }
}

/// A short note a visitor left about a place.
public struct Tip: Hashable, Sendable, Codable {
    /// What the visitor wrote.
    public var text: String
    /// When the tip was written, when the provider says.
    public var createdAt: Date?
    /// The author's name, when the provider gives one.
    public var author: String?

    /// Makes a tip from its text and, when known, its date and author.
    public init(text: String, createdAt: Date? = nil, author: String? = nil) {
        self.text = text
        self.createdAt = createdAt
        self.author = author
    }
}
