import AutocompleteSupport
import Foundation

/// Per-query timing, the same for `AutocompleteIndex.complete` and for `PlaceLookup.lookup`:
/// every query of a list, `rounds` times, wall clock and thread CPU time each.
struct Timing {
    let rounds: Int
    /// AC_SLOWEST=1: name the slowest queries of each list.
    let namesSlowest: Bool

    /// Round one runs on a freshly mapped file (minor page faults on first touch, what a CLI that
    /// opens the index per keystroke pays); rounds two and three on a warm mapping (a resident app).
    /// Wall clock, and the thread's CPU time (which a loaded machine's preemptions do not inflate).
    func line(_ label: String, _ samples: (wall: [UInt64], cpu: [UInt64]), queries: Int) -> (p50: Double, p99: Double, cpu50: Double, cpu99: Double) {
        let cold = Percentiles.of(Array(samples.wall.prefix(queries)))
        let p = Percentiles.of(Array(samples.wall.dropFirst(queries)))
        let cpu = Percentiles.of(Array(samples.cpu.dropFirst(queries)))
        print(String(format: "  %-40@ warm p50 %8.1f µs  p99 %8.1f µs | CPU p50 %8.1f µs  p99 %8.1f µs | first pass p50 %8.1f µs  p99 %8.1f µs", label as NSString, p.p50, p.p99, cpu.p50, cpu.p99, cold.p50, cold.p99))
        return (p.p50, p.p99, cpu.p50, cpu.p99)
    }

    /// Runs `run` on every query `rounds` times; it returns how many answers it got (checked, so
    /// that the work is not optimised away).
    func measure(_ queries: [String], _ run: (String) -> Int) -> (wall: [UInt64], cpu: [UInt64]) {
        var samples: [UInt64] = []
        var cpu: [UInt64] = []
        for _ in 0..<rounds {
            for text in queries {
                let start = DispatchTime.now().uptimeNanoseconds
                let startCPU = threadCPUNanoseconds()
                let count = run(text)
                cpu.append(threadCPUNanoseconds() - startCPU)
                samples.append(DispatchTime.now().uptimeNanoseconds - start)
                if count > 100 { fatalError("unreachable") }
            }
        }
        // AC_SLOWEST=1 names the slowest queries by thread CPU time (a loaded machine's preemptions
        // inflate the wall clock of whichever query they hit), the least of the warm rounds.
        if namesSlowest {
            let perQuery = queries.indices.map { position in
                (1..<max(rounds, 2)).map { cpu[min($0, rounds - 1) * queries.count + position] }.min() ?? 0
            }
            let slowest = zip(perQuery, queries).sorted { $0.0 > $1.0 }.prefix(8)
            print("    slowest (CPU):", slowest.map { "\($0.1) \($0.0 / 1000) µs" }.joined(separator: ", "))
        }
        return (samples, cpu)
    }
}
