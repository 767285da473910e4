import GRDB
package import PlaceCore

/// One import's names, for its own segment of the name index (one file per import): read from the
/// store, or known before the import is written.
extension SQLitePlaceStore {
    /// Hands `body` the indexed names of the import `source`, in the order a full scan reads
    /// them (rowid order).
    package func forEachIndexedName(ofImport source: String, _ body: (NameRecord) throws -> Void) throws {
        try forEachIndexedName(
            sql: "\(Self.indexedNamesQuery) AND source = (SELECT number FROM import_source WHERE key = ?) ORDER BY rowid", arguments: [source],
            body)
    }

    /// The positions in `places` of the names `replaceImport(_:with:)` writes to the index, in the
    /// order ``forEachIndexedName(ofImport:_:)`` reads them back once it is written (as records
    /// through ``storedRecord(_:)``).
    package static func indexedOrder(_ places: ImportedPlaceList) -> [Int] {
        keptOrder(places).filter { places.isIndexed(at: $0) }
    }
}
