public import Foundation
import GRDB
public import PlaceCore

// The accounts part of the store: who may use a server, and with which tokens.
//
// A name is unique and a token hash is unique; a revoked token is refused from the
// moment the revocation commits, by every process using the store.
extension SQLitePlaceStore {
    /// Adds an account; nil when the name is taken (nothing changes).
    public func addAccount(named name: String, at date: Date) throws(StoreError) -> Account? {
        try writing { db in
            try db.execute(
                sql: "INSERT INTO account (name, created_at) VALUES (?, ?) ON CONFLICT (name) DO NOTHING",
                arguments: [name, date.timeIntervalSince1970])
            guard db.changesCount > 0 else { return nil }
            return Account(id: UserID(rawValue: db.lastInsertedRowID), name: name, createdAt: date)
        }
    }

    /// The account with this name, or nil when there is none.
    public func account(named name: String) throws(StoreError) -> Account? {
        try reading { db in
            try Row.fetchOne(db, sql: "SELECT id, name, created_at FROM account WHERE name = ?", arguments: [name]).map(Self.account)
        }
    }

    /// Every account, in the order they were added (``UserID/local`` first).
    public func accounts() throws(StoreError) -> [Account] {
        try reading { db in try Row.fetchAll(db, sql: "SELECT id, name, created_at FROM account ORDER BY id").map(Self.account) }
    }

    /// Keeps `token` for its owner: its hash and hint, never the token itself.
    public func addToken(_ token: TokenRecord) throws(StoreError) {
        try writing { db in
            try db.execute(
                sql: "INSERT INTO api_token (owner, hash, hint, created_at, revoked_at) VALUES (?, ?, ?, ?, ?)",
                arguments: [
                    token.owner.rawValue, token.hash, token.hint, token.createdAt.timeIntervalSince1970, token.revokedAt?.timeIntervalSince1970,
                ])
        }
    }

    /// The account an unrevoked token with this hash belongs to.
    public func account(forTokenHash hash: String) throws(StoreError) -> Account? {
        try reading { db in
            try Row.fetchOne(
                db,
                sql: """
                    SELECT account.id, account.name, account.created_at FROM api_token JOIN account ON account.id = api_token.owner
                    WHERE api_token.hash = ? AND api_token.revoked_at IS NULL
                    """,
                arguments: [hash]
            ).map(Self.account)
        }
    }

    /// An account's tokens, revoked ones included, oldest first.
    public func tokens(of owner: UserID) throws(StoreError) -> [TokenRecord] {
        try reading { db in
            try Row.fetchAll(
                db, sql: "SELECT owner, hash, hint, created_at, revoked_at FROM api_token WHERE owner = ? ORDER BY id", arguments: [owner.rawValue]
            ).map { row in
                TokenRecord(
                    owner: UserID(rawValue: row[0]), hash: row[1], hint: row[2], createdAt: Date(timeIntervalSince1970: row[3]),
                    revokedAt: (row[4] as Double?).map(Date.init(timeIntervalSince1970:)))
            }
        }
    }

    /// Revokes the account's tokens: every one, or those whose hint starts with `hint`.
    /// - Returns: how many were revoked now (already revoked ones are not counted).
    public func revokeTokens(of owner: UserID, hint: String?, at date: Date) throws(StoreError) -> Int {
        try writing { db in
            // `instr(hint, ?) = 1`: a prefix match with no LIKE wildcards to escape.
            try db.execute(
                sql: "UPDATE api_token SET revoked_at = ? WHERE owner = ? AND revoked_at IS NULL AND (? IS NULL OR instr(hint, ?) = 1)",
                arguments: [date.timeIntervalSince1970, owner.rawValue, hint, hint])
            return db.changesCount
        }
    }

    private static func account(_ row: Row) -> Account {
        Account(id: UserID(rawValue: row[0]), name: row[1], createdAt: Date(timeIntervalSince1970: row[2]))
    }
}
