import Foundation
import OSMFormat
import Testing

@testable import PlaceImport

/// Settlements looks each point up in one grid per reach: its answers must be those of comparing
/// the point with every settlement (in the 0.1° window the lookup always had), in a dense country,
/// at 60°N and beside the pole.
struct SettlementsGridTests {
    private struct Known {
        var name: String
        var point: OSMPoint
        var rank: OSMFeatures.SettlementRank
    }

    /// The answer by comparing with every settlement.
    private func everyOne(_ known: [Known], _ point: OSMPoint) -> (district: String?, town: String?) {
        let windowRows = Int((15_000 / (0.1 * 111_195)).rounded(.up))
        let windowColumns = min(16, Int((15_000 / (0.1 * 111_195 * max(0.05, cos(point.latitude * .pi / 180)))).rounded(.up)))
        func cell(_ degrees: Double) -> Int { Int((degrees / 0.1).rounded(.down)) }
        var district: (name: String, specificity: Int, metres: Double)?
        var town: (name: String, metres: Double)?
        for settlement in known {
            guard abs(cell(settlement.point.latitude) - cell(point.latitude)) <= windowRows,
                abs(cell(settlement.point.longitude) - cell(point.longitude)) <= windowColumns
            else { continue }
            let metres = PointBox.roughDistance(point, settlement.point)
            guard metres <= settlement.rank.reach else { continue }
            if settlement.rank.isTown {
                if town.map({ (metres, settlement.name) < ($0.metres, $0.name) }) ?? true { town = (settlement.name, metres) }
            } else if district.map({
                (settlement.rank.specificity, -metres) > ($0.specificity, -$0.metres)
                    || ((settlement.rank.specificity, metres) == ($0.specificity, $0.metres) && settlement.name < $0.name)
            }) ?? true {
                district = (settlement.name, settlement.rank.specificity, metres)
            }
        }
        return (district?.name, town?.name)
    }

    @Test(arguments: [(52.3, 4.8, 0.5), (60.0, 10.0, 0.8), (86.5, 30.0, 1.0), (-33.9, 151.1, 0.4)])
    func answersAsComparingWithEveryOne(latitude: Double, longitude: Double, spread: Double) {
        var state: UInt64 = 2_718
        func random() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        let kinds = ["neighbourhood", "quarter", "suburb", "hamlet", "village", "town", "city"]
        var settlements = Settlements()
        var known: [Known] = []
        for index in 0..<400 {
            let point = OSMPoint(latitude: latitude + (random() - 0.5) * spread, longitude: longitude + (random() - 0.5) * spread * 3)
            // Few cities, many neighbourhoods, as in a country; some names shared.
            let kind = kinds[min(kinds.count - 1, Int(pow(random(), 2.5) * Double(kinds.count)))]
            let rank = OSMFeatures.settlementRank(kind)
            let name = "\(kind) \(index % 37)"
            settlements.add(name: name, point: point, rank: rank)
            known.append(Known(name: name, point: point, rank: rank))
        }
        var found = 0
        for _ in 0..<1500 {
            let point = OSMPoint(latitude: latitude + (random() - 0.5) * spread, longitude: longitude + (random() - 0.5) * spread * 3)
            let expected = everyOne(known, point)
            let answer = settlements.area(of: point)
            #expect(answer.district == expected.district && answer.town == expected.town)
            if expected.district != nil || expected.town != nil { found += 1 }
        }
        #expect(found > 300, "most points lie in some settlement's reach")
    }
}
