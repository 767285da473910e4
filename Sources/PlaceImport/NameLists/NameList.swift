import PlaceBytes
public import PlaceCore
import Foundation

/// How the columns of a name list map to names: which column holds the name, and optionally the
/// position, an importance and a label. Columns are 1-based numbers or header names.
public struct NameListMapping: Sendable, Equatable {
    /// The column of the name (a 1-based number or a header name); nil: the first.
    public var name: String?
    /// The column of the latitude, when the names have positions.
    public var latitude: String?
    /// The column of the longitude, when the names have positions.
    public var longitude: String?
    /// The column of an importance (a population, a count), when there is one.
    public var importance: String?
    /// The columns joined into each name's label ("Amsterdam, North Holland").
    public var detail: [String]
    /// nil: decide from the first row (a header has no number where a latitude should be, or
    /// names a column the mapping asks for by name).
    public var hasHeader: Bool?
    /// The kind of names the list holds (streets, places, …), for the index's ranking.
    public var kind: NameKind

    /// A mapping of columns given by 1-based number or header name; unnamed ones are guessed from the header.
    public init(
        name: String? = nil, latitude: String? = nil, longitude: String? = nil, importance: String? = nil, detail: [String] = [],
        hasHeader: Bool? = nil, kind: NameKind = .place
    ) {
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
        self.importance = importance
        self.detail = detail
        self.hasHeader = hasHeader
        self.kind = kind
    }
}

/// Why a name list cannot be imported, and where.
public struct NameListError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The line it is about (1-based), when it is about one.
    public var line: Int?
    /// What is wrong, in words that name no flag.
    public var message: String
    /// The part of the mapping it is about, by its neutral name (`name-column`): each edge words
    /// it (the command line as `--name-column`), and ``message`` reads after it.
    public var parameter: String?

    /// A failure at `line`, said in `message`, about `parameter` when it names a part of the mapping.
    public init(line: Int?, message: String, parameter: String? = nil) {
        self.line = line
        self.message = message
        self.parameter = parameter
    }

    /// One line: the line, the parameter and the message.
    public var description: String {
        (line.map { "line \($0): " } ?? "") + (parameter.map { "\($0) " } ?? "") + message
    }
}

/// Reads a CSV or TSV list of names (a street register, a gazetteer) into places for the store.
///
/// Names without a position become one entry per distinct name (the BAG list has a few names
/// twice); names with one stay one entry per row, because "Springfield" is many towns.
public enum NameListReader {
    /// What one file gave: its places, and the lines left out.
    public struct Result: Sendable {
        /// The places read: one per distinct name without a position, one per row with one.
        public var places: ImportedPlaceList
        /// Lines skipped: an empty name, or a position that is not on the globe.
        public var skippedLines: [Int]
        /// The rows read (not the header): a name without a position that came again is one
        /// place of several rows.
        public var rows: Int
    }

    /// - Parameters:
    ///   - label: the file name, for ids (`names:streets.csv#12`).
    ///   - delimiter: `,` or a tab.
    ///   - threads: how many parts the rows are read in at once (nil: one per core the process
    ///     may use, at most one per megabyte).
    public static func read(
        bytes: [UInt8], label: String, delimiter: UInt8, mapping: NameListMapping,
        threads: Int? = nil
    ) throws(NameListError) -> Result {
        // A part of a megabyte or more: below that, a thread costs more than it reads.
        let threads = threads ?? max(1, min(ProcessInfo.processInfo.activeProcessorCount, bytes.count / 1_048_576))
        let text = DelimitedText(bytes: bytes, delimiter: delimiter)
        var reading: Reading?
        var firstRowIsData = false
        let afterFirst = try text.firstRow(of: text.whole) { (row) throws(NameListError) in
            let first = DelimitedText.Row(line: row.line, fields: (0..<row.count).map { row.string($0) })
            let header = first.fields.map { TextFolding.fold($0) }
            let hasHeader = mapping.hasHeader ?? looksLikeHeader(first.fields, header: header, mapping: mapping)
            reading = Reading(
                columns: try Columns(mapping: mapping, header: hasHeader ? header : nil, firstRow: first, label: label), kind: mapping.kind,
                idPrefix: "names:\(label)#", namePrefix: "names:\(label):")
            firstRowIsData = !hasHeader
        }
        guard let reading, let afterFirst else { throw NameListError(line: nil, message: "the file has no rows") }
        // A list without a header starts again at its first row, which is data.
        let rows = firstRowIsData ? text.whole : afterFirst
        let parts = text.split(rows, into: threads)
        let read = parts.concurrentMap { part in
            Swift.Result { () throws(NameListError) in try reading.ownCopy().take(text, part) }
        }
        return try NameListReader.joined(read, namePrefix: reading.namePrefix)
    }

