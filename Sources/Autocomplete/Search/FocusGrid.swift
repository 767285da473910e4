import Foundation
import PlaceCore

/// The entries near a focus that have a word in some ranges of the word table, read ring by ring
/// from one group's grid (places on 0.25° cells, streets and POIs on 0.02°), with the distance
/// nothing unread can be nearer than. Longitude wraps around; rows stop at the poles.
struct FocusGrid {
    let group: Int
    private let row: Int
    private let column: Int
    private let latitude: Double
    private let rows: Int
    private let columns: Int
    private let degrees: Double
    /// Half-width in cells of the square read so far; −1 before the first ring.
    private(set) var halfWidth = -1
    private(set) var isExhausted = false
    /// Cells read so far (a measure of the grid's work).
    private(set) var cellsRead = 0

    init(view: IndexView, group: Int, focus: Coordinate) {
        self.group = group
        degrees = IndexFormat.gridDegrees[group]
        rows = IndexFormat.rows(group: group)
        columns = IndexFormat.columns(group: group)
        let cell = IndexFormat.cell(group: group, latitude: focus.latitude, longitude: focus.longitude)
        row = cell.row
        column = cell.column
        latitude = focus.latitude
        if view.firstCell(atLeast: UInt64(group) << 32) == view.firstCell(atLeast: UInt64(group + 1) << 32) {
            isExhausted = true
        }
    }

    /// No unread entry of this group is nearer to the focus than this, in metres on the sphere
    /// (the distance ``SuggestionRanking`` scores). A cell outside the square is at least
    /// `halfWidth` whole cells away in latitude or in longitude.
    var clearRadius: Double {
        if isExhausted { return .infinity }
        guard halfWidth > 0 else { return 0 }
        let radians = Double.pi / 180
        let span = Double(halfWidth) * degrees
        let latitudeBound =
            row - halfWidth <= 0 && row + halfWidth >= rows - 1 ? Double.infinity : Geodesy.meanRadius * span * radians
        var longitudeBound = Double.infinity
        if 2 * halfWidth + 1 < columns {
            // Points left or right of the square lie within its rows: |latitude| ≤ edge.
            let edge = min(90, abs(latitude) + Double(halfWidth + 1) * degrees)
            let factor = max(0, cos(latitude * radians) * cos(edge * radians))
            let h = factor * pow(sin(min(span, 180) * radians / 2), 2)
            longitudeBound = 2 * Geodesy.meanRadius * asin(min(1, h.squareRoot()))
        }
        // A hair less, so that rounding never makes the bound exceed a true distance.
        return min(latitudeBound, longitudeBound) * (1 - 1e-9)
    }

    /// Reads the next ring and hands each entry in it that has a word in `ranges` (sorted,
    /// disjoint) to `body`, with its ``PostingHint``.
    mutating func nextRing(view: IndexView, ranges: [Range<Int>], _ body: (Int, UInt32) -> Void) {
        guard !isExhausted else { return }
        let inner = halfWidth
        // One cell at a time near the focus, where the allowance falls fastest; then a quarter
        // more each time, so reaching 100 km costs tens of rings, not a hundred.
        let outer = inner < 8 ? inner + 1 : inner + inner / 4
        halfWidth = outer
        let halfColumns = columns / 2
        for r in max(0, row - outer)...min(rows - 1, row + outer) {
            let distance = abs(r - row)
            if distance > inner {
                // A row new to the square: every column within reach.
                span(view, r, from: -min(outer, (columns - 1) / 2), to: min(outer, halfColumns), ranges, body)
            } else if inner < halfColumns {
                span(view, r, from: inner + 1, to: min(outer, halfColumns), ranges, body)
                if inner < (columns - 1) / 2 {
                    span(view, r, from: -min(outer, (columns - 1) / 2), to: -(inner + 1), ranges, body)
                }
            }
        }
        if row - outer <= 0, row + outer >= rows - 1, outer >= halfColumns { isExhausted = true }
    }

    /// The cells of row `r` at column offsets `from...to` from the focus column, wrapping.
    private mutating func span(
        _ view: IndexView, _ r: Int, from: Int, to: Int, _ ranges: [Range<Int>], _ body: (Int, UInt32) -> Void
    ) {
        guard from <= to else { return }
        let low = ((column + from) % columns + columns) % columns
        let high = ((column + to) % columns + columns) % columns
        if low <= high {
            cells(view, r, low, high, ranges, body)
        } else {
            cells(view, r, low, columns - 1, ranges, body)
            cells(view, r, 0, high, ranges, body)
        }
    }

    private mutating func cells(
        _ view: IndexView, _ r: Int, _ low: Int, _ high: Int, _ ranges: [Range<Int>], _ body: (Int, UInt32) -> Void
    ) {
        let row = view.cells(group: group, row: r)
        guard !row.isEmpty else { return }
        let end = IndexFormat.cellKey(group: group, row: r, column: high)
        var cell = view.firstCell(atLeast: IndexFormat.cellKey(group: group, row: r, column: low), in: row)
        while cell < row.upperBound {
            guard view.cellKey(cell) <= end else { break }
            cellsRead += 1
            read(view, view.cellPostingRange(cell), ranges, body)
            cell += 1
        }
    }

    /// The pairs of one cell whose word is in `ranges`: a binary search per range, or, when
    /// the cell holds fewer pairs than that costs, every pair tested.
    private func read(_ view: IndexView, _ pairs: Range<Int>, _ ranges: [Range<Int>], _ body: (Int, UInt32) -> Void) {
        if pairs.count <= 4 * ranges.count {
            for pair in pairs {
                let word = view.cellPostingWord(pair)
                var low = 0
                var high = ranges.count
                while low < high {
                    let middle = (low + high) / 2
                    if ranges[middle].upperBound <= word { low = middle + 1 } else { high = middle }
                }
                if low < ranges.count, ranges[low].contains(word) {
                    body(view.cellPostingEntry(pair), view.cellPostingHint(pair))
                }
            }
            return
        }
        var start = pairs.lowerBound
        for range in ranges {
            var low = start
            var high = pairs.upperBound
            while low < high {
                let middle = (low + high) / 2
                if view.cellPostingWord(middle) < range.lowerBound { low = middle + 1 } else { high = middle }
            }
            var pair = low
            while pair < pairs.upperBound, view.cellPostingWord(pair) < range.upperBound {
                body(view.cellPostingEntry(pair), view.cellPostingHint(pair))
                pair += 1
            }
            start = pair
        }
    }
}
