/// A place imported into the store from a file: an OpenStreetMap element, a street made of many
/// ways, or a row of a name list.
public struct ImportedPlace: Sendable, Equatable {
    /// Id, name, kind, importance, position, the label shown beside the name, locality, country
    /// and category.
    public var record: NameRecord
    /// Whether its name goes into the autocomplete index. Unnamed car parks are kept for searching
    /// an area, not for completing names.
    public var isIndexed: Bool
    /// The tags that matter (amenity, shop, cuisine, opening_hours, addr:*, website …).
    public var tags: [String: String]

    /// - Parameter category: the record's category, when given (else the record's own).
    public init(record: NameRecord, isIndexed: Bool = true, category: String? = nil, tags: [String: String] = [:]) {
        self.record = record
        self.isIndexed = isIndexed
        self.tags = tags
        if let category { self.record.category = category }
    }

    /// The main tag, `amenity=cafe`: what an offline search by category looks for (the record's).
    public var category: String? {
        get { record.category }
        set { record.category = newValue }
    }
}

/// Which file an import came from. Importing the same file again replaces what it wrote before.
public struct ImportSource: Sendable, Equatable {
    /// The file's absolute path: what makes two imports "the same file".
    public var key: String
    /// How to name it to the user: the path as given.
    public var label: String
    /// `osm-xml`, `osm-pbf`, `overpass-json`, `geojson`, `names-csv`, `names-tsv`, `geonames-json`.
    public var format: String
    /// Whose data it is and on what terms; nil when unknown (a name list of unknown origin, or an
    /// import made before licences were kept).
    public var licence: DataLicence?

    /// Makes a source from its key (the absolute path), its label and format, and its licence when known.
    public init(key: String, label: String, format: String, licence: DataLicence? = nil) {
        self.key = key
        self.label = label
        self.format = format
        self.licence = licence
    }

    /// Name lists (CSV, TSV, GeoNames' JSON) give names to complete, not places to search by category.
    public var isNameList: Bool { format.hasPrefix("names") || format == "geonames-json" }

    /// What an answer from this import credits: its label and its licence.
    public var credit: DataCredit { DataCredit(source: label, licence: licence) }
}

/// What an import changed.
public struct ImportSummary: Sendable, Equatable {
    /// Rows written, by kind.
    public var written: [NameKind: Int]
    /// Rows an earlier import of the same file had written and this one no longer has.
    public var removed: Int
    /// Rows that were already in the store from this or another file (same id) and were replaced.
    public var replaced: Int

    /// Makes a summary from the rows written by kind and the counts removed and replaced.
    public init(written: [NameKind: Int], removed: Int, replaced: Int) {
        self.written = written
        self.removed = removed
        self.replaced = replaced
    }

    /// Rows written, of every kind.
    public var total: Int { written.values.reduce(0, +) }
}

/// One import the store remembers.
public struct ImportRecord: Sendable, Equatable {
    /// The file the import came from.
    public var source: ImportSource
    /// When the file was last imported, in seconds since 1970.
    public var importedAt: Double
    /// How many of the store's places are this import's.
    public var count: Int
    /// The box around its places; nil when none has a position.
    public var bounds: BoundingBox?
    /// The main tags of its places (`amenity=cafe`, `amenity=parking`): what it can answer.
    public var categories: Set<String>

    /// Makes a record from its source, time and count and, when known, its extent and main tags.
    public init(source: ImportSource, importedAt: Double, count: Int, bounds: BoundingBox? = nil, categories: Set<String> = []) {
        self.source = source
        self.importedAt = importedAt
        self.count = count
        self.bounds = bounds
        self.categories = categories
    }

    /// Whether it has places of any of `tags` (its main tags).
    public func holds(anyOf tags: [String]) -> Bool { tags.contains(where: categories.contains) }

    /// The extent and main tags of an import's places, as the store keeps them with it.
    public static func extent(of places: ImportedPlaceList) -> (bounds: BoundingBox?, categories: Set<String>) {
        var categories: Set<String> = []
        var south = Double.infinity, west = Double.infinity, north = -Double.infinity, east = -Double.infinity
        // One pass over the places' bytes, no record made (a country has millions of places): a
        // category becomes a string only where it differs from the one before (addresses, the
        // most of a country, come one after another with the same or none).
        var previous: [UInt8] = []
        for position in places.indices {
            places.withFields(at: position) { fields in
                if let category = fields.category, !category.elementsEqual(previous) {
                    previous = Array(category)
                    categories.insert(String(decoding: category, as: UTF8.self))
                }
                guard let point = fields.coordinate else { return }
                south = min(south, point.latitude)
                north = max(north, point.latitude)
                west = min(west, point.longitude)
                east = max(east, point.longitude)
            }
        }
        let bounds = south.isFinite ? BoundingBox(south: south, west: west, north: north, east: east) : nil
        return (bounds, categories)
    }
}

/// The imported part of the local store: OpenStreetMap extracts and name lists.
///
/// An import is one transaction: it either replaces everything the same file wrote before, or
/// (when it fails) changes nothing. Ids are global, so a node that two extracts share is one row.
public protocol ImportedPlacesStore: Sendable {
    /// Replaces what `source` imported before with `places`, in one transaction, and says what changed.
    func replaceImport(_ source: ImportSource, with places: ImportedPlaceList) throws(StoreError) -> ImportSummary
    /// Every indexed name, for building the autocomplete index.
    func indexedNames() throws(StoreError) -> [NameRecord]
    /// Every indexed name, one at a time and from one snapshot, so that a country's millions are
    /// never held at once. Stops at the first error `body` throws, and throws it.
    func forEachIndexedName(_ body: (NameRecord) throws -> Void) throws
    /// Places inside `box` whose main tag is one of `categories` (all when empty).
    func importedPlaces(in box: BoundingBox, categories: [String]) throws(StoreError) -> [ImportedPlace]
    /// The imported place with this id (`osm:node/123`), or nil when there is none.
    func importedPlace(id: String) throws(StoreError) -> ImportedPlace?
    /// Every import the store remembers, oldest first.
    func imports() throws(StoreError) -> [ImportRecord]
    /// Forgets the import of `key`: every place and name it wrote (that no later import of another
    /// file took over). Returns how many were removed; nil when there is no such import.
    func removeImport(_ key: String) throws(StoreError) -> Int?
    /// Changes with every import: the autocomplete index file records the one it was built from.
    func importGeneration() throws(StoreError) -> Int
}
