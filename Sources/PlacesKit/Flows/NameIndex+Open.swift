public import Autocomplete
import Foundation
public import PlaceImport
import PlaceCore
import PlaceStore

// Reading the name index the import keeps beside the store (``NameIndex``), for `complete`.
extension NameIndex {
    /// The index for the store at `storePath`: its segments when they are current, else brought
    /// up to date from the store first (an interrupted import, a file someone removed, the
    /// single file of an older places). Nil when nothing was ever imported. The store is only
    /// read: where the folder cannot be written (a read-only folder), the index is built in
    /// memory for this run (the store's names held at once). Without a store of imports, the
    /// single file `places serve index build` wrote is opened.
    public static func open(storePath: String, notices: NoticeSink) throws(PlacesError) -> AutocompleteIndex? {
        let (count, bytes) = ImportLeftovers.sweep(storePath: storePath)
        if count > 0 {
            notices.say("removed \(count) file\(count == 1 ? "" : "s") (\(bytes / 1_000_000) MB) that an interrupted import left beside \(storePath)")
        }
        // The import whose segment is found stale or damaged: built again with those the store changed.
        var stale: String?
        if let manifest = Manifest.read(storePath: storePath) {
            switch current(manifest, storePath: storePath) {
            case .index(let index): return index
            case .behind(let reason, let key):
                stale = key
                notices.warn("the name index \(folder(forStore: storePath)) is behind the store (\(reason)); rebuilding what changed")
            case .damaged(let error, let key):
                stale = key
                // A damaged index is only a cache of the store: built again when the store is there.
                guard FileManager.default.fileExists(atPath: storePath) else {
                    throw PlacesError(.badData, "the name index \(error.path) cannot be read (\(error))", remedy: Remedy(.importAgain))
                }
                if case .unsupportedVersion = error.problem {
                    notices.warn("the name index \(error.path) is from another version of places; rebuilding it from the store")
                } else {
                    notices.warn("the name index \(error.path) was damaged (\(error)); rebuilding it from the store")
                }
            }
        }
        let access = StoreAccess(location: StoreLocation(path: storePath, source: .option))
        let store = try access.reading()
        var imports: [ImportRecord] = []
        if let store { imports = try StoreAccess.run { () throws(StoreError) in try store.imports() } }
        let single = path(forStore: storePath)
        if imports.isEmpty {
            guard FileManager.default.fileExists(atPath: single) else { return nil }
            do {
                return try AutocompleteIndex.open(at: URL(fileURLWithPath: single))
            } catch {
                throw PlacesError(.badData, "the name index \(single) cannot be read (\(error))", remedy: Remedy(.importAgain))
            }
        }
        guard let store else { return nil }
        if FileManager.default.fileExists(atPath: single), Manifest.read(storePath: storePath) == nil {
            notices.say("the name index \(single) is now one file per import in \(folder(forStore: storePath)); building them from the store")
        }
        do throws(PlacesError) {
            _ = try PlacesService.besideStore { () throws(ImportWriteError) in try update(store: store, rebuilding: Set(stale.map { [$0] } ?? [])) }
            unlink(single)
            guard let manifest = Manifest.read(storePath: storePath), case .index(let index) = current(manifest, storePath: storePath) else {
                throw PlacesError(.bug, "the name index \(folder(forStore: storePath)) just built cannot be read")
            }
            return index
        } catch let error where error.kind == .cannotWrite {
            notices.warn("\(error.message); using one built in memory")
        }
        let records = try StoreAccess.run { () throws(StoreError) in try store.indexedNames() }
        return AutocompleteIndex(records: records)
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
