import PlaceStore
import Testing

struct StoreLocationTests {
    let environment = ["PLACES_STORE": "/env/store.sqlite", "XDG_DATA_HOME": "/xdg", "HOME": "/home/ann"]

    @Test func theOptionWinsOverEverything() {
        let location = StoreLocation.resolve(option: "my.sqlite", environment: environment)
        #expect(location == StoreLocation(path: "my.sqlite", source: .option))
        #expect(location?.sourceDescription == "--store")
    }

    @Test func theEnvironmentVariableComesNext() {
        let location = StoreLocation.resolve(option: nil, environment: environment)
        #expect(location == StoreLocation(path: "/env/store.sqlite", source: .environment))
        #expect(location?.sourceDescription == "$PLACES_STORE")
    }

    @Test func thenTheXDGDataHome() {
        var environment = environment
        environment["PLACES_STORE"] = nil
        #expect(
            StoreLocation.resolve(option: nil, environment: environment)
                == StoreLocation(path: "/xdg/places/places.sqlite", source: .xdgDataHome))
        environment["XDG_DATA_HOME"] = "/xdg/"
        #expect(StoreLocation.resolve(option: nil, environment: environment)?.path == "/xdg/places/places.sqlite")
    }

    @Test func thenTheHomeFolder() {
        let location = StoreLocation.resolve(option: nil, environment: ["HOME": "/home/ann"])
        #expect(location == StoreLocation(path: "/home/ann/.local/share/places/places.sqlite", source: .home))
    }

    @Test func emptyValuesAndARelativeXDGDataHomeCountAsUnset() {
        let environment = ["PLACES_STORE": "", "XDG_DATA_HOME": "relative/data", "HOME": "/home/ann"]
        #expect(StoreLocation.resolve(option: "", environment: environment)?.source == .home)
    }

    @Test func nothingToGoOnGivesNil() {
        #expect(StoreLocation.resolve(option: nil, environment: [:]) == nil)
    }
}
