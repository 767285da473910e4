package import Autocomplete
import Foundation
public import PlaceCore
import PlaceHTTP
public import PlaceStore

/// The autocomplete index beside the store: one file per import in a folder (`places.sqlite` →
/// `places.names.d/`), opened together by `places complete` without touching SQLite beyond one
/// read of the import generation, because that command starts cold on every keystroke. An import
/// writes its own file only, and a removal deletes its own only; answers are merged across the
/// files as one index merges its sources (``AutocompleteIndex/init(segments:)``).
///
/// `segments.json` in the folder says which file holds which import, with what the store said of
/// that import when the file was built (when it was imported, how many rows) and the import
/// generation the folder is current with. A file whose import the store no longer holds as it was
/// (an interrupted import, another import that took over some of its ids) is built again, alone.
public enum NameIndex {
    /// What an import left the name index with.
    public struct Built: Sendable {
        /// The index's folder (`places.names.d`).
        public let path: String
        /// Names given to the index, of every import.
        public let count: Int
        /// How long the build took; zero when the index was left as it was.
        public var seconds: Double = 0
        /// The part of ``seconds`` spent while the import was written (the index built beside
        /// the store write); the import took the rest longer.
        public var secondsBesideWrite: Double = 0
        /// False when nothing changed and the index was left as it was.
        public var rebuilt = true
    }

    /// The single-file index of before (`places.names`): still what `places serve index build`
    /// writes from a shared database and what a server opens when the store imported nothing. A
    /// store with imports turns it into segments on first open.
    public static func path(forStore storePath: String) -> String {
        let url = URL(fileURLWithPath: storePath)
        let base = url.pathExtension.isEmpty ? url : url.deletingPathExtension()
        return base.appendingPathExtension("names").path
    }

    /// The folder of the segments: `places.names.d`.
    public static func folder(forStore storePath: String) -> String { path(forStore: storePath) + ".d" }

    /// The list of the segments (``Manifest``); its identity changes with every import and removal.
    public static func manifestPath(forStore storePath: String) -> String {
        (folder(forStore: storePath) as NSString).appendingPathComponent("segments.json")
    }

    /// The file of one import's segment: named by a hash of the import's key, as its walking graph is.
    public static func segmentPath(forSource key: String, storePath: String) -> String {
        (folder(forStore: storePath) as NSString).appendingPathComponent(HTTPCacheStore.key(method: "names", url: key, body: nil) + ".names")
    }

    /// Which file holds which import, as the store described the import when its file was built.
    package struct Manifest: Codable, Equatable {
        package struct Segment: Codable, Equatable {
            package var key: String
            package var file: String
            package var importedAt: Double
            package var count: Int
            /// The import generation the file was built at (its header's ``AutocompleteIndex/sourceGeneration``).
            package var generation: Int
            /// The names given to its build (``AutocompleteIndexBuilder/added``).
            package var names: Int
        }
        /// The store's import generation when the folder was last brought up to date.
        package var generation: Int
        package var segments: [Segment]

        package static func read(storePath: String) -> Manifest? {
            guard let data = FileManager.default.contents(atPath: manifestPath(forStore: storePath)) else { return nil }
            return try? JSONDecoder().decode(Manifest.self, from: data)
        }

        package func write(storePath: String) throws(ImportWriteError) {
            let path = manifestPath(forStore: storePath)
            do {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys]
                try encoder.encode(self).write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                throw ImportWriteError(.cannotWrite, "the name index \(path) cannot be written: \(error.localizedDescription)")
            }
        }

