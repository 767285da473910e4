import Foundation
import PlaceBytes
import OSMFormat

/// The named settlements of an import (cities, towns, villages and hamlets; suburbs, quarters and
/// neighbourhoods), by cell, so that a street or a café is placed in its town by looking at the
/// cells around it rather than at every settlement of the file: that comparison took 340 of the
/// 600 CPU-seconds of importing 72 million nodes.
///
/// Each reach (a neighbourhood's 250 m, a city's 15 km) has a grid of its own, with cells as large
/// as the reach: a point looks at the few cells around it in each, not at every neighbourhood
/// within a city's 15 km (in a dense country, thousands per point).
struct Settlements {
    struct Settlement {
        var name: String
        var point: OSMPoint
        var rank: OSMFeatures.SettlementRank
        /// Its cell in the 0.1° grid every settlement was once looked up in: only what that
        /// lookup's window held counts, so the answers stay what they were even near the poles.
        var row: Int
        var column: Int
    }

    private struct Tier {
        var reach: Double
        var cellDegrees: Double
        var cells: [Int: [Int32]] = [:]
    }

    private var all: [Settlement] = []
    private var tiers: [Tier] = []

    /// The 0.1° grid's cell edge, degrees.
    static let cellDegrees = 0.1

    var isEmpty: Bool { all.isEmpty }

    mutating func add(name: String, point: OSMPoint, rank: OSMFeatures.SettlementRank) {
        guard rank.reach > 0 else { return }
        let tier: Int
        if let known = tiers.firstIndex(where: { $0.reach == rank.reach }) {
            tier = known
        } else {
            // Cells as tall as the reach (roughDistance counts 111,195 m a degree): a settlement
            // within reach is at most one row away.
            tiers.append(Tier(reach: rank.reach, cellDegrees: rank.reach / 111_195))
            tier = tiers.count - 1
        }
        let cellDegrees = tiers[tier].cellDegrees
        tiers[tier].cells[Self.key(Self.index(point.latitude, cellDegrees), Self.index(point.longitude, cellDegrees)), default: []]
            .append(Int32(all.count))
        all.append(
            Settlement(
                name: name, point: point, rank: rank, row: Self.index(point.latitude, Self.cellDegrees),
                column: Self.index(point.longitude, Self.cellDegrees)))
    }

    /// Where `point` is: the most specific district whose reach (a neighbourhood 250 m, a suburb
    /// 2.5 km) covers it, and the nearest town or city whose reach (a city 15 km) covers it.
    /// Ties go to the name first in order: the same file must import the same way each time.
    func area(of point: OSMPoint) -> (district: String?, town: String?) {
        guard !all.isEmpty else { return (nil, nil) }
        var district: (settlement: Settlement, metres: Double)?
        var town: (settlement: Settlement, metres: Double)?
        // The window of the 0.1° grid: two rows, and columns enough for the longest reach.
        let windowRows = Int((Self.longestReach / (Self.cellDegrees * 111_195)).rounded(.up))
        let cosine = max(0.05, cos(point.latitude * .pi / 180))
        let windowColumns = min(16, Int((Self.longestReach / (Self.cellDegrees * 111_195 * cosine)).rounded(.up)))
        let windowRow = Self.index(point.latitude, Self.cellDegrees)
        let windowColumn = Self.index(point.longitude, Self.cellDegrees)
        for tier in tiers {
            let row = Self.index(point.latitude, tier.cellDegrees)
            let column = Self.index(point.longitude, tier.cellDegrees)
            // A degree of longitude is narrowest on the parallel nearest the pole that a point
            // within reach lies on; no more columns than the 0.1° window spans.
            let poleward = cos(min(90, abs(point.latitude) + tier.cellDegrees) * .pi / 180)
            let windowSpan = Int(((Double(windowColumns) + 1) * Self.cellDegrees / tier.cellDegrees).rounded(.up)) + 1
            let needed = poleward > 0 ? (1 / poleward).rounded(.up) : .infinity
            let columns = needed >= Double(windowSpan) ? windowSpan : Int(needed)
            for dy in -1...1 {
                for dx in -columns...columns {
                    for number in tier.cells[Self.key(row + dy, column + dx)] ?? [] {
                        let settlement = all[Int(number)]
                        guard abs(settlement.row - windowRow) <= windowRows, abs(settlement.column - windowColumn) <= windowColumns else {
                            continue
                        }
                        let metres = PointBox.roughDistance(point, settlement.point)
                        guard metres <= settlement.rank.reach else { continue }
                        if settlement.rank.isTown {
                            if town.map({ (metres, settlement.name) < ($0.metres, $0.settlement.name) }) ?? true { town = (settlement, metres) }
                        } else if district.map({
                            (settlement.rank.specificity, -metres) > ($0.settlement.rank.specificity, -$0.metres)
                                || ((settlement.rank.specificity, metres) == ($0.settlement.rank.specificity, $0.metres)
                                    && settlement.name < $0.settlement.name)
                        }) ?? true {
                            district = (settlement, metres)
                        }
                    }
                }
            }
        }
        return (district?.settlement.name, town?.settlement.name)
    }

