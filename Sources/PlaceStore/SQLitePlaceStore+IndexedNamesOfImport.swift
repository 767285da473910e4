import GRDB
package import PlaceSearch

/// One import's names, for its own segment of the name index (one file per import): read from the
/// store, or known before the import is written.
extension SQLitePlaceStore {
    /// Hands `body` the indexed names of the import `source`, in the order a full scan reads
    /// them (rowid order).
    package func forEachIndexedName(ofImport source: String, _ body: (NameRecord) throws -> Void) throws {
        var failure: (any Error)?
        try reading { db in
            let rows = try Row.fetchCursor(db, sql: "\(Self.indexedNamesQuery) AND source = ? ORDER BY rowid", arguments: [source])
            while let row = try rows.next() {
                do {
                    try body(Self.record(from: row))
                } catch {
                    failure = error
                    return
                }
            }
        }
        if let failure { throw failure }
    }

    /// The positions in `places` of the names `replaceImport(_:with:)` writes to the index, in the
    /// order ``forEachIndexedName(ofImport:_:)`` reads them back once it is written (as records
    /// through ``storedRecord(_:)``).
    package static func indexedOrder(_ places: [ImportedPlace]) -> [Int] {
        keptOrder(places).filter { places[$0].isIndexed }
    }
}
