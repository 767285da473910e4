import Foundation
@testable import PlacesKit
import Testing

/// What a command that ran anyway says of its config file: unknown keys and sections with the
/// known one they are likely a misspelling of, and the lines that could not be read.
struct ConfigSchemaTests {
    static func parse(_ text: String) -> ConfigFile { ConfigFile.parse(text, displayPath: "config.toml") }

    @Test(arguments: [
        ("centre = \"1,2\"\n", "config.toml:1: unknown key 'centre', ignored; did you mean center?"),
        ("[htpp]\nmode = \"live\"\n", "config.toml:1: unknown section [htpp], ignored; did you mean [http]?"),
        ("[http]\ndeadlin = 5\n", "config.toml:2: unknown key 'deadlin' in [http], ignored; did you mean [http] deadline?"),
        ("deadline = 5\n", "config.toml:1: unknown key 'deadline', ignored; did you mean [http] deadline?"),
        ("[fourscuare]\n", "config.toml:1: unknown section [fourscuare], ignored; did you mean [foursquare]?"),
        ("[weather]\nkey = \"x\"\n", "config.toml:1: unknown section [weather], ignored"),
    ])
    func unknownKeysAreSaidWithTheirNearestKnownOne(text: String, warning: String) {
        #expect(Self.parse(text).warnings() == [warning])
    }

    /// The example config of docs/config.md uses only keys places knows.
    @Test func theDocumentedExampleHasNothingToSay() throws {
        let page = try String(contentsOf: TestService.repository.appendingPathComponent("docs/config.md"), encoding: .utf8)
        let example = try #require(page.components(separatedBy: "```toml\n").dropFirst().first?.components(separatedBy: "```").first)
        let config = Self.parse(example)
        #expect(config.values.count >= 10)
        #expect(config.warnings().isEmpty)
    }

    @Test func namedFeedsAndPluginsTakeAnyName() {
        #expect(Self.parse("[feeds]\nanything = \"x\"\n[plugins]\nwhatever = \"/bin/y\"\n").warnings().isEmpty)
        var schema = ConfigSchema.places
        schema.add(section: "company", keys: ["endpoint"])
        #expect(Self.parse("[company]\nendpoint = \"x\"\n").warnings(schema).isEmpty)
    }

    @Test func aBadLineIsWarnedWithWhatItKeepsFromBeingKnown() {
        #expect(
            Self.parse("[http]\nmode = live\n").warnings() == [
                #"config.toml:2: the value of mode must be a "quoted string", a number, true or false; not read (a command that needs [http] mode stops with exit 78 until it is fixed)"#
            ])
    }

    @Test(arguments: [("centre", "center", 1), ("htpp", "http", 1), ("kitten", "sitting", 3), ("", "abc", 3), ("same", "same", 0)])
    func editDistanceCountsASwapAsOne(a: String, b: String, distance: Int) {
        #expect(ConfigFile.editDistance(a, b) == distance)
    }
}
