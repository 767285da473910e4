/// The imported places (OpenStreetMap files, name lists) as several server instances share them:
/// what ``ImportedPlacesStore`` says, asked without blocking a thread. The embedded SQLite store
/// meets it with its plain methods; PostgreSQL keeps positions as PostGIS points with a GiST index.
public protocol SharedImportStore: Sendable {
    /// Where the store is, for messages: a path, or a URL with its password redacted.
    var location: String { get }

    /// Replaces what `source` imported before with `places`, in one transaction; an id another
    /// source wrote changes hands (last write wins), never doubles.
    func replaceImport(_ source: ImportSource, with places: ImportedPlaceList) async throws(StoreError) -> ImportSummary
    /// Every place completion may offer (`isIndexed`): what a name index file is built from.
    func indexedNames() async throws(StoreError) -> [NameRecord]
    /// Places with a position inside `box`, of one of `categories` (any when empty).
    func importedPlaces(in box: BoundingBox, categories: [String]) async throws(StoreError) -> [ImportedPlace]
    /// The imported place with this id (`osm:node/123`), or nil when there is none.
    func importedPlace(id: String) async throws(StoreError) -> ImportedPlace?
    /// The sources imported, oldest first, with how many places each holds now.
    func imports() async throws(StoreError) -> [ImportRecord]
    /// Removes a source's places; nil when nothing was imported under `key`.
    func removeImport(_ key: String) async throws(StoreError) -> Int?
    /// Bumped by every import and removal: a name index built at another generation is stale.
    func importGeneration() async throws(StoreError) -> Int
}
