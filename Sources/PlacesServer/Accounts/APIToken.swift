import Crypto
public import Foundation
public import PlaceCore

/// API tokens: 32 random bytes, shown once as `plc_` and 43 URL-safe base64 characters, kept in the
/// store only as their SHA-256. A fast hash suits them (unlike passwords): they are random and
/// long, so there is nothing to guess, and a request is checked with one lookup.
public enum APIToken {
    /// What every token starts with, before its 43 URL-safe base64 characters.
    public static let prefix = "plc_"
    /// Characters of a token shown in listings, so that people can tell theirs apart.
    public static let hintLength = 10

    /// A new token and what the store keeps of it.
    public static func issue(for owner: UserID, at date: Date) -> (token: String, record: TokenRecord) {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let token =
            prefix
            + Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        return (token, TokenRecord(owner: owner, hash: hash(token), hint: String(token.prefix(hintLength)), createdAt: date))
    }

    /// The hex SHA-256 the store keeps.
    public static func hash(_ token: String) -> String {
        // Every request with a token is hashed: hex by hand, since String(format:) per byte cost
        // more than the hash and the lookup together.
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        hex.reserveCapacity(64)
        for byte in SHA256.hash(data: Data(token.utf8)) {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: hex, as: UTF8.self)
    }

    /// The token of an `Authorization: Bearer …` header; nil when the header is another scheme.
    public static func bearer(_ header: String) -> String? {
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }
}
