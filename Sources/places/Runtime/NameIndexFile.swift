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
        /// Names the store gave (before the same place from several sources became one).
        let count: Int
        let seconds: Double
    }

    static func path(forStore storePath: String) -> String {
        let url = URL(fileURLWithPath: storePath)
        let base = url.pathExtension.isEmpty ? url : url.deletingPathExtension()
        return base.appendingPathExtension("names").path
    }

    /// Builds the index from what the store holds now, streaming its names through the builder
    /// (sorted runs in a temporary folder beside the index, so memory stays bounded). Another
    /// import that commits meanwhile would leave the file behind the store, so the build is
    /// repeated until the store stood still.
    static func rebuild(store: SQLitePlaceStore) throws -> Built {
        let path = path(forStore: store.path)
        let url = URL(fileURLWithPath: path)
        for _ in 0..<5 {
            let started = ContinuousClock.now
            let generation = try StoreAccess.run { () throws(StoreError) in try store.importGeneration() }
            let builder: AutocompleteIndexBuilder
            do {
                builder = try AutocompleteIndexBuilder(temporaryDirectory: url.deletingLastPathComponent())
                try store.forEachIndexedName { try builder.add($0) }
                try builder.write(to: url)
            } catch let error as StoreError {
                throw StoreAccess.cliError(error)
            } catch {
                throw CLIError("the name index \(path) cannot be written: \(error)", status: .cannotCreate)
            }
            if try StoreAccess.run({ () throws(StoreError) in try store.importGeneration() }) == generation {
                return Built(path: path, count: builder.added, seconds: (ContinuousClock.now - started).seconds)
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
                if case .unsupportedVersion = error.problem {
                    StandardError.line("places: the name index \(path) is from another version of places; rebuilding it from the store")
                } else {
                    StandardError.line("places: the name index \(path) was damaged (\(error)); rebuilding it from the store")
                }
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
