/// Columns aligned for reading. Widths count characters as a terminal shows them (Latin text,
/// accents included; East Asian wide characters count double).
struct TextTable {
    enum Alignment { case left, right }

    struct Column {
        let title: String
        let alignment: Alignment
        /// The column that gives up width (ends in "…") when the table is too wide for the terminal.
        let shrinks: Bool

        init(_ title: String, _ alignment: Alignment = .left, shrinks: Bool = false) {
            self.title = title
            self.alignment = alignment
            self.shrinks = shrinks
        }
    }

    let columns: [Column]
    var rows: [[String]] = []

    init(_ columns: [Column]) { self.columns = columns }

    /// Lines without trailing spaces. `style` decorates a cell after padding (colour codes do not count).
    func render(width: Int?, header: (String) -> String = { $0 }, style: (Int, Int, String) -> String = { _, _, text in text }) -> [String] {
        // Each cell measured once: ten thousand favourites make seventy thousand cells.
        let cellWidths = rows.map { $0.map(Self.displayWidth) }
        var widths = columns.indices.map { index in
            max(Self.displayWidth(columns[index].title), cellWidths.map { $0[index] }.max() ?? 0)
        }
        let gap = 2
        if let width, let shrinking = columns.firstIndex(where: \.shrinks) {
            let total = widths.reduce(0, +) + gap * (columns.count - 1)
            if total > width { widths[shrinking] = max(8, widths[shrinking] - (total - width)) }
        }
        func line(_ cells: [String], row: Int?) -> String {
            var parts: [String] = []
            for (index, cell) in cells.enumerated() {
                let width = row.map { cellWidths[$0][index] } ?? Self.displayWidth(cell)
                let fitted = width > widths[index] ? Self.truncate(cell, to: widths[index]) : cell
                let fittedWidth = width > widths[index] ? Self.displayWidth(fitted) : width
                let padding = String(repeating: " ", count: max(0, widths[index] - fittedWidth))
                let padded = columns[index].alignment == .right ? padding + fitted : fitted + padding
                parts.append(row.map { style($0, index, padded) } ?? header(padded))
            }
            var text = parts.joined(separator: String(repeating: " ", count: gap))
            while text.hasSuffix(" ") { text.removeLast() }
            return text
        }
        return [line(columns.map(\.title), row: nil)] + rows.enumerated().map { line($0.element, row: $0.offset) }
    }

    static func displayWidth(_ text: String) -> Int {
        // Most cells are ASCII: one column per byte.
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.utf8.count }
        return text.reduce(0) { width, character in
            guard let scalar = character.unicodeScalars.first else { return width }
            let isWide = (0x1100...0x115F).contains(scalar.value) || (0x2E80...0xA4CF).contains(scalar.value)
                || (0xAC00...0xD7A3).contains(scalar.value) || (0xF900...0xFAFF).contains(scalar.value)
                || (0xFF00...0xFF60).contains(scalar.value) || (0x1F300...0x1FAFF).contains(scalar.value)
            return width + (isWide ? 2 : 1)
        }
    }

    static func truncate(_ text: String, to width: Int) -> String {
        guard displayWidth(text) > width, width > 1 else { return text }
        var result = ""
        for character in text {
            if displayWidth(result + String(character)) > width - 1 { break }
            result.append(character)
        }
        return result + "…"
    }
}
