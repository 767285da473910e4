import PlaceCore
import PlaceStore
import Testing

struct SettingsTests {
    @Test func settingsAreSetReadOverwrittenAndRemoved() throws {
        let folder = TemporaryFolder()
        let store = try SQLitePlaceStore.openForWriting(at: folder.storePath)
        #expect(try store.setting("center") == nil)
        #expect(try store.settings().isEmpty)

        try store.setSetting("center", to: "52.37,4.89")
        try store.setSetting("providers.enabled", to: "osm")
        #expect(try store.setting("center") == "52.37,4.89")

        try store.setSetting("center", to: "48.85,2.35")
        #expect(try store.setting("center") == "48.85,2.35")
        #expect(try store.settings() == ["center": "48.85,2.35", "providers.enabled": "osm"])

        try store.setSetting("center", to: nil)
        #expect(try store.setting("center") == nil)
        #expect(try store.settings() == ["providers.enabled": "osm"])
        try store.setSetting("never.set", to: nil)  // removing what is not there is fine
        #expect(try store.settings().count == 1)
    }

    @Test func anEmptyValueIsAValueNotARemoval() throws {
        let folder = TemporaryFolder()
        let store = try SQLitePlaceStore.openForWriting(at: folder.storePath)
        try store.setSetting("center", to: "")
        #expect(try store.setting("center") == "")
    }
}