    /// "Centrum, Amsterdam": the district and the town around a point, for telling two streets of
    /// one name apart.
    func label(of point: OSMPoint) -> String? {
        let (district, town) = area(of: point)
        let parts = [district, town].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// The farthest a settlement's name reaches (a city's), metres.
    static let longestReach = 15_000.0

    private static func index(_ degrees: Double, _ cellDegrees: Double) -> Int {
        Int((degrees / cellDegrees).rounded(.down))
    }

    /// Row and column in one number: columns stay far below 2^31 (360° in cells of 250 m).
    private static func key(_ row: Int, _ column: Int) -> Int { row &<< 32 &+ column }
}

/// The countries an import's elements say they are in (`addr:country`, `is_in:country_code`,
/// `ISO3166-1`), by cell of about 11 km: an element that does not say is in the country most
/// elements around it say, else in the country most of the file says. A border extract (Liechtenstein
/// with a strip of Austria and Switzerland) is told apart cell by cell.
struct CountryTags {
    private var cells: [Int: [String: Int]] = [:]
    private var totals: [String: Int] = [:]

    static let cellDegrees = 0.1

    /// The country an element's tags name, upper case, or nil.
    static func code(_ tags: [String: String]) -> String? {
        // Asked of every element with tags, and few have one of these keys: one pass over the
        // tags finds out, instead of hashing the five keys for five look-ups each time.
        guard tags.keys.contains(where: isCountryKey) else { return nil }
        for key in ["addr:country", "is_in:country_code", "country_code", "ISO3166-1", "ISO3166-1:alpha2"] {
            guard let value = tags[key]?.trimmedOfWhitespace, value.utf8.count == 2,
                value.unicodeScalars.allSatisfy({ $0.isASCII && $0.properties.isAlphabetic })
            else { continue }
            return value.uppercased()
        }
        return nil
    }

    /// One of the keys ``code(_:)`` reads, told by its length first.
    private static func isCountryKey(_ key: String) -> Bool {
        switch key.utf8.count {
        case 9: key == "ISO3166-1"
        case 12: key == "addr:country" || key == "country_code"
        case 16: key == "ISO3166-1:alpha2"
        case 18: key == "is_in:country_code"
        default: false
        }
    }

    mutating func note(_ code: String, at point: OSMPoint) {
        cells[Self.cell(point), default: [:]][code, default: 0] += 1
        totals[code, default: 0] += 1
    }

    /// The country most elements in `point`'s cell name, else in the cells around it, else in the file.
    func country(at point: OSMPoint) -> String? {
        let row = Int((point.latitude / Self.cellDegrees).rounded(.down))
        let column = Int((point.longitude / Self.cellDegrees).rounded(.down))
        if let own = cells[row &* 10_000 &+ column], let best = Self.majority(own) { return best }
        var around: [String: Int] = [:]
        for dy in -1...1 {
            for dx in -1...1 { for (code, count) in cells[(row + dy) &* 10_000 &+ (column + dx)] ?? [:] { around[code, default: 0] += count } }
        }
        return Self.majority(around) ?? Self.majority(totals)
    }

    private static func majority(_ counts: [String: Int]) -> String? {
        counts.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
    }

    private static func cell(_ point: OSMPoint) -> Int {
        Int((point.latitude / cellDegrees).rounded(.down)) &* 10_000 &+ Int((point.longitude / cellDegrees).rounded(.down))
    }
}
