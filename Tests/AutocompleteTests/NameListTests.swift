import Autocomplete
import PlaceSearch
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
}
