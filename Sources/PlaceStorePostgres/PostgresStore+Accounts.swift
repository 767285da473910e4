public import Foundation
public import PlaceCore
import PostgresNIO

extension PostgresStore {
    public func addAccount(named name: String, at date: Date) async throws(StoreError) -> Account? {
        let seconds = date.timeIntervalSince1970
        let logger = self.logger
        let id = try await run { client in
            try await client.query(
                "INSERT INTO account (name, created_at) VALUES (\(name), \(seconds)) ON CONFLICT (name) DO NOTHING RETURNING id", logger: logger
            ).decode(Int64.self).first { _ in true }
        }
        return id.map { Account(id: UserID(rawValue: $0), name: name, createdAt: date) }
    }

    public func account(named name: String) async throws(StoreError) -> Account? {
        try await accounts(where: "SELECT id, name, created_at FROM account WHERE name = \(name)").first
    }

    public func accounts() async throws(StoreError) -> [Account] {
        try await accounts(where: "SELECT id, name, created_at FROM account ORDER BY id")
    }

    public func addToken(_ token: TokenRecord) async throws(StoreError) {
        let (owner, hash, hint) = (token.owner.rawValue, token.hash, token.hint)
        let (created, revoked) = (token.createdAt.timeIntervalSince1970, token.revokedAt?.timeIntervalSince1970)
        let logger = self.logger
        _ = try await run { client in
            try await client.query(
                """
                INSERT INTO api_token (owner, hash, hint, created_at, revoked_at) VALUES (\(owner), \(hash), \(hint), \(created), \(revoked))
                """, logger: logger
            ).collect().count
        }
    }

    public func account(forTokenHash hash: String) async throws(StoreError) -> Account? {
        try await accounts(
            where: """
                SELECT account.id, account.name, account.created_at FROM api_token JOIN account ON account.id = api_token.owner
                WHERE api_token.hash = \(hash) AND api_token.revoked_at IS NULL
                """
        ).first
    }

    public func tokens(of owner: UserID) async throws(StoreError) -> [TokenRecord] {
        let logger = self.logger
        let id = owner.rawValue
        return try await run { client in
            var tokens: [TokenRecord] = []
            let rows = try await client.query(
                "SELECT owner, hash, hint, created_at, revoked_at FROM api_token WHERE owner = \(id) ORDER BY id", logger: logger)
            for try await (owner, hash, hint, created, revoked) in rows.decode((Int64, String, String, Double, Double?).self) {
                tokens.append(
                    TokenRecord(
                        owner: UserID(rawValue: owner), hash: hash, hint: hint, createdAt: Date(timeIntervalSince1970: created),
                        revokedAt: revoked.map(Date.init(timeIntervalSince1970:))))
            }
            return tokens
        }
    }

    public func revokeTokens(of owner: UserID, hint: String?, at date: Date) async throws(StoreError) -> Int {
        let logger = self.logger
        let (id, seconds) = (owner.rawValue, date.timeIntervalSince1970)
        // `starts_with`: a prefix match with no LIKE wildcards to escape.
        return try await run { client in
            try await client.query(
                """
                UPDATE api_token SET revoked_at = \(seconds)
                WHERE owner = \(id) AND revoked_at IS NULL AND (\(hint)::text IS NULL OR starts_with(hint, \(hint)::text))
                RETURNING id
                """, logger: logger
            ).collect().count
        }
    }

    private func accounts(where query: PostgresQuery) async throws(StoreError) -> [Account] {
        let logger = self.logger
        return try await run { client in
            var accounts: [Account] = []
            for try await (id, name, created) in try await client.query(query, logger: logger).decode((Int64, String, Double).self) {
                accounts.append(Account(id: UserID(rawValue: id), name: name, createdAt: Date(timeIntervalSince1970: created)))
            }
            return accounts
        }
    }
}