        /// Whether `segment` still describes `record`, the store's import.
        static func describes(_ segment: Segment, _ record: ImportRecord) -> Bool {
            segment.key == record.source.key && segment.importedAt == record.importedAt && segment.count == record.count
        }
    }

    /// Builds every segment again from what the store holds now (after a migration, or when the
    /// folder cannot be trusted). Another import that commits meanwhile is caught up with.
    public static func rebuild(store: SQLitePlaceStore) throws(ImportWriteError) -> Built {
        try update(store: store, rebuilding: nil)
    }

    /// Brings the folder up to the store: builds the segments of `keys` (nil: all) and of every
    /// import whose segment no longer describes it, removes those of imports gone, and writes the
    /// list. Repeated while the store changes under it.
    package static func update(
        store: SQLitePlaceStore, rebuilding keys: Set<String>?, built: Manifest.Segment? = nil, started: ContinuousClock.Instant = .now
    ) throws(ImportWriteError) -> Built {
        let storePath = store.path
        let folder = folder(forStore: storePath)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw ImportWriteError(.cannotWrite, "the name index \(folder) cannot be written: \(error.localizedDescription)")
        }
        var forced = keys
        for _ in 0..<5 {
            let generation = try ImportWriteError.stored { () throws(StoreError) in try store.importGeneration() }
            let imports = try ImportWriteError.stored { () throws(StoreError) in try store.imports() }
            let known = Manifest.read(storePath: storePath)?.segments ?? []
            // Files of imports the store no longer holds go first: their towns are no one's.
            let wanted = Set(imports.map { (segmentPath(forSource: $0.source.key, storePath: storePath) as NSString).lastPathComponent })
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasSuffix(".names") && !wanted.contains(name)
            {
                unlink((folder as NSString).appendingPathComponent(name))
            }
            var segments: [Manifest.Segment] = []
            for record in imports {
                let key = record.source.key
                let file = (segmentPath(forSource: key, storePath: storePath) as NSString).lastPathComponent
                if let built, built.key == key, Manifest.describes(built, record) {
                    segments.append(built)
                    continue
                }
                if !(forced.map { $0.contains(key) } ?? true), let kept = known.first(where: { $0.key == key }), Manifest.describes(kept, record),
                    FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent(kept.file))
                {
                    segments.append(kept)
                    continue
                }
                let names = try buildSegment(of: key, store: store, generation: generation)
                segments.append(
                    Manifest.Segment(key: key, file: file, importedAt: record.importedAt, count: record.count, generation: generation, names: names))
            }
            if try ImportWriteError.stored({ () throws(StoreError) in try store.importGeneration() }) == generation {
                try Manifest(generation: generation, segments: segments).write(storePath: storePath)
                return Built(path: folder, count: segments.reduce(0) { $0 + $1.names }, seconds: (ContinuousClock.now - started).seconds)
            }
            forced = []
        }
        throw ImportWriteError(.busy, "the store kept changing while the name index was built; run the import again")
    }

    /// Writes the name index of `names` at `path`, one file, renamed over the old one when it is
    /// finished: a server instance's index, built from the shared database (`places serve index
    /// build`), where the embedded store keeps a segment per import.
    /// - Returns: the names given to it.
    public static func write(_ names: some Sequence<NameRecord>, to path: String) throws(ImportWriteError) -> Int {
        let url = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            let builder = try AutocompleteIndexBuilder(temporaryDirectory: url.deletingLastPathComponent())
            for name in names { try builder.add(name) }
            try builder.write(to: url)
            return builder.added
        } catch {
            throw ImportWriteError(.cannotWrite, "the name index \(path) cannot be written: \(error)")
        }
    }

    /// Builds the segment of one import from its names in the store, with the towns of the
    /// other segments around them (``AutocompleteIndexBuilder/addTowns(from:within:)``).
    /// - Returns: the names given to it.
    private static func buildSegment(of key: String, store: SQLitePlaceStore, generation: Int) throws(ImportWriteError) -> Int {
        let path = segmentPath(forSource: key, storePath: store.path)
        let url = URL(fileURLWithPath: path)
        do {
            let builder = try AutocompleteIndexBuilder(temporaryDirectory: url.deletingLastPathComponent())
            builder.sourceGeneration = UInt32(truncatingIfNeeded: generation)
            var extent = Extent()
            try store.forEachIndexedName(ofImport: key) { record in
                extent.add(record.coordinate)
                try builder.add(record)
            }
            addTowns(to: builder, storePath: store.path, except: key, within: extent)
            try builder.write(to: url)
            return builder.added
        } catch let error as StoreError {
            throw ImportWriteError(error)
        } catch {
            throw ImportWriteError(.cannotWrite, "the name index \(path) cannot be written: \(error)")
        }
    }

    package enum Current {
        case index(AutocompleteIndex?)
        /// Why, and the import whose segment it is when one is.
        case behind(String, key: String?)
        case damaged(IndexFileError, key: String)
    }

    /// The segments the list names, opened, when they hold what the store holds now.
    package static func current(_ manifest: Manifest, storePath: String) -> Current {
        if let behind = behind(manifest, storePath: storePath) { return .behind(behind, key: nil) }
        let folder = folder(forStore: storePath)
        var segments: [AutocompleteIndex] = []
        for segment in manifest.segments {
            let path = (folder as NSString).appendingPathComponent(segment.file)
            do {
                let index = try AutocompleteIndex.open(at: URL(fileURLWithPath: path))
                // Each file records the generation it was built at: one another process replaced is caught here.
                guard index.sourceGeneration == Int(UInt32(truncatingIfNeeded: segment.generation)) else {
                    return .behind("\(path) was built from import \(index.sourceGeneration), the list says \(segment.generation)", key: segment.key)
                }
                segments.append(index)
            } catch {
                guard FileManager.default.fileExists(atPath: path) else { return .behind("\(path) is missing", key: segment.key) }
                return .damaged(error, key: segment.key)
            }
        }
        return .index(segments.isEmpty ? nil : AutocompleteIndex(segments: segments))
    }
}