    /// What a list's first row decided: its columns and what every row's place shares.
    struct Reading: Sendable {
        let columns: Columns
        let kind: NameKind
        /// `names:streets.csv#`, before a line number: the id of a name with a position.
        let idPrefix: String
        /// `names:streets.csv:`, before a folded name: the id of a name without one.
        let namePrefix: String
        /// The last column the mapping reads (``Columns/highest``, worked out once rather than per row).
        let highest: Int

        init(columns: Columns, kind: NameKind, idPrefix: String, namePrefix: String) {
            self.columns = columns
            self.kind = kind
            self.idPrefix = idPrefix
            self.namePrefix = namePrefix
            highest = columns.highest
        }

        /// The same reading in storage of its own: the threads reading the parts of a list
        /// would otherwise count references to the same strings and arrays on every row, each
        /// taking the other's cache line (two halves took as long as the whole).
        func ownCopy() -> Reading {
            var columns = columns
            columns.detail = columns.detail.map { $0 }
            columns.names = Dictionary(uniqueKeysWithValues: columns.names.map { ($0.key, $0.value.ownCopy) })
            return Reading(columns: columns, kind: kind, idPrefix: idPrefix.ownCopy, namePrefix: namePrefix.ownCopy)
        }

        /// One row into a place, or into the skipped lines; a row too short for the mapping is an error.
        func take(
            _ row: borrowing DelimitedFields, into places: inout [ImportedPlace], importances: inout [Double?], skipped: inout [Int],
            seen: inout Set<String>
        ) throws(NameListError) {
            guard row.count > highest else {
                throw NameListError(
                    line: row.line,
                    message:
                        "has \(row.count) column\(row.count == 1 ? "" : "s"), but the mapping reads column \(highest + 1) (\(columns.describe(highest)))"
                )
            }
            let name = row.string(columns.name).trimmedOfWhitespace
            guard !name.isEmpty, !name.containsControlCharacter else {
                skipped.append(row.line)
                return
            }
            var coordinate: Coordinate?
            if let latitudeColumn = columns.latitude, let longitudeColumn = columns.longitude {
                guard let latitude = Double(row.string(latitudeColumn).trimmedOfWhitespace),
                    let longitude = Double(row.string(longitudeColumn).trimmedOfWhitespace),
                    let valid = try? Coordinate(latitude: latitude, longitude: longitude)
                else {
                    skipped.append(row.line)
                    return
                }
                coordinate = valid
            }
            let id: String
            if coordinate == nil {
                let folded = TextFolding.fold(name)
                guard seen.insert(folded).inserted else { return }
                id = namePrefix + folded
            } else {
                id = idPrefix + String(row.line)
            }
            // The detail columns' non-empty values, joined by ", ".
            var detail: String?
            for column in columns.detail {
                let part = row.string(column).trimmedOfWhitespace
                guard !part.isEmpty else { continue }
                if detail == nil { detail = part } else { detail? += ", " + part }
            }
            let country = columns.country.flatMap { NameListReader.countryCode(row.string($0)) }
            importances.append(columns.importance.flatMap { Double(row.string($0).trimmedOfWhitespace) })
            places.append(
                ImportedPlace(
                    record: NameRecord(
                        id: id, name: name, kind: kind, importance: NameListReader.defaultImportance(kind), coordinate: coordinate, detail: detail,
                        countryCode: country,
                        // A gazetteer's rows are towns: areas a query can name ("Anthering, Austria").
                        category: kind == .place && coordinate != nil ? "place=city" : nil)))
        }
    }

    /// A two-letter country code as a list writes it ("nl", "NL"), upper case; nil for anything else.
    static func countryCode(_ text: String?) -> String? {
        guard let text = text?.trimmedOfWhitespace, text.utf8.count == 2, text.utf8.allSatisfy({ (0x41...0x5A).contains($0 & 0xDF) })
        else { return nil }
        // Two ASCII letters: upper-cased byte by byte (`uppercased()` asks Unicode about each).
        return String(decoding: text.utf8.map { $0 & 0xDF }, as: UTF8.self)
    }

