/// Columns aligned for reading. Widths count characters as a terminal shows them (Latin text,
/// accents included; East Asian wide characters count double).
package struct TextTable {
    package enum Alignment { case left, right }

    package struct Column {
        package let title: String
        package let alignment: Alignment
        /// The column that gives up width (ends in "…") when the table is too wide for the terminal.
        package let shrinks: Bool

        package init(_ title: String, _ alignment: Alignment = .left, shrinks: Bool = false) {
            self.title = title
            self.alignment = alignment
            self.shrinks = shrinks
        }
    }

    package let columns: [Column]
    package var rows: [[String]] = []

    package init(_ columns: [Column]) { self.columns = columns }

    /// Lines without trailing spaces. `style` decorates a cell after padding (colour codes do not count);
    /// without `header` and `style` (no colour) cells go straight into the line.
    package func render(width: Int?, header: ((String) -> String)? = nil, style: ((Int, Int, String) -> String)? = nil) -> [String] {
        let layout = Layout(self, width: width)
        var lines: [String] = []
        lines.reserveCapacity(rows.count + 1)
        for row in -1..<rows.count {
            var line = ""
            layout.append(row, to: &line, header: header, style: style)
            lines.append(line)
        }
        return lines
    }

    /// The same lines as one text, each ending in a newline: no array of ten thousand lines to join.
    package func text(width: Int?, header: ((String) -> String)? = nil, style: ((Int, Int, String) -> String)? = nil) -> String {
        let layout = Layout(self, width: width)
        var text = ""
        text.reserveCapacity((rows.count + 1) * (layout.widths.reduce(0, +) + 2 * columns.count))
        for row in -1..<rows.count {
            layout.append(row, to: &text, header: header, style: style)
            text += "\n"
        }
        return text
    }

    /// Column widths, with every cell measured once (ten thousand favourites make fifty thousand cells).
    private struct Layout {
        let table: TextTable
        let cellWidths: [[Int]]
        let widths: [Int]
        static let gap = 2

        init(_ table: TextTable, width: Int?) {
            self.table = table
            let cellWidths = table.rows.map { $0.map(TextTable.displayWidth) }
            self.cellWidths = cellWidths
            var widths = table.columns.indices.map { index in
                max(TextTable.displayWidth(table.columns[index].title), cellWidths.map { $0[index] }.max() ?? 0)
            }
            if let width, let shrinking = table.columns.firstIndex(where: \.shrinks) {
                let total = widths.reduce(0, +) + Self.gap * (table.columns.count - 1)
                if total > width { widths[shrinking] = max(8, widths[shrinking] - (total - width)) }
            }
            self.widths = widths
        }

        private static let blank = String(repeating: " ", count: 256)

        /// Spaces from one shared run: no string made per gap.
        static func appendSpaces(_ count: Int, to text: inout String) {
            var left = count
            while left > 0 {
                let take = min(left, 256)
                text += blank[..<blank.utf8.index(blank.utf8.startIndex, offsetBy: take)]
                left -= take
            }
        }

        /// Appends row `row` (-1 for the titles) without trailing spaces.
        func append(_ row: Int, to text: inout String, header: ((String) -> String)?, style: ((Int, Int, String) -> String)?) {
            let cells = row < 0 ? table.columns.map(\.title) : table.rows[row]
            let decorate: ((Int, String) -> String)? =
                row < 0 ? header.map { header in { header($1) } } : style.map { style in { style(row, $0, $1) } }
            let start = text.utf8.count
            // Plain cells: spaces are held back until something follows them, so none trail.
            var pendingSpaces = 0
            for (index, cell) in cells.enumerated() {
                let cellWidth = row < 0 ? TextTable.displayWidth(cell) : cellWidths[row][index]
                let fitted = cellWidth > widths[index] ? TextTable.truncate(cell, to: widths[index]) : cell
                let padding = max(0, widths[index] - (cellWidth > widths[index] ? TextTable.displayWidth(fitted) : cellWidth))
                let rightAligned = table.columns[index].alignment == .right
                if index > 0 { pendingSpaces += Self.gap }
                if let decorate {
                    let spaces = String(repeating: " ", count: padding)
                    Self.appendSpaces(pendingSpaces, to: &text)
                    pendingSpaces = 0
                    text += decorate(index, rightAligned ? spaces + fitted : fitted + spaces)
                } else {
                    if rightAligned { pendingSpaces += padding }
                    if !fitted.isEmpty {
                        Self.appendSpaces(pendingSpaces, to: &text)
                        text += fitted
                        pendingSpaces = 0
                    }
                    if !rightAligned { pendingSpaces += padding }
                }
            }
            // A decorated cell ends in its own padding: trim it by bytes, as the plain path never wrote it.
            guard decorate != nil else { return }
            let trailing = text.utf8.reversed().prefix(text.utf8.count - start).prefix { $0 == 0x20 }.count
            if trailing > 0 { text = String(decoding: text.utf8.dropLast(trailing), as: UTF8.self) }
        }
    }

    package static func displayWidth(_ text: String) -> Int {
        // Most cells are ASCII: one column per byte.
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.utf8.count }
        return text.reduce(0) { width, character in
            guard let scalar = character.unicodeScalars.first else { return width }
            let isWide =
                (0x1100...0x115F).contains(scalar.value) || (0x2E80...0xA4CF).contains(scalar.value)
                || (0xAC00...0xD7A3).contains(scalar.value) || (0xF900...0xFAFF).contains(scalar.value)
                || (0xFF00...0xFF60).contains(scalar.value) || (0x1F300...0x1FAFF).contains(scalar.value)
            return width + (isWide ? 2 : 1)
        }
    }

    package static func truncate(_ text: String, to width: Int) -> String {
        guard displayWidth(text) > width, width > 1 else { return text }
        var result = ""
        for character in text {
            if displayWidth(result + String(character)) > width - 1 { break }
            result.append(character)
        }
        return result + "…"
    }
}
