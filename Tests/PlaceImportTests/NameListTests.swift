import PlaceBytes
import PlaceImport
import PlaceCore
import Testing

struct NameListTests {
    static func read(_ text: String, delimiter: Character = ",", _ mapping: NameListMapping) throws -> NameListReader.Result {
        try NameListReader.read(
            bytes: Array(text.utf8), label: "list.csv", delimiter: UInt8(ascii: delimiter.unicodeScalars.first!), mapping: mapping)
    }

    @Test func readsQuotedFieldsDoubledQuotesAndLineBreaksInsideQuotes() {
        let rows = Array(DelimitedText(bytes: Array("a,\"b, c\",\"say \"\"hi\"\"\"\r\n\n\"two\nlines\",x\n".utf8), delimiter: UInt8(ascii: ",")))
        #expect(rows.map(\.fields) == [["a", "b, c", "say \"hi\""], ["two\nlines", "x"]])
        #expect(rows.map(\.line) == [1, 3])
    }

    @Test func aHeaderlessStreetListByColumnNumberOneEntryPerName() throws {
        let text = """
            https://a/1,http://b/1,Damrak,1900
            https://a/2,http://b/2,"Damraksteeg",1950
            https://a/3,http://b/3,Damrak,1901
            https://a/4,http://b/4,,1901
            """
        let result = try Self.read(text, NameListMapping(name: "3", kind: .street))
        #expect(result.places.map(\.record.name) == ["Damrak", "Damraksteeg"])
        #expect(result.places.map(\.record.id) == ["names:list.csv:damrak", "names:list.csv:damraksteeg"])
        #expect(result.places.allSatisfy { $0.record.kind == .street && $0.record.coordinate == nil })
        #expect(result.skippedLines == [4])
    }

    @Test func aGazetteerWithAHeaderFindsItsColumnsByName() throws {
        let text = """
            lat,lon,name,admin1,admin2,cc
            52.37403,4.88969,Amsterdam,North Holland,,NL
            42.57952,1.65362,El Tarter,Canillo,,AD
            91,1,Nowhere,,,XX
            """
        let result = try Self.read(text, NameListMapping())
        #expect(result.places.map(\.record.name) == ["Amsterdam", "El Tarter"])
        #expect(result.places.first?.record.coordinate == Coordinate(52.37403, 4.88969))
        #expect(result.places.first?.record.detail == "North Holland, NL")
        #expect(result.places.first?.record.id == "names:list.csv#2")
        #expect(result.skippedLines == [4], "a latitude of 91 is off the globe")
    }

