public import Foundation

/// Whose favourites and points: the person at the terminal, or one of the users of `places serve`.
///
/// The CLI is one person: every store has the account ``local`` (id 1), and everything written
/// before accounts existed belongs to it. Users added for the server get accounts of their own.
public struct UserID: RawRepresentable, Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The account's number in the store; 1 is ``local``.
    public let rawValue: Int64

    /// Wraps an account's number; nothing is checked.
    public init(rawValue: Int64) { self.rawValue = rawValue }

    /// The CLI's own account: the default owner of favourites and points.
    public static let local = UserID(rawValue: 1)

    /// Orders ids by number.
    public static func < (lhs: UserID, rhs: UserID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// "user" and the number: "user 1".
    public var description: String { "user \(rawValue)" }
}

/// An account: a name people recognise, and an id that owns rows.
public struct Account: Sendable, Equatable {
    /// The id that owns the account's favourites, points and tokens.
    public var id: UserID
    /// Unique in the store: `local`, `ana`, `phone-app`.
    public var name: String
    /// When the account was added.
    public var createdAt: Date

    /// Makes an account value from its id, name and date of creation; it adds nothing to a store.
    public init(id: UserID, name: String, createdAt: Date) {
        self.id = id
        self.name = name
        self.createdAt = createdAt
    }

    /// The name of ``UserID/local``'s account.
    public static let localName = "local"
}

/// An API token as the store keeps it: never the token itself, only its hash and a hint (its first
/// characters) by which a person can tell their tokens apart and revoke one.
public struct TokenRecord: Sendable, Equatable {
    /// The account the token belongs to.
    public var owner: UserID
    /// A hash of the whole token (SHA-256, hex): what a request's token is looked up by.
    public var hash: String
    /// The token's first characters, shown in listings: `plc_3fa9c2`.
    public var hint: String
    /// When the token was added.
    public var createdAt: Date
    /// When the token was revoked; nil while it is in force.
    public var revokedAt: Date?

    /// Makes a record of a token from its owner, hash, hint and dates; a nil `revokedAt` is a token in force.
    public init(owner: UserID, hash: String, hint: String, createdAt: Date, revokedAt: Date? = nil) {
        self.owner = owner
        self.hash = hash
        self.hint = hint
        self.createdAt = createdAt
        self.revokedAt = revokedAt
    }
}
