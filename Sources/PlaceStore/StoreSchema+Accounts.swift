import Foundation
import GRDB

extension StoreSchema {
    /// v6: accounts and their tokens; favourites and points get an owner. Everything already in
    /// the store becomes the CLI's own (`account` 1, `local`), so an upgraded store lists exactly
    /// what it listed before; the owner's default is that account too, so a row written without
    /// one (by a tool that predates accounts) is the CLI's.
    ///
    /// SQLite cannot change a table's key in place, so `favorite` and `points_entry` are copied into
    /// new tables with the owner in their keys (the documented 12-step way: create, copy, drop,
    /// rename), inside the migration's one transaction: a crash leaves the old tables untouched.
    static func accounts(_ db: Database) throws {
        let now = Date().timeIntervalSince1970
        try db.execute(
            sql: """
                CREATE TABLE account (
                    id INTEGER PRIMARY KEY,
                    name TEXT NOT NULL UNIQUE,
                    created_at REAL NOT NULL
                );
                INSERT INTO account (id, name, created_at) VALUES (1, 'local', \(now));
                -- Only a hash of each token: a copy of this file gives no one a working token.
                CREATE TABLE api_token (
                    id INTEGER PRIMARY KEY,
                    owner INTEGER NOT NULL REFERENCES account(id),
                    hash TEXT NOT NULL UNIQUE,
                    hint TEXT NOT NULL,
                    created_at REAL NOT NULL,
                    revoked_at REAL
                );
                CREATE INDEX api_token_owner ON api_token (owner, id);

                CREATE TABLE favorite_v6 (
                    owner INTEGER NOT NULL DEFAULT 1 REFERENCES account(id),
                    place_id TEXT NOT NULL,
                    name TEXT NOT NULL,
                    latitude REAL NOT NULL,
                    longitude REAL NOT NULL,
                    kind TEXT,
                    address TEXT,
                    note TEXT,
                    place_json TEXT NOT NULL,
                    added_at REAL NOT NULL,
                    updated_at REAL NOT NULL,
                    position INTEGER NOT NULL UNIQUE,
                    PRIMARY KEY (owner, place_id)
                );
                INSERT INTO favorite_v6
                    (owner, place_id, name, latitude, longitude, kind, address, note, place_json, added_at, updated_at, position)
                    SELECT 1, place_id, name, latitude, longitude, kind, address, note, place_json, added_at, updated_at, position
                    FROM favorite;
                DROP TABLE favorite;
                ALTER TABLE favorite_v6 RENAME TO favorite;
                -- As in v1, listing reads the index alone; one owner's list is one range of it.
                CREATE INDEX favorite_listing
                    ON favorite (owner, position, place_id, name, latitude, longitude, kind, address, note, added_at);

                CREATE TABLE points_entry_v6 (
                    seq INTEGER PRIMARY KEY,
                    owner INTEGER NOT NULL DEFAULT 1 REFERENCES account(id),
                    feed TEXT NOT NULL,
                    recommendation_id TEXT NOT NULL,
                    name TEXT NOT NULL,
                    points INTEGER NOT NULL CHECK (points >= 0),
                    arrived_at REAL NOT NULL,
                    recorded_at REAL NOT NULL,
                    latitude REAL,
                    longitude REAL,
                    UNIQUE (owner, feed, recommendation_id)
                );
                INSERT INTO points_entry_v6
                    (seq, owner, feed, recommendation_id, name, points, arrived_at, recorded_at, latitude, longitude)
                    SELECT seq, 1, feed, recommendation_id, name, points, arrived_at, recorded_at, latitude, longitude
                    FROM points_entry;
                DROP TABLE points_entry;
                ALTER TABLE points_entry_v6 RENAME TO points_entry;

                -- Arrivals that earned nothing, and why: the evidence when someone asks, or farms.
                CREATE TABLE points_refusal (
                    seq INTEGER PRIMARY KEY,
                    owner INTEGER NOT NULL REFERENCES account(id),
                    feed TEXT NOT NULL,
                    recommendation_id TEXT NOT NULL,
                    name TEXT NOT NULL,
                    reason TEXT NOT NULL,
                    detail TEXT NOT NULL,
                    arrived_at REAL,
                    recorded_at REAL NOT NULL
                );
                CREATE INDEX points_refusal_owner ON points_refusal (owner, seq);
                -- A walk that earned (or tried to earn) points, by the fingerprint of its fixes: the
                -- same fixes sent again, by anyone, earn nothing.
                CREATE TABLE walk (
                    fingerprint TEXT NOT NULL PRIMARY KEY,
                    owner INTEGER NOT NULL REFERENCES account(id),
                    feed TEXT NOT NULL,
                    recommendation_id TEXT NOT NULL,
                    sent_at REAL NOT NULL
                );
                PRAGMA user_version = 6;
                """)
    }
}