    static func defaultImportance(_ kind: NameKind) -> Float {
        switch kind {
        case .place: 0.5
        case .street: 0.3
        case .poi: 0.2
        case .address: 0.1
        }
    }

    /// A population on a log scale where 10 million is 1 (a town of 30,000 is 0.64).
    static func importance(population: Double) -> Float {
        guard population.isFinite, population > 0 else { return 0 }
        return Float(min(1, log10(1 + population) / 7))
    }

    private static func looksLikeHeader(_ fields: [String], header: [String], mapping: NameListMapping) -> Bool {
        let named = [mapping.name, mapping.latitude, mapping.longitude, mapping.importance].compactMap { $0 } + mapping.detail
        if named.contains(where: { Int($0) == nil }) { return true }
        if mapping.name == nil { return true }
        if let latitude = mapping.latitude.flatMap(Int.init), latitude >= 1, latitude <= fields.count {
            return Double(fields[latitude - 1].trimmedOfWhitespace) == nil
        }
        return false
    }

    struct Columns: Sendable {
        var name: Int
        var latitude: Int?
        var longitude: Int?
        var importance: Int?
        var detail: [Int]
        /// A column of two-letter country codes, found by its header (`cc`, `countrycode`, `country`).
        var country: Int?
        var names: [Int: String] = [:]
        var highest: Int { ([name, latitude, longitude, importance].compactMap { $0 } + detail).max() ?? name }

        func describe(_ column: Int) -> String { names[column] ?? "column \(column + 1)" }

        /// - Parameter label: the file's name, for messages about an option, which name no file otherwise.
        init(mapping: NameListMapping, header: [String]?, firstRow: DelimitedText.Row, label: String) throws(NameListError) {
            func resolve(_ choice: String?, option: String, guesses: [String]) throws(NameListError) -> Int? {
                if let choice {
                    if let number = Int(choice) {
                        guard number >= 1 else {
                            throw NameListError(
                                line: nil, message: "\(choice) must be 1 or more: the columns of \(label) count from 1", parameter: option)
                        }
                        return number - 1
                    }
                    guard let header else {
                        throw NameListError(line: nil, message: "'\(choice)' names a column, but \(label) has no header row", parameter: option)
                    }
                    guard let index = header.firstIndex(of: TextFolding.fold(choice)) else {
                        throw NameListError(
                            line: firstRow.line, message: "the header has no column '\(choice)' (it has \(firstRow.fields.joined(separator: ", ")))")
                    }
                    return index
                }
                return header.flatMap { header in guesses.lazy.compactMap { header.firstIndex(of: $0) }.first }
            }
            guard let name = try resolve(mapping.name, option: "name-column", guesses: ["name", "naam", "street", "straatnaam", "city"]) else {
                throw NameListError(
                    line: nil, message: "is needed: no column of \(label) is headed 'name'; give the number of the one with the names",
                    parameter: "name-column")
            }
            self.name = name
            latitude = try resolve(mapping.latitude, option: "lat-column", guesses: ["lat", "latitude"])
            longitude = try resolve(mapping.longitude, option: "lon-column", guesses: ["lon", "lng", "longitude"])
            if (latitude == nil) != (longitude == nil) {
                throw NameListError(
                    line: nil, message: "a latitude column needs a longitude column: give the columns of both, or of neither")
            }
            importance = try resolve(mapping.importance, option: "importance-column", guesses: ["importance", "population"])
            var detail: [Int] = []
            for choice in mapping.detail {
                if let index = try resolve(choice, option: "detail-column", guesses: []) { detail.append(index) }
            }
            if mapping.detail.isEmpty, let header {
                detail = ["admin1", "cc", "country", "countrycode"].compactMap { header.firstIndex(of: $0) }
            }
            self.detail = detail
            country = header.flatMap { header in ["cc", "countrycode", "country code", "country"].lazy.compactMap { header.firstIndex(of: $0) }.first
            }
            if let header {
                for (index, title) in header.enumerated() { names[index] = "'\(title)'" }
            }
        }
    }
}

extension String {
    /// The same text in new storage.
    fileprivate var ownCopy: String { String(decoding: Array(utf8), as: UTF8.self) }
}
