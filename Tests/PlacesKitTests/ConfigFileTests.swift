import Foundation
@testable import PlacesKit
import Testing

/// The config file read as TOML: what valid TOML means, what a bad line hides (and what it does
/// not), misspelt keys, files that are not regular.
struct ConfigFileTests {
    static func parse(_ text: String) -> ConfigFile { ConfigFile.parse(text, displayPath: "config.toml") }

    @Test func tomlStringsAreReadAsTOMLReadsThem() throws {
        let config = Self.parse(
            #"""
            # a comment line
            center = '52.37,4.89'            # a literal string; a comment after it
            [http]
            contact = "caf\u00e9 \"owner\" # not a comment"
            cache = false
            deadline = 2.5
            [feeds]
            windows = 'C:\feeds\amsterdam.json'
            note = """
            first line
            second line"""
            raw = '''
            kept \n as written'''
            [plugins]
            "quoted name" = "/bin/x"
            """#)
        #expect(config.problems.isEmpty)
        #expect(try config.value("center") == "52.37,4.89")
        #expect(try config.value("http.contact") == #"café "owner" # not a comment"#)
        #expect(try config.value("http.cache") == "false")
        #expect(try config.value("http.deadline") == "2.5")
        #expect(try config.value("feeds.windows") == #"C:\feeds\amsterdam.json"#)
        #expect(try config.value("feeds.note") == "first line\nsecond line")
        #expect(try config.value("feeds.raw") == #"kept \n as written"#)
        #expect(try config.section("plugins") == ["quoted name": "/bin/x"])
    }

    @Test func dottedKeysAndInlineTablesAreSections() throws {
        let config = Self.parse("http.mode = \"replay\"\nfoursquare = { endpoint = \"https://proxy.example\", api_key = \"k\" }\n")
        #expect(try config.value("http.mode") == "replay")
        #expect(try config.section("foursquare") == ["endpoint": "https://proxy.example", "api_key": "k"])
    }

    @Test func aBadValueHidesItsKeyAlone() throws {
        let config = Self.parse("center = \"52.37,4.89\"\n[foursquare]\napi_key = fsq3-unquoted\nendpoint = \"https://proxy.example\"\n")
        let problem = try #require(config.problems.first)
        #expect(config.problems.count == 1)
        #expect(problem.line == 3)
        #expect(problem.reach == .key("foursquare.api_key"))
        #expect(problem.message == #"the value of api_key must be a "quoted string", a number, true or false"#)
        #expect(try config.value("center") == "52.37,4.89")
        #expect(try config.value("foursquare.endpoint") == "https://proxy.example")
        let error = try #require(throws: PlacesError.self) { try config.value("foursquare.api_key") }
        #expect(error.kind == .configuration)
        #expect(error.description.hasPrefix("config.toml:3: the value of api_key must be"))
        #expect(error.description.hasSuffix("; fix or remove that line (TOML: text goes in quotes, key = \"value\")"))
        #expect(throws: PlacesError.self) { try config.section("foursquare") }
        #expect(try config.section("http").isEmpty)
        #expect(config.readableSection("foursquare") == ["endpoint": "https://proxy.example"])
    }

    @Test func aLineThatNamesNoKeyHidesTheKeysItsSectionDoesNotSet() throws {
        let config = Self.parse("center = \"52.37,4.89\"\n[http]\nmode = \"replay\"\nthis is garbage\n[osm]\nendpoint = \"https://o.example\"\n")
        #expect(config.problems.map(\.line) == [4])
        #expect(config.problems.first?.reach == .section("http"))
        #expect(try config.value("http.mode") == "replay")
        #expect(throws: PlacesError.self) { try config.value("http.deadline") }
        #expect(throws: PlacesError.self) { try config.section("http") }
        #expect(try config.value("center") == "52.37,4.89")
        #expect(try config.section("osm") == ["endpoint": "https://o.example"])
    }

    @Test func aBrokenHeaderKeepsItsKeysOutOfTheSectionBefore() throws {
        let config = Self.parse("[http]\nmode = \"replay\"\n[foursquare\napi_key = \"k\"\n[osm]\nendpoint = \"https://o.example\"\n")
        #expect(config.problems.map(\.line) == [3])
        #expect(config.problems.first?.reach == .section("foursquare"))
        #expect(try config.section("http") == ["mode": "replay"])
        #expect(throws: PlacesError.self) { try config.value("foursquare.api_key") }
        #expect(try config.value("osm.endpoint") == "https://o.example")
        #expect(config.values["api_key"] == nil && config.values["http.api_key"] == nil)
        // A header that names nothing: any key the file does not set may be under it.
        let unnamed = Self.parse("[http]\nmode = \"replay\"\n[ ]\napi_key = \"k\"\n")
        #expect(unnamed.problems.map(\.reach) == [.unset])
        #expect(try unnamed.value("http.mode") == "replay")
        #expect(throws: PlacesError.self) { try unnamed.value("http.deadline") }
        #expect(unnamed.values["http.api_key"] == nil)
    }

    @Test func aStringLeftOpenKeepsWhatComesBeforeIt() throws {
        let config = Self.parse("center = \"1,2\"\n[http]\ncontact = \"\"\"\nnever closed\n\n[osm]\nendpoint = \"x\"\n")
        #expect(try config.value("center") == "1,2")
        let problem = try #require(config.problems.last)
        #expect(problem.line == 3)
        #expect(problem.reach == .unset)
        #expect(throws: PlacesError.self) { try config.value("osm.endpoint") }
        #expect(throws: PlacesError.self) { try config.value("http.contact") }
    }

    @Test func aKeySetTwiceIsAProblemOfThatKey() throws {
        let config = Self.parse("center = \"1,2\"\ncenter = \"3,4\"\n")
        #expect(config.problems.map(\.line) == [2])
        #expect(throws: PlacesError.self) { try config.value("center") }
    }

    @Test func aValuePlacesCannotUseIsAProblemOfItsKeyWithItsLine() throws {
        let config = Self.parse("[http]\nmode = \"live\"\ndeadline = [10, 20]\n")
        #expect(
            config.problems == [
                ConfigProblem(line: 3, message: "[http] deadline must be a \"quoted string\", a number, true or false", reach: .key("http.deadline"))
            ])
        #expect(try config.value("http.mode") == "live")
        #expect(throws: PlacesError.self) { try config.value("http.deadline") }
    }

    @Test func aNulCharacterIsALineOfItsOwn() throws {
        let config = Self.parse("center = \"1,2\"\ncontact = \"a\u{0}b\"\n")
        #expect(config.problems.map(\.line) == [2])
        #expect(try config.value("center") == "1,2")
    }

    @Test func devNullIsAnEmptyConfigAndAFolderIsAnError() throws {
        let empty = try ConfigFile.load(path: "/dev/null", displayPath: "/dev/null")
        #expect(empty.values.isEmpty && empty.problems.isEmpty)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("places-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let error = try #require(throws: PlacesError.self) { try ConfigFile.load(path: folder.path, displayPath: folder.path) }
        #expect(error.kind == .configuration)
        #expect(error.message == "the config file \(folder.path) is a folder; give the path of a file")
    }

    /// What a bad line in [http] hides is read only by a service that reaches providers: the
    /// settings resolve, a service over the store alone is made, one with providers is not.
    @Test func aBadHTTPLineStopsOnlyAServiceThatAsksProviders() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("places-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("config.toml")
        try Data("[http]\ndeadline = soon\n".utf8).write(to: file)
        let environment = ["HOME": folder.path, "PLACES_STORE": folder.appendingPathComponent("places.sqlite").path]
        let settings = try PlacesSettings(SettingsOptions(configFile: file.path), environment: environment)
        #expect(throws: PlacesError.self) { try settings.deadline }
        #expect(try settings.httpMode == .auto)
        _ = try PlacesService(settings: settings, catalog: ProviderCatalog([]))
        let error = try #require(throws: PlacesError.self) { try PlacesService(settings: settings) }
        #expect(error.kind == .configuration)
        #expect(error.underlyingError is ConfigProblem)
        #expect(error.message.hasPrefix("\(file.path):2: the value of deadline must be"))
        // Given on the command line, the deadline is not read from the file.
        let given = try PlacesSettings(SettingsOptions(deadline: "5", configFile: file.path), environment: environment)
        #expect(try given.deadline == .seconds(5))
    }
}
