import ArgumentParser
import PlaceCore
import PlacesCommandLine
import PlacesKit
import Testing

@testable import places

/// `places import … --database` hands its options to places-server's `import files`, which reads
/// them with the same option group: what the server parses is what the user gave.
@Suite(.timeLimit(.minutes(10))) struct ImportHandOverTests {
    static let given = [
        "--names", "a.csv", "--names", "b.tsv", "--name-column", "3", "--lat-column", "lat", "--lon-column", "lon", "--importance-column",
        "pop", "--detail-column", "admin1", "--detail-column", "cc", "--kind", "street", "--no-header", "--delimiter", "semicolon",
        "--format", "json",
    ]

    @Test func theOptionsHandedOverParseBackToTheSame() throws {
        let parsed = try Places.parseAsRoot(["import", "map.osm", "--store", "s.sqlite"] + Self.given)
        let command = try #require(parsed as? Places.Import.Files)
        let handed = command.serverArguments
        let separator = try #require(handed.firstIndex(of: "--"))
        #expect(Array(handed[(separator + 1)...]) == ["map.osm"])
        var options = Array(handed[..<separator])
        let store = try #require(options.firstIndex(of: "--store"))
        #expect(options[store + 1] == "s.sqlite")
        options.removeSubrange(store...(store + 1))

        let received = try ImportArguments.parse(options)
        #expect(received.arguments == command.options.arguments)
        #expect(received.nameLists == ["a.csv", "b.tsv"])
        #expect(received.detailColumn == ["admin1", "cc"])
        #expect(received.header == false)
        #expect(received.format == .json)
        let read = received.nameListOptions
        #expect(read.mapping.name == "3" && read.mapping.latitude == "lat" && read.mapping.longitude == "lon" && read.mapping.importance == "pop")
        #expect(read.mapping.kind == .street && read.delimiter == UInt8(ascii: ";"))
    }

    /// The checks travel with the options: the server refuses what the CLI refuses.
    @Test(arguments: [
        (["--names", "a.csv", "--kind", "river"], "--kind 'river' must be street, poi, place or address"),
        (["--names", "a.csv", "--delimiter", "pipe"], "--delimiter 'pipe' must be comma, tab or semicolon"),
        (["--lat-column", "2"], "column options describe a name list: give it with --names FILE"),
    ])
    func badOptionsAreRefusedByTheGroupBothParse(_ arguments: [String], _ message: String) {
        #expect {
            _ = try ImportArguments.parse(arguments)
        } throws: { error in
            ImportArguments.message(for: error).contains(message)
        }
    }
}
