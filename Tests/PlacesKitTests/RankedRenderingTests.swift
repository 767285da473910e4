import Foundation
import PlaceBytes
import PlaceCore
import PlacesKit
import Testing

/// A ranked list rendered by the library as the CLI and the server show it, from the recordings.
struct RankedRenderingTests {
    static func coffee() async throws -> RankedSearch {
        let (service, folder) = try TestService.make()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await service.coffee(CoffeeQuery(near: .coordinate(Coordinate(52.37, 4.89)), top: 5))
        try #require(!result.ranking.ranked.isEmpty)
        return result
    }

    @Test func everyFormatHasOneEntryPerRankedPlace() async throws {
        let result = try await Self.coffee()
        let count = result.ranking.ranked.count
        let geojson = try JSONValue.parse(result.render(.geojson))
        let features = try #require(geojson["features"]?.arrayValue)
        #expect(features.count == count)
        #expect(features.first?["properties"]?["rank"]?.intValue == 1)
        #expect(features.first?["properties"]?["marker-color"]?.stringValue == "#8B4513")
        #expect(features.first?["geometry"]?["type"]?.stringValue == "Point")
        #expect(result.render(.ndjson).split(separator: "\n").count == count)
        #expect(try JSONValue.parse(result.render(.json))["results"]?.arrayValue?.count == count)
        let table = result.render(.table).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(table.count == count + 1, "a header and a row per place")
        #expect(table.first?.hasPrefix("#  Name") == true)
    }

    @Test func aStyleMarksNamesAndExplainingAddsScoreLines() async throws {
        let result = try await Self.coffee()
        let plain = result.render(.table)
        #expect(!plain.contains("<strong>"))
        let style = TextStyle(width: nil) { mark, text in "<\(mark)>\(text)</\(mark)>" }
        let marked = result.render(.table, style: style)
        let first = result.ranking.ranked[0].place.name
        #expect(marked.contains("<strong>\(first)"))
        #expect(marked.hasPrefix("<faint>#"), "the column titles are faint")
        let explained = result.render(.table, explain: true)
        #expect(explained.contains("     score "))
        #expect(explained.count > plain.count)
    }

    @Test func aTableFitsTheWidthByShorteningItsShrinkingColumn() {
        var table = TextTable([.init("Name"), .init("Where", shrinks: true), .init("Walk", .right)])
        table.rows = [["Café de Jaren", "Nieuwe Doelenstraat 20-22, 1012 CP Amsterdam", "5 m"], ["Ｗｉｄｅ", "", "1200 m"]]
        let lines = table.render(width: 40)
        #expect(lines.allSatisfy { TextTable.displayWidth($0) <= 40 })
        #expect(lines[1].contains("…"))
        #expect(lines[1].hasSuffix("   5 m"), "right-aligned under its title")
        #expect(lines.allSatisfy { !$0.hasSuffix(" ") })
        #expect(TextTable.displayWidth("Ｗｉｄｅ") == 8, "full-width letters take two columns each")
        #expect(table.text(width: 40) == lines.joined(separator: "\n") + "\n")
    }
}
