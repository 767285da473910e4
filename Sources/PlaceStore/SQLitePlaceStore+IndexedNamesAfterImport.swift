import Foundation
import GRDB
package import PlaceCore

/// The names the autocomplete index holds once an import is written, known before it is written:
/// the other imports' names read from the store now, and the import's own in the order the store
/// will hold them. The index can then be built beside the store write rather than after it, and
/// from names that were never decoded back from SQLite (``forEachIndexedName(_:)`` reads every
/// row, alternate names as JSON, a third of the index build at 144k names).
extension SQLitePlaceStore {
    package struct IndexedNamesAfterImport: Sendable {
        /// The import generation the other imports' names were read at; the write makes it one more.
        package let generation: Int
        /// Positions in the import's places of the names it adds to the index, in the order the
        /// store will hold them, after the other imports' names.
        package let added: [Int]
    }

    /// Hands `body` the indexed names of the other imports that stay once
    /// `replaceImport(source, with: places)` is written, in the order ``forEachIndexedName(_:)``
    /// would read them then; the names the import adds follow them (``IndexedNamesAfterImport/added``,
    /// as records through ``storedRecord(_:)``).
    package func forEachIndexedName(afterReplacing source: String, with places: ImportedPlaceList, _ body: (NameRecord) throws -> Void) throws
        -> IndexedNamesAfterImport
    {
        var taken: TakenIDs?
        var failure: (any Error)?
        let generation = try reading { db in
            let generation = try Int.fetchOne(db, sql: "SELECT generation FROM import_state WHERE id = 1") ?? 0
            // This import's old rows go; the others stay in rowid order, the order of a full scan.
            let rows = try Row.fetchCursor(
                db, sql: "\(Self.indexedNamesQuery) AND source IS NOT (SELECT number FROM import_source WHERE key = ?) ORDER BY rowid",
                arguments: [source])
            while let row = try rows.next() {
                let record = Self.record(from: row)
                if taken == nil { taken = TakenIDs(places) }
                // A row whose id the import has is replaced by the import's row.
                if taken?.contains(record.id) == true { continue }
                do {
                    try body(record)
                } catch {
                    failure = error
                    break
                }
            }
            return generation
        }
        if let failure { throw failure }
        // Rows the import writes after the others' (a new rowid each, past the largest).
        return IndexedNamesAfterImport(generation: generation, added: Self.indexedOrder(places))
    }

    /// `record` as the store reads it back: texts end at a NUL byte (GRDB reads them as C
    /// strings) and a negative zero comes back as zero (SQLite keeps a whole REAL as an integer).
    package static func storedRecord(_ record: NameRecord) -> NameRecord {
        var stored = record
        // Only what changes is set: setting a text counts references again, for every name of
        // an import, and no real file's text holds a NUL.
        if let cut = cutAtNUL(record.id) { stored.id = cut }
        if let cut = cutAtNUL(record.name) { stored.name = cut }
        if let cut = record.detail.flatMap(cutAtNUL) { stored.detail = cut }
        if let cut = record.locality.flatMap(cutAtNUL) { stored.locality = cut }
        if let cut = record.countryCode.flatMap(cutAtNUL) { stored.countryCode = cut }
        if let cut = record.category.flatMap(cutAtNUL) { stored.category = cut }
        if record.importance == 0 { stored.importance = 0 }
        if let coordinate = record.coordinate, coordinate.latitude == 0 || coordinate.longitude == 0 {
            stored.coordinate = try? Coordinate(latitude: coordinate.latitude + 0, longitude: coordinate.longitude + 0)
        }
        return stored
    }

    /// The text up to its first NUL byte; nil when it has none.
    private static func cutAtNUL(_ text: String) -> String? {
        // memchr over the string's bytes: the collection's firstIndex stepped index by index,
        // a twentieth of building an import's name index.
        var text = text
        let zero: Int? = text.withUTF8 { bytes in
            guard let base = bytes.baseAddress, let found = memchr(base, 0, bytes.count) else { return nil }
            return UnsafeRawPointer(found) - UnsafeRawPointer(base)
        }
        return zero.map { String(decoding: text.utf8.prefix($0), as: UTF8.self) }
    }
}

/// An import's ids, to leave out the other imports' rows they replace. SQLite compares ids by
/// their bytes; a Swift set by canonical equivalence, so the byte spellings of ids that Swift
/// counts as one are kept beside it (none in any real file).
private struct TakenIDs {
    private var ids: Set<String> = []
    private var spellings: Set<[UInt8]> = []

    init(_ places: ImportedPlaceList) {
        ids.reserveCapacity(places.count)
        for position in places.indices {
            let id = places.id(at: position)
            let (inserted, member) = ids.insert(id)
            if !inserted, !member.utf8.elementsEqual(id.utf8) {
                spellings.insert(Array(member.utf8))
                spellings.insert(Array(id.utf8))
            }
        }
    }

    func contains(_ id: String) -> Bool {
        guard let index = ids.firstIndex(of: id) else { return false }
        return ids[index].utf8.elementsEqual(id.utf8) || spellings.contains(Array(id.utf8))
    }
}
