public import PlaceSearch
import Foundation

/// How the columns of a name list map to names: which column holds the name, and optionally the
/// position, an importance and a label. Columns are 1-based numbers or header names.
public struct NameListMapping: Sendable, Equatable {
    public var name: String?
    public var latitude: String?
    public var longitude: String?
    public var importance: String?
    public var detail: [String]
    /// nil: decide from the first row (a header has no number where a latitude should be, or
    /// names a column the mapping asks for by name).
    public var hasHeader: Bool?
    public var kind: NameKind

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
    public var line: Int?
    public var message: String

    public init(line: Int?, message: String) {
        self.line = line
        self.message = message
    }

    public var description: String { line.map { "line \($0): \(message)" } ?? message }
}

/// Reads a CSV or TSV list of names (a street register, a gazetteer) into places for the store.
///
/// Names without a position become one entry per distinct name (the BAG list has a few names
/// twice); names with one stay one entry per row, because "Springfield" is many towns.
public enum NameListReader {
    public struct Result: Sendable {
        public var places: [ImportedPlace]
        /// Lines skipped: an empty name, or a position that is not on the globe.
        public var skippedLines: [Int]
    }

    /// - Parameters:
    ///   - label: the file name, for ids (`names:streets.csv#12`).
    ///   - delimiter: `,` or a tab.
    public static func read(bytes: [UInt8], label: String, delimiter: UInt8, mapping: NameListMapping) throws(NameListError) -> Result {
        var rows = DelimitedText(bytes: bytes, delimiter: delimiter).makeIterator()
        guard let first = rows.next() else { throw NameListError(line: nil, message: "the file has no rows") }
        let header = first.fields.map { TextFolding.fold($0) }
        let hasHeader = mapping.hasHeader ?? looksLikeHeader(first.fields, header: header, mapping: mapping)
        let columns = try Columns(mapping: mapping, header: hasHeader ? header : nil, firstRow: first)
        var places: [ImportedPlace] = []
        var skipped: [Int] = []
        var seen: Set<String> = []
        var importances: [Double?] = []
        var pending: [Int] = []  // index into places, for importance scaling
        func take(_ row: DelimitedText.Row) throws(NameListError) {
            guard row.fields.count > columns.highest else {
                throw NameListError(
                    line: row.line,
                    message:
                        "has \(row.fields.count) column\(row.fields.count == 1 ? "" : "s"), but the mapping reads column \(columns.highest + 1) (\(columns.describe(columns.highest)))"
                )
            }
            let name = row.fields[columns.name].trimmedOfWhitespace
            guard !name.isEmpty, !hasControl(name) else {
                skipped.append(row.line)
                return
            }
            var coordinate: Coordinate?
            if let latitudeColumn = columns.latitude, let longitudeColumn = columns.longitude {
                guard let latitude = Double(row.fields[latitudeColumn].trimmedOfWhitespace),
                    let longitude = Double(row.fields[longitudeColumn].trimmedOfWhitespace),
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
                id = "names:\(label):\(folded)"
            } else {
                id = "names:\(label)#\(row.line)"
            }
            let detailParts = columns.detail.map { row.fields[$0].trimmedOfWhitespace }.filter { !$0.isEmpty }
            let country = columns.country.flatMap { Self.countryCode(row.fields[$0]) }
            importances.append(columns.importance.flatMap { Double(row.fields[$0].trimmedOfWhitespace) })
            pending.append(places.count)
            places.append(
                ImportedPlace(
                    record: NameRecord(
                        id: id, name: name, kind: mapping.kind, importance: defaultImportance(mapping.kind), coordinate: coordinate,
                        detail: detailParts.isEmpty ? nil : detailParts.joined(separator: ", "), countryCode: country,
                        // A gazetteer's rows are towns: areas a query can name ("Anthering, Austria").
                        category: mapping.kind == .place && coordinate != nil ? "place=city" : nil)))
        }
        if !hasHeader { try take(first) }
        while let row = rows.next() { try take(row) }
        scaleImportance(&places, values: importances)
        return Result(places: places, skippedLines: skipped)
    }