    @Test func aMissingColumnIsAnErrorNamingTheLine() {
        let text = "a,b,Damrak\na,b\n"
        #expect(throws: NameListError(line: 2, message: "has 2 columns, but the mapping reads column 3 (column 3)")) {
            try Self.read(text, NameListMapping(name: "3"))
        }
    }

    @Test func aColumnNameTheHeaderDoesNotHaveIsAnError() {
        #expect(throws: NameListError.self) { try Self.read("lat,lon,title\n1,2,x\n", NameListMapping(name: "name")) }
        #expect(throws: NameListError.self) { try Self.read("", NameListMapping(name: "1")) }
        #expect(throws: NameListError.self) { try Self.read("x\n", NameListMapping(name: "0")) }
    }

    @Test func populationsBecomeImportanceOnALogScale() throws {
        let text = "name\tpopulation\nBig\t1000000\nSmall\t1000\n"
        let result = try Self.read(text, delimiter: "\t", NameListMapping())
        let importance = result.places.map(\.record.importance)
        #expect(importance[0] > importance[1])
        #expect(importance.allSatisfy { (0...1).contains($0) })
    }

    @Test func controlCharactersInANameSkipTheRow() throws {
        let result = try Self.read("name\nok\nbad\u{7}name\n", NameListMapping())
        #expect(result.places.map(\.record.name) == ["ok"])
        #expect(result.skippedLines == [3])
    }

    /// Every row of `text`, as strings, through the field ranges ``DelimitedText/forEachRow(_:)`` hands over.
    static func rows(_ text: String, delimiter: UInt8 = UInt8(ascii: ",")) -> [DelimitedText.Row] {
        var rows: [DelimitedText.Row] = []
        DelimitedText(bytes: Array(text.utf8), delimiter: delimiter).forEachRow { row in
            rows.append(DelimitedText.Row(line: row.line, fields: (0..<row.count).map { row.string($0) }))
        }
        return rows
    }

    @Test func aQuotedFieldKeepsItsLineBreakAndOneQuoteOfTwoAndLaterLinesCountOn() {
        let text = "name,note\n\"Dam \"\"plein\"\"\",\"one\ntwo\"\nRokin,x\n"
        for rows in [Self.rows(text), Array(DelimitedText(bytes: Array(text.utf8), delimiter: UInt8(ascii: ",")))] {
            #expect(rows.map(\.fields) == [["name", "note"], ["Dam \"plein\"", "one\ntwo"], ["Rokin", "x"]])
            #expect(rows.map(\.line) == [1, 2, 4], "the quoted line break is a line of the file")
        }
    }

    @Test func aByteOrderMarkAndCRLFLineEndsAreNotPartOfAnyField() {
        let rows = Self.rows("\u{FEFF}name,cc\r\nDamrak,NL\r\n\r\nRokin,NL\r\n")
        #expect(rows.map(\.fields) == [["name", "cc"], ["Damrak", "NL"], ["Rokin", "NL"]])
        #expect(rows.map(\.line) == [1, 2, 4])
    }

    @Test func emptyFieldsQuotesInsideAFieldAndATrailingDelimiterAreKeptAsWritten() {
        let rows = Self.rows("a,,\"\",b\"c,\"\"x,\"q\"r\nlast,\n\"open")
        #expect(rows.map(\.fields) == [["a", "", "", "b\"c", "x", "qr"], ["last", ""], ["open"]])
        let tabs = Self.rows("Damrak\t\"a\tb\"\tNL", delimiter: 0x09)
        #expect(tabs.map(\.fields) == [["Damrak", "a\tb", "NL"]])
    }

    @Test func invalidUTF8BecomesReplacementCharactersAsBefore() {
        var bytes = Array("name\n".utf8)
        bytes += [0x44, 0x61, 0xFF, 0x6D] + Array(",\"x\u{FF}\"".utf8)
        var rows: [[String]] = []
        DelimitedText(bytes: bytes, delimiter: UInt8(ascii: ",")).forEachRow { row in rows.append((0..<row.count).map { row.string($0) }) }
        #expect(rows == [["name"], ["Da\u{FFFD}m", "x\u{FF}"]])
    }

    @Test func aGazetteerWithABOMAndCRLFReadsAsWithout() throws {
        let plain = "lat,lon,name,admin1,admin2,cc\n52.37403,4.88969,Amsterdam,North Holland,,NL\n42.57952,1.65362,\"El \"\"Tarter\"\"\",,,ad\n"
        let windows = "\u{FEFF}" + plain.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")
        let expected = try Self.read(plain, NameListMapping())
        let read = try Self.read(windows, NameListMapping())
        #expect(read.places == expected.places)
        #expect(read.places.map(\.record.name) == ["Amsterdam", "El \"Tarter\""])
        #expect(read.places.map(\.record.detail) == ["North Holland, NL", "ad"], "a detail is shown as written")
        #expect(read.places.map(\.record.countryCode) == ["NL", "AD"])
        #expect(read.places.map(\.record.id) == ["names:list.csv#2", "names:list.csv#3"])
    }

    @Test func aShortRowAfterAQuotedLineBreakIsNamedByTheLineItStartsOn() {
        let text = "a,b,\"Dam\nrak\"\na,b\n"
        #expect(throws: NameListError(line: 3, message: "has 2 columns, but the mapping reads column 3 (column 3)")) {
            try Self.read(text, NameListMapping(name: "3"))
        }
    }

    @Test func controlCharactersAreFoundInTheC1RangeToo() throws {
        let result = try Self.read("name\nok\nbad\u{85}name\nfine\u{A0}name\nalso\u{7F}\n", NameListMapping())
        #expect(result.places.map(\.record.name) == ["ok", "fine\u{A0}name"])
        #expect(result.skippedLines == [3, 5])
    }

    /// A mistake in the mapping is said about the option by its neutral name, which each edge
    /// words (the command line as `--name-column`): the library's words name no flag.
    @Test(arguments: [
        (NameListMapping(name: "0"), "name-column", "0 must be 1 or more: the columns of list.csv count from 1"),
        (NameListMapping(name: "city", hasHeader: false), "name-column", "'city' names a column, but list.csv has no header row"),
        (NameListMapping(), "name-column", "is needed: no column of list.csv is headed 'name'; give the number of the one with the names"),
        (NameListMapping(name: "1", latitude: "2"), nil, "a latitude column needs a longitude column: give the columns of both, or of neither"),
    ])
    func aMistakenMappingNamesTheOptionNotAFlag(_ mapping: NameListMapping, _ parameter: String?, _ message: String) {
        let error = #expect(throws: NameListError.self) { try Self.read("a,b,c\nDam,52.37,4.89\n", mapping) }
        #expect(error?.parameter == parameter)
        #expect(error?.message == message)
        #expect(error?.description.contains("--") == false, "\(String(describing: error))")
    }
}
