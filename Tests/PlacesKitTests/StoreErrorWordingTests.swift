import PlacesKit
import Testing

/// A store's failure carries what to do as a value, and its own description words it neutrally:
/// an app that logs `\(error)` shows no flag of the CLI's.
struct StoreErrorWordingTests {
    static let kinds: [StoreError.Kind] = [.isDirectory, .notADatabase, .newerSchema, .unavailable, .readOnly, .busy, .corruptRecord, .unreachable]

    @Test(arguments: kinds)
    func theDescriptionNamesNoFlag(_ kind: StoreError.Kind) {
        let error = StoreError(kind, path: "/data/places.sqlite", detail: "a detail")
        #expect(!error.description.contains("--"), "\(error.description)")
        #expect(error.description.hasPrefix(error.message))
        // The front door hands on the same remedy.
        #expect(StoreAccess.error(error).remedy == error.remedy)
    }

    @Test func aFolderGivenAsTheStoreSuggestsAFileInIt() {
        let error = StoreError(.isDirectory, path: "/data", detail: "")
        #expect(error.remedy == Remedy(.chooseStoreFile(example: "/data/places.sqlite")))
        #expect(error.description == "the store /data is a directory; give the path of a file, e.g. /data/places.sqlite")
    }
}