    /// Whether the name has a control character (category Cc: U+0000–001F, U+007F–009F), said
    /// from the code points: asking each scalar for its general category was a quarter of reading.
    private static func hasControl(_ name: String) -> Bool {
        name.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }

    /// A two-letter country code as a list writes it ("nl", "NL"), upper case; nil for anything else.
    static func countryCode(_ text: String?) -> String? {
        guard let text = text?.trimmedOfWhitespace, text.utf8.count == 2, text.utf8.allSatisfy({ (0x41...0x5A).contains($0 & 0xDF) })
        else { return nil }
        return text.uppercased()
    }

    static func defaultImportance(_ kind: NameKind) -> Float {
        switch kind {
        case .place: 0.5
        case .street: 0.3
        case .poi: 0.2
        case .address: 0.1
        }
    }

    /// Values already in 0…1 are used as they are; larger ones (a population) on a log scale where
    /// 10 million is 1.
    private static func scaleImportance(_ places: inout [ImportedPlace], values: [Double?]) {
        guard values.contains(where: { $0 != nil }) else { return }
        let isFraction = values.allSatisfy { $0.map { (0...1).contains($0) } ?? true }
        for (index, value) in values.enumerated() {
            guard let value, value.isFinite, value >= 0 else { continue }
            places[index].record.importance = isFraction ? Float(value) : importance(population: value)
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

    private struct Columns {
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

        init(mapping: NameListMapping, header: [String]?, firstRow: DelimitedText.Row) throws(NameListError) {
            func resolve(_ choice: String?, option: String, guesses: [String]) throws(NameListError) -> Int? {
                if let choice {
                    if let number = Int(choice) {
                        guard number >= 1 else {
                            throw NameListError(line: nil, message: "\(option) \(choice) must be 1 or more (columns count from 1)")
                        }
                        return number - 1
                    }
                    guard let header else {
                        throw NameListError(line: nil, message: "\(option) '\(choice)' names a column, but the file has no header row")
                    }
                    guard let index = header.firstIndex(of: TextFolding.fold(choice)) else {
                        throw NameListError(
                            line: firstRow.line, message: "the header has no column '\(choice)' (it has \(firstRow.fields.joined(separator: ", ")))")
                    }
                    return index
                }
                return header.flatMap { header in guesses.lazy.compactMap { header.firstIndex(of: $0) }.first }
            }
            guard let name = try resolve(mapping.name, option: "--name-column", guesses: ["name", "naam", "street", "straatnaam", "city"]) else {
                throw NameListError(line: nil, message: "no name column: give --name-column N (or a header with a 'name' column)")
            }
            self.name = name
            latitude = try resolve(mapping.latitude, option: "--lat-column", guesses: ["lat", "latitude"])
            longitude = try resolve(mapping.longitude, option: "--lon-column", guesses: ["lon", "lng", "longitude"])
            if (latitude == nil) != (longitude == nil) {
                throw NameListError(line: nil, message: "give both --lat-column and --lon-column, or neither")
            }
            importance = try resolve(mapping.importance, option: "--importance-column", guesses: ["importance", "population"])
            var detail: [Int] = []
            for choice in mapping.detail {
                if let index = try resolve(choice, option: "--detail-column", guesses: []) { detail.append(index) }
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
    /// `trimmingCharacters(in: .whitespaces)` (tab and the space separators, Zs) without
    /// Foundation: that bridged every field to NSString and back, two thirds of reading a name
    /// list (perf, `places import --names` of GeoNames' 144k rows). A field with no space at
    /// either end, nearly all, is returned as it is.
    var trimmedOfWhitespace: String {
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "\t" || scalar == " " || (scalar.value > 0x7F && scalar.properties.generalCategory == .spaceSeparator)
        }
        let scalars = unicodeScalars
        guard let first = scalars.first, let last = scalars.last, isSpace(first) || isSpace(last) else { return self }
        guard let start = scalars.firstIndex(where: { !isSpace($0) }), let end = scalars.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(scalars[start...end])
    }
}