extension NameIndex {
    /// The box around an import's positions.
    struct Extent {
        var south = Double.infinity, west = Double.infinity, north = -Double.infinity, east = -Double.infinity

        mutating func add(_ coordinate: Coordinate?) {
            guard let coordinate else { return }
            south = min(south, coordinate.latitude)
            north = max(north, coordinate.latitude)
            west = min(west, coordinate.longitude)
            east = max(east, coordinate.longitude)
        }

        var box: BoundingBox? { south <= north ? BoundingBox(south: south, west: west, north: north, east: east) : nil }
    }

    /// Gives `builder` the towns of every other segment that lie around `extent`, so that its
    /// records lie in them as in one index of every import. The segments are taken as they are
    /// on disk: a town imported later does not reach back into a segment built before it.
    static func addTowns(to builder: AutocompleteIndexBuilder, storePath: String, except key: String, within extent: Extent) {
        guard let box = extent.box else { return }
        let folder = folder(forStore: storePath)
        let own = (segmentPath(forSource: key, storePath: storePath) as NSString).lastPathComponent
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() where name.hasSuffix(".names") && name != own {
            guard let other = try? AutocompleteIndex.open(at: URL(fileURLWithPath: (folder as NSString).appendingPathComponent(name))) else {
                continue
            }
            builder.addTowns(from: other, within: box)
        }
    }

    /// Why the list does not describe what the store holds now, or nil when it does (or cannot be
    /// told: no store).
    package static func behind(_ manifest: Manifest, storePath: String) -> String? {
        guard let store = try? SQLitePlaceStore.openForReading(at: storePath), let generation = try? store.importGeneration() else { return nil }
        guard generation != manifest.generation else { return nil }
        return "built from import \(manifest.generation), the store is at \(generation): an import was interrupted"
    }

    /// The index as it is, when an import changed nothing: nothing is built again, and the list
    /// is current at the generation the import left (the store holds what it held).
    package static func unchanged(storePath: String) -> Built? {
        guard var manifest = Manifest.read(storePath: storePath) else { return nil }
        if let store = try? SQLitePlaceStore.openForReading(at: storePath), let generation = try? store.importGeneration(),
            generation != manifest.generation
        {
            manifest.generation = generation
            guard (try? manifest.write(storePath: storePath)) != nil else { return nil }
        }
        // The files must still open as the list says.
        guard case .index = current(manifest, storePath: storePath) else { return nil }
        return Built(path: folder(forStore: storePath), count: manifest.segments.reduce(0) { $0 + $1.names }, seconds: 0, rebuilt: false)
    }

    /// After a removal: the removed import's segment goes, the others stay.
    package static func removed(store: SQLitePlaceStore) throws(ImportWriteError) -> Built {
        try update(store: store, rebuilding: [])
    }
}
