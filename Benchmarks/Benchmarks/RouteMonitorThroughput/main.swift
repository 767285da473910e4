// RouteMonitor throughput: fixes per second against a 1,000-point route, in a release build.
//
// The walk: a seeded 1,000-point route (5–40 m between points, turning as streets do, about
// 22 km), walked at 1.4 m/s with fixes at 10 Hz, GPS noise of ±5 m, and a 30 m detour held for 20 s
// every 500 m. Each pass uses a new monitor. Beside it, in the same run, the same fixes against
// a brute-force scan of every segment with the ellipsoidal distance (what a straightforward
// implementation does), so the figure comes with a ratio measured on this machine at this moment.
//
//   swift run -c release RouteMonitorThroughput [passes] [--dump DIR]
// Benchmarks/route-monitor.sh runs it beside GEOS (shapely), which answers the same distances.
import Foundation
import PlaceCore
import SeededRandom
import Tracking


nonisolated(unsafe) var random = SplitMix64(seed: 20261121)
let route: [Coordinate] = {
    var route: [Coordinate] = []
    var point = Coordinate(52.3731, 4.8926)
    var heading = 90.0
    for _ in 0..<1000 {
        route.append(point)
        heading += (random.unit() - 0.5) * 60
        point = Geodesy.destination(from: point, distance: 5 + random.unit() * 35, bearing: heading)
    }
    return route
}()

// Cumulative lengths to place the walker.
let cumulative: [Double] = {
    var cumulative = [0.0]
    for index in 1..<route.count { cumulative.append(cumulative[index - 1] + Geodesy.distance(route[index - 1], route[index])) }
    return cumulative
}()
let length = cumulative.last ?? 0

func position(along: Double, offset: Double) -> Coordinate {
    var segment = 0
    while segment + 2 < cumulative.count, cumulative[segment + 1] < along { segment += 1 }
    let a = route[segment], b = route[segment + 1]
    let bearing = Geodesy.bearing(from: a, to: b)
    let onRoute = Geodesy.destination(from: a, distance: along - cumulative[segment], bearing: bearing)
    return offset == 0 ? onRoute : Geodesy.destination(from: onRoute, distance: abs(offset), bearing: bearing + (offset > 0 ? -90 : 90))
}

let fixes: [LocationFix] = {
    let start = Date(timeIntervalSince1970: 1_795_000_000)
    var fixes: [LocationFix] = []
    var along = 0.0
    var tick = 0
    while along < length {
        let inDetour = along.truncatingRemainder(dividingBy: 500) < 28  // 20 s at 1.4 m/s
        let noise = (random.unit() - 0.5) * 10
        let coordinate = position(along: along, offset: (inDetour ? 30 : 0) + noise)
        fixes.append(LocationFix(coordinate: coordinate, time: start.addingTimeInterval(Double(tick) / 10), horizontalAccuracy: 5))
        along += 0.14
        tick += 1
    }
    return fixes
}()

let arguments = Array(CommandLine.arguments.dropFirst())
let passes = arguments.first.flatMap(Int.init) ?? 20
// `--dump DIR` writes the route and the fixes as CSV for the peer script (route-monitor-peer.py).
if let flag = arguments.firstIndex(of: "--dump"), flag + 1 < arguments.count {
    let folder = URL(fileURLWithPath: arguments[flag + 1])
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let routeText = route.map { "\($0.latitude),\($0.longitude)" }.joined(separator: "\n") + "\n"
    let fixText = fixes.map { "\($0.coordinate.latitude),\($0.coordinate.longitude)" }.joined(separator: "\n") + "\n"
    try? routeText.write(to: folder.appendingPathComponent("route.csv"), atomically: true, encoding: .utf8)
    try? fixText.write(to: folder.appendingPathComponent("fixes.csv"), atomically: true, encoding: .utf8)
}
print("route: \(route.count) points, \(Int(length)) m; walk: \(fixes.count) fixes at 10 Hz, \(passes) passes")

func measure(_ label: String, passes: Int, _ body: () -> Int) -> Double {
    var best = Double.infinity
    var events = 0
    for _ in 0..<passes {
        let clock = ContinuousClock()
        let started = clock.now
        events = body()
        let elapsed = clock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        best = min(best, seconds)
    }
    let rate = Double(fixes.count) / best
    print("\(label): \(String(format: "%.2f", rate / 1e6))M fixes/s (best of \(passes), \(events) events a pass)")
    return rate
}

let ours = measure("RouteMonitor", passes: passes) {
    guard var monitor = try? RouteMonitor(route: route) else { return 0 }
    var events = 0
    for fix in fixes where monitor.process(fix) != nil { events += 1 }
    return events
}

// The brute force: every segment, ellipsoidal distances to its ends and a flat foot point.
func bruteDistance(_ c: Coordinate) -> Double {
    var best = Double.infinity
    for index in 0..<(route.count - 1) {
        let a = route[index], b = route[index + 1]
        let ab = Geodesy.distance(a, b)
        let ac = Geodesy.distance(a, c)
        let bc = Geodesy.distance(b, c)
        // Distance to the segment from the triangle's sides (Heron), or to an end.
        let d: Double
        if ab == 0 || ac * ac >= ab * ab + bc * bc || bc * bc >= ab * ab + ac * ac {
            d = min(ac, bc)
        } else {
            let s = (ab + ac + bc) / 2
            d = 2 * (max(0, s * (s - ab) * (s - ac) * (s - bc))).squareRoot() / ab
        }
        best = min(best, d)
    }
    return best
}
let sample = Array(fixes.prefix(2000))
var bruteBest = Double.infinity
for _ in 0..<3 {
    let clock = ContinuousClock()
    let started = clock.now
    var off = 0
    for fix in sample where bruteDistance(fix.coordinate) > 15 { off += 1 }
    let elapsed = clock.now - started
    bruteBest = min(bruteBest, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
    if off < 0 { print(off) }
}
let brute = Double(sample.count) / bruteBest
print("brute force (every segment, ellipsoidal): \(String(format: "%.0f", brute)) fixes/s on \(sample.count) fixes")
print(String(format: "ratio: RouteMonitor is %.0f× the brute force", ours / brute))
print(ours >= 1_000_000 ? "target ≥ 1M fixes/s: met" : "target ≥ 1M fixes/s: NOT met")
