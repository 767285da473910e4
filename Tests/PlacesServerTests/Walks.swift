import Foundation
import PlaceBytes
import PlaceCore
import Synchronization
import Tracking

/// Walks for the points' tests: along a path at a pace, wobbling as GPS does (seeded, so each run
/// is the same), a fix every few seconds.
enum Walks {
    /// SplitMix64: the same noise every run.
    struct Noise {
        var state: UInt64

        mutating func next() -> Double {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            return Double(z >> 11) / Double(1 << 53)
        }

        /// Roughly normal, mean 0, deviation `sigma` (a sum of uniforms).
        mutating func gaussian(_ sigma: Double) -> Double {
            ((0..<6).map { _ in next() }.reduce(0, +) - 3) * sigma * sqrt(2)
        }
    }

    /// Fixes along `path` from its start, at `speed` m/s, one every `every` seconds from `start`,
    /// each off by GPS-like noise of `wobble` metres (0: exactly on the path).
    static func along(_ path: [Coordinate], speed: Double, every: Double = 2, start: Date, wobble: Double = 3, seed: UInt64 = 7) -> [LocationFix] {
        var noise = Noise(state: seed)
        var legs: [(Coordinate, Coordinate, Double)] = []
        for index in path.indices.dropFirst() where path[index - 1] != path[index] {
            legs.append((path[index - 1], path[index], path[index - 1].distance(to: path[index])))
        }
        let total = legs.reduce(0) { $0 + $1.2 }
        var fixes: [LocationFix] = []
        var travelled = 0.0
        var second = 0.0
        while true {
            var remaining = min(travelled, total)
            var point = path.last ?? path[0]
            for (from, to, length) in legs {
                if remaining <= length {
                    point = Geodesy.destination(from: from, distance: remaining, bearing: from.bearing(to: to))
                    break
                }
                remaining -= length
            }
            // The first fix is where the walk starts, exactly: the recorded route is asked from it.
            if wobble > 0, !fixes.isEmpty {
                point = Geodesy.destination(from: point, distance: abs(noise.gaussian(wobble)), bearing: noise.next() * 360)
            }
            fixes.append(LocationFix(coordinate: point, time: start.addingTimeInterval(second), horizontalAccuracy: 5))
            if travelled >= total { break }
            travelled += speed * every
            second += every
        }
        return fixes
    }

    static func ndjson(_ fixes: [LocationFix]) -> String {
        fixes.map { fix in
            let time = fix.time.map(ISO8601Text.format) ?? ""
            return #"{"lat":\#(fix.coordinate.latitude),"lon":\#(fix.coordinate.longitude),"time":"\#(time)","accuracy":5}"#
        }.joined(separator: "\n") + "\n"
    }

    /// The server's clock seeing fix k arrive `latency` seconds after `start + k × every`: the
    /// witness reads the clock once per fix it is handed.
    static func clock(start: Date, every: Double = 2, latency: Double = 0.5) -> @Sendable () -> Date {
        let calls = Mutex(0)
        return {
            let call = calls.withLock { count in
                defer { count += 1 }
                return count
            }
            return start.addingTimeInterval(Double(call) * every + latency)
        }
    }
}

/// Server-sent events, as the follow endpoint writes them.
struct ServerSentEvent {
    let name: String
    let data: JSONValue

    static func parse(_ text: String) throws -> [ServerSentEvent] {
        try text.components(separatedBy: "\n\n").filter { !$0.isEmpty }.map { block in
            var name = "message"
            var data = ""
            for line in block.split(separator: "\n") {
                if line.hasPrefix("event: ") { name = String(line.dropFirst(7)) }
                if line.hasPrefix("data: ") { data += line.dropFirst(6) }
            }
            return ServerSentEvent(name: name, data: try JSONValue.parse(Data(data.utf8)))
        }
    }
}
