public import Autocomplete
import Foundation
import PlaceSearch
public import PlaceStore

/// The autocomplete index beside the store (`places.sqlite` → `places.names`): built from the store
/// after every import, opened by `places complete` without touching SQLite, because that command
/// starts cold on every keystroke.
public enum NameIndex {
    public struct Built: Sendable {
        public let path: String
        public let count: Int
        /// How long the build took; zero when the index was left as it was.
        public var seconds: Double = 0
        /// The part of ``seconds`` spent while the import was written (the index built beside
        /// the store write); the import took the rest longer.
        public var secondsBesideWrite: Double = 0
        /// False when nothing changed and the index was left as it was.
        public var rebuilt = true
    }

    public static func path(forStore storePath: String) -> String {
        let url = URL(fileURLWithPath: storePath)
        let base = url.pathExtension.isEmpty ? url : url.deletingPathExtension()
        return base.appendingPathExtension("names").path
    }

    /// Builds the index from what the store holds now, streaming its names through the builder
    /// (sorted runs in a temporary folder beside the index, so memory stays bounded at any size).
    /// Another import that commits meanwhile would leave the file behind the store, so the build is
    /// repeated until the store stood still.
    public static func rebuild(store: SQLitePlaceStore) throws(PlacesError) -> Built {
        let path = path(forStore: store.path)
        let url = URL(fileURLWithPath: path)
        let started = ContinuousClock.now
        for _ in 0..<5 {
            let generation = try StoreAccess.run { () throws(StoreError) in try store.importGeneration() }
            let added: Int
            do {
                let builder = try AutocompleteIndexBuilder(temporaryDirectory: url.deletingLastPathComponent())
                builder.sourceGeneration = UInt32(truncatingIfNeeded: generation)
                try store.forEachIndexedName { try builder.add($0) }
                try builder.write(to: url)
                added = builder.added
            } catch let error as StoreError {
                throw StoreAccess.error(error)
            } catch {
                throw PlacesError(.cannotWrite, "the name index \(path) cannot be written: \(error)")
            }
            if try StoreAccess.run({ () throws(StoreError) in try store.importGeneration() }) == generation {
                return Built(path: path, count: added, seconds: (ContinuousClock.now - started).seconds)
            }
        }
        throw PlacesError(.busy, "the store kept changing while the name index was built; run the import again")
    }

    /// The index for the store at `storePath`: the file when there is one, else built from the
    /// store (an import that could not write it, a file someone removed). Nil when nothing was
    /// ever imported. The store is only read: where the index file cannot be written (a read-only
    /// folder), the index is built in memory for this run (the store's names held at once).
    public static func open(storePath: String, notices: NoticeSink) throws(PlacesError) -> AutocompleteIndex? {
        let path = path(forStore: storePath)
        let (count, bytes) = ImportLeftovers.sweep(storePath: storePath)
        if count > 0 {
            notices.say("removed \(count) file\(count == 1 ? "" : "s") (\(bytes / 1_000_000) MB) that an interrupted import left beside \(storePath)")
        }
        if FileManager.default.fileExists(atPath: path) {
            do {
                let index = try AutocompleteIndex.open(at: URL(fileURLWithPath: path))
                // An import interrupted between its store commit and the index leaves the index
                // behind the store: found out here, and built again.
                guard let behind = behind(index, storePath: storePath) else { return index }
                notices.warn("the name index \(path) is behind the store (\(behind)); rebuilding it from the store")
            } catch {
                // A damaged index is only a cache of the store: build it again when the store is there.
                guard FileManager.default.fileExists(atPath: storePath) else {
                    throw PlacesError(.badData, "the name index \(path) cannot be read (\(error)); run 'places import' again")
                }
                if case .unsupportedVersion = error.problem {
                    notices.warn("the name index \(path) is from another version of places; rebuilding it from the store")
                } else {
                    notices.warn("the name index \(path) was damaged (\(error)); rebuilding it from the store")
                }
            }
        }
        let access = StoreAccess(location: StoreLocation(path: storePath, source: .option))
        guard let store = try access.reading(), try !StoreAccess.run({ () throws(StoreError) in try store.imports() }).isEmpty else {
            return nil
        }
        do throws(PlacesError) {
            let built = try rebuild(store: store)
            do {
                return try AutocompleteIndex.open(at: URL(fileURLWithPath: built.path))
            } catch {
                throw PlacesError(.bug, "the name index \(built.path) just built cannot be read: \(error)")
            }
        } catch let error where error.kind == .cannotWrite {
            notices.warn("\(error.message); using one built in memory")
        }
        let records = try StoreAccess.run { () throws(StoreError) in try store.indexedNames() }
        return AutocompleteIndex(records: records)
    }
}

extension NameIndex {
    /// Why `index` does not hold what the store holds now, or nil when it does (or cannot be
    /// told: no store, or an index built before it recorded its source).
    static func behind(_ index: AutocompleteIndex, storePath: String) -> String? {
        guard index.sourceGeneration != 0, let store = try? SQLitePlaceStore.openForReading(at: storePath),
            let generation = try? store.importGeneration()
        else { return nil }
        let current = Int(UInt32(truncatingIfNeeded: generation))
        guard current != index.sourceGeneration else { return nil }
        return "built from import \(index.sourceGeneration), the store is at \(current): an import was interrupted"
    }

    /// The index as it is, when an import changed nothing: nothing is built again.
    static func unchanged(storePath: String) -> Built? {
        let path = path(forStore: storePath)
        guard let index = try? AutocompleteIndex.open(at: URL(fileURLWithPath: path)) else { return nil }
        return Built(path: path, count: index.count, seconds: 0, rebuilt: false)
    }
}

extension PlacesService {
    /// The name index of this service's store; nil when nothing is imported.
    public func nameIndex() throws(PlacesError) -> AutocompleteIndex? {
        try names.current(notices: notices)
    }

    /// Completions of what has been typed so far, from the imported names, through the one
    /// lookup every name goes through (``PlaceLookup``): "Senaatintori, Helsinki", "Keizersgracht
    /// 148", "Hotel Palace". Without a focus, around the saved centre, else the imported data's.
    /// - Throws: ``PlacesError`` (`notFound`) when nothing is imported.
    public func complete(_ query: LookupQuery) throws(PlacesError) -> LookupAnswer {
        guard let index = try nameIndex() else {
            throw PlacesError(.notFound, "nothing to complete from: no names are imported in \(store.path)", remedy: Remedy(.importData))
        }
        var focused = query
        focused.focus = lookupFocus(query.focus)
        return PlaceLookup(index).lookup(focused)
    }
}
