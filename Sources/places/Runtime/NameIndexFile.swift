import Foundation
import PlaceSearch
import PlaceStore
import Autocomplete

/// The autocomplete index beside the store (`places.sqlite` → `places.names`): built from the
/// store after every import, opened by `places complete` without touching SQLite, because that
/// command starts cold on every keystroke.
enum NameIndexFile {
    struct Built {
        let path: String
        let count: Int
    }

    static func path(forStore storePath: String) -> String {
        let url = URL(fileURLWithPath: storePath)
        let base = url.pathExtension.isEmpty ? url : url.deletingPathExtension()
        return base.appendingPathExtension("names").path
    }

    /// Builds the index from what the store holds now. Another import that commits meanwhile
    /// would leave the file behind the store, so the build is repeated until the store stood still.
    static func rebuild(store: SQLitePlaceStore) throws -> Built {
        let path = path(forStore: store.path)
        for _ in 0..<5 {
            let generation = try StoreAccess.run { () throws(StoreError) in try store.importGeneration() }
            let records = try StoreAccess.run { () throws(StoreError) in try store.indexedNames() }
            let index = AutocompleteIndex(records: records)
            do {
                try index.write(to: URL(fileURLWithPath: path))
            } catch {
                throw CLIError("the name index \(path) cannot be written: \(error)", status: .cannotCreate)
            }
            if try StoreAccess.run({ () throws(StoreError) in try store.importGeneration() }) == generation {
                return Built(path: path, count: records.count)
            }
        }
        throw CLIError("the store kept changing while the name index was built; run the import again", status: .temporaryFailure)
    }

    /// The index for the store at `storePath`: the file when there is one, else built from the
    /// store (an import that could not write it, a file someone removed). Nil when nothing was
    /// ever imported.
    static func open(storePath: String) throws -> AutocompleteIndex? {
        let path = path(forStore: storePath)
        if FileManager.default.fileExists(atPath: path) {
            do {
                return try AutocompleteIndex.open(at: URL(fileURLWithPath: path))
            } catch {
                // A damaged index is only a cache of the store: build it again when the store is there.
                guard FileManager.default.fileExists(atPath: storePath) else {
                    throw CLIError("the name index \(path) cannot be read (\(error)); run 'places import' again", status: .data)
                }
                StandardError.line("places: the name index \(path) was damaged (\(error)); rebuilding it from the store")
            }
        }
        guard let store = try StoreAccess(option: storePath).reading(),
            try !StoreAccess.run({ () throws(StoreError) in try store.imports() }).isEmpty
        else { return nil }
        let writable = try StoreAccess(option: storePath).writing()
        _ = try rebuild(store: writable)
        return try AutocompleteIndex.open(at: URL(fileURLWithPath: path))
    }
}
