import PlaceBytes
import PlaceCore
import PlaceImport
import PlaceSearchTesting
import Testing

/// A name list read in parts on several threads is the list read in one pass: the same rows,
/// fields and line numbers, the same places in the same order, the same error.
struct NameListPartsTests {
    /// Rows of random text: fields with quotes, doubled quotes, line breaks and delimiters inside
    /// quotes, CRLF and blank lines, a quote inside an unquoted field.
    static func randomText(_ random: inout SeededRandom, rows: Int) -> String {
        let pieces = ["Damrak", "Rokin", "\"Dam, \"\"plein\"\"\"", "\"two\nlines\"", "", "b\"c", "Ève", "\"a\r\nb\"", "12.5"]
        var text = ""
        for _ in 0..<rows {
            let fields = (0..<(1 + Int(random.next() % 4))).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }
            text += fields.joined(separator: ",")
            switch random.next() % 5 {
            case 0: text += "\r\n"
            case 1: text += "\n\n"
            default: text += "\n"
            }
        }
        return text
    }

    static func rows(_ text: DelimitedText, _ parts: [DelimitedText.Part]) -> [DelimitedText.Row] {
        var rows: [DelimitedText.Row] = []
        for part in parts {
            text.forEachRow(in: part) { row in rows.append(DelimitedText.Row(line: row.line, fields: (0..<row.count).map { row.string($0) })) }
        }
        return rows
    }

    @Test(arguments: [1, 2, 3, 7])
    func rowsReadPartByPartAreTheRowsOfOnePass(parts count: Int) {
        var random = SeededRandom(printingSeedFor: "rowsReadPartByPartAreTheRowsOfOnePass(\(count))")
        for _ in 0..<40 {
            let source = Self.randomText(&random, rows: 30)
            let text = DelimitedText(bytes: Array(source.utf8), delimiter: UInt8(ascii: ","))
            let whole = Array(text)
            let parts = text.split(text.whole, into: count)
            #expect(parts.count <= count)
            #expect(parts.first?.start == text.whole.start && parts.last?.end == text.whole.end)
            for (before, after) in zip(parts, parts.dropFirst()) { #expect(before.end == after.start) }
            let read = Self.rows(text, parts)
            #expect(read.map(\.fields) == whole.map(\.fields), "seed \(random.seed), \(count) parts: \(source.debugDescription)")
            #expect(read.map(\.line) == whole.map(\.line), "seed \(random.seed), \(count) parts: \(source.debugDescription)")
        }
    }

    @Test func aListWithoutQuotesIsCutAtLineFeedsIntoPartsOfAboutEqualSize() {
        let source = (1...1_000).map { "Street \($0),52.\($0),4.\($0)\n" }.joined()
        let text = DelimitedText(bytes: Array(source.utf8), delimiter: UInt8(ascii: ","))
        let parts = text.split(text.whole, into: 4)
        #expect(parts.count == 4)
        for part in parts {
            #expect(part.start == 0 || text.bytes[part.start - 1] == 0x0A, "a part starts a row")
            #expect(abs((part.end - part.start) - source.utf8.count / 4) < 40)
        }
        #expect(Self.rows(text, parts).map(\.line) == Array(1...1_000))
    }

    @Test func theFirstRowAndTheRestAreTheWhole() throws {
        let text = DelimitedText(bytes: Array("\u{FEFF}name\r\n\r\nDamrak\nRokin".utf8), delimiter: UInt8(ascii: ","))
        var first: [String] = []
        let rest = try #require(text.firstRow(of: text.whole) { row in first = (0..<row.count).map { row.string($0) } })
        #expect(first == ["name"])
        #expect(Self.rows(text, [rest]).map(\.fields) == [["Damrak"], ["Rokin"]])
        #expect(Self.rows(text, [rest]).map(\.line) == [3, 4])
        var empty = text.whole
        empty.start = empty.end
        #expect(text.firstRow(of: empty) { _ in } == nil)
    }

    static func read(_ text: String, threads: Int, _ mapping: NameListMapping) -> Result<NameListReader.Result, NameListError> {
        Result { () throws(NameListError) in
            try NameListReader.read(bytes: Array(text.utf8), label: "list.csv", delimiter: UInt8(ascii: ","), mapping: mapping, threads: threads)
        }
    }

    @Test(arguments: [2, 3, 5])
    func aListReadOnSeveralThreadsIsTheListReadOnOne(threads: Int) throws {
        // Names without a position are one place each: "Damrak" again in a later part is left out
        // there, as one pass would leave it; populations scale over every row.
        var lines = ["name,population"]
        for number in 0..<300 { lines.append("\(["Damrak", "Rokin", "Spui", "Street \(number)"][number % 4]),\(number * 1_000)") }
        lines.insert(",5", at: 120)
        let text = lines.joined(separator: "\n")
        let mapping = NameListMapping(kind: .street)
        let one = try Self.read(text, threads: 1, mapping).get()
        let several = try Self.read(text, threads: threads, mapping).get()
        #expect(several.places == one.places)
        #expect(several.skippedLines == one.skippedLines)
        #expect(one.places.filter { $0.record.name == "Damrak" }.count == 1)
        #expect(one.places.count == 3 + 75)
        #expect(one.skippedLines == [121])
        #expect(one.rows == 301 && several.rows == 301, "every row but the header, the repeated and the skipped too")
        let importances = Set(one.places.map(\.record.importance))
        #expect(importances.count > 10, "populations scaled, not the kind's default")

        // With positions, every row is a place, in the file's order.
        let gazetteer = (["lat,lon,name,cc"] + (0..<200).map { "52.\($0),4.\($0),Town \($0),NL" }).joined(separator: "\n")
        let towns = try Self.read(gazetteer, threads: threads, NameListMapping()).get()
        #expect(towns.places == (try Self.read(gazetteer, threads: 1, NameListMapping()).get()).places)
        #expect(towns.places.map(\.record.id) == (2...201).map { "names:list.csv#\($0)" })
    }

    @Test(arguments: [2, 4])
    func theFirstErrorInTheFileIsTheOneSaidWhateverPartFindsIt(threads: Int) {
        var lines = ["lat,lon,name"]
        for number in 0..<200 { lines.append("52.1,4.1,Town \(number)") }
        lines[150] = "52.1,4.1"
        lines[180] = "52.1"
        let text = lines.joined(separator: "\n")
        for count in [1, threads] {
            guard case .failure(let error) = Self.read(text, threads: count, NameListMapping()) else {
                Issue.record("a short row is an error")
                continue
            }
            #expect(error.line == 151, "\(count) threads")
        }
    }
}
