// StopDetector throughput: fixes per second in a release build, on a seeded week at 1 Hz (stays of
// 20 minutes with ±5 m of noise between walks of 30 minutes at 1.4 m/s; 604,800 fixes). Also the
// same fixes through FixCheck first, as `places stops` runs them. `--dump FILE` writes the fixes as
// CSV (lat,lon,unix seconds) for the peer script.
//
//   swift run -c release StopDetectorThroughput [passes] [--dump FILE]
import Foundation
import PlaceCore
import SeededRandom
import Tracking


let fixes: [LocationFix] = {
    var random = SplitMix64(seed: 20261121)
    var fixes: [LocationFix] = []
    fixes.reserveCapacity(7 * 86_400)
    var position = Coordinate(52.3731, 4.8926)
    var heading = 90.0
    let start = Date(timeIntervalSince1970: 1_795_255_200)
    for second in 0..<(7 * 86_400) {
        let phase = second % 3000
        if phase < 1800 {
            if phase % 60 == 0 { heading += (random.unit() - 0.5) * 90 }
            position = Geodesy.destination(from: position, distance: 1.4, bearing: heading)
        }
        let noisy = Geodesy.destination(from: position, distance: random.unit() * 5, bearing: random.unit() * 360)
        fixes.append(LocationFix(coordinate: noisy, time: start.addingTimeInterval(Double(second)), horizontalAccuracy: 5))
    }
    return fixes
}()

let arguments = Array(CommandLine.arguments.dropFirst())
let passes = arguments.first.flatMap(Int.init) ?? 5
if let flag = arguments.firstIndex(of: "--dump"), flag + 1 < arguments.count {
    var text = "lat,lon,t\n"
    text.reserveCapacity(fixes.count * 40)
    for fix in fixes {
        text += "\(fix.coordinate.latitude),\(fix.coordinate.longitude),\(Int(fix.time?.timeIntervalSince1970 ?? 0))\n"
    }
    try? text.write(toFile: arguments[flag + 1], atomically: true, encoding: .utf8)
}

func measure(_ label: String, _ body: () -> (stops: Int, stopped: Double)) -> Double {
    var best = Double.infinity
    var result = (stops: 0, stopped: 0.0)
    for _ in 0..<passes {
        let clock = ContinuousClock()
        let started = clock.now
        result = body()
        let elapsed = clock.now - started
        best = min(best, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
    }
    let rate = Double(fixes.count) / best
    print("\(label): \(String(format: "%.2f", rate / 1e6))M fixes/s (best of \(passes); \(result.stops) stops, \(Int(result.stopped)) s stopped)")
    return rate
}

print("trace: \(fixes.count) fixes at 1 Hz (a week: stays of 20 min between walks of 30 min)")
func detect(checked: Bool) -> (stops: Int, stopped: Double) {
    var detector = StopDetector()
    var check = FixCheck(minimumAccuracy: 150)
    var stops = 0
    var stopped = 0.0
    func take(_ events: [StopDetector.Event]) {
        for case .stop(let stop) in events {
            stops += 1
            stopped += stop.duration
        }
    }
    for fix in fixes {
        if checked {
            guard case .accepted(let good) = check.check(fix) else { continue }
            take(detector.process(good))
        } else {
            take(detector.process(fix))
        }
    }
    take(detector.finish())
    return (stops, stopped)
}
let detector = measure("StopDetector") { detect(checked: false) }
_ = measure("FixCheck + StopDetector") { detect(checked: true) }
print(detector >= 1_000_000 ? "target ≥ 1M fixes/s: met" : "target ≥ 1M fixes/s: NOT met")
