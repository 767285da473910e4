import Foundation
import PlaceBytes
import PlaceCore
import PlaceSearchTesting
import Testing

/// Nothing stored is lost or doubled: many writers at once, and a writer killed mid-write.
@Suite(.timeLimit(.minutes(10))) struct StoreDurabilityTests {
    /// A ParkShark cassette answering `get_meters` for meters 20001…, so that many favourites can be added offline.
    /// - Parameter latency: recorded milliseconds per answer, replayed with PLACES_REPLAY_LATENCY.
    static func meterCassette(count: Int, latency: Int = 1) throws -> Scenario {
        let scenario = Scenario()
        var interactions: [String] = []
        for index in 0..<count {
            let number = 20001 + index
            let latitude = 52.36 + Double(index % 100) * 0.0002
            let longitude = 4.88 + Double(index / 100) * 0.0003
            interactions.append(
                #"{"recorded_at": "2026-11-21T12:00:00Z", "duration_ms": \#(latency), "request": {"method": "GET", "url": "http://api.parkshark.nl/psapi/api.jsp?action=get_meters&meternumbers=\#(number)", "headers": {"Accept": "application/json"}}, "response": {"status": 200, "headers": {"Content-Type": "application/json"}, "body": {"json": {"items": [{"lat": \#(latitude), "lon": \#(longitude), "belnummer": "\#(number)", "adres": "Teststraat \#(index + 1)", "bw": {"cash": true}, "costs": {"cost": -1}}]}}}}"#
            )
        }
        try scenario.write(
            "parkshark", "favorites.json", text: #"{"places_cassette": 1, "interactions": [\#(interactions.joined(separator: ",\n"))]}"#)
        return scenario
    }

    static func listedIDs(_ store: TemporaryStore) async throws -> [String] {
        let list = try await CLI.run(["favorites", "list", "--format", "ndjson"], environment: store.environment)
        #expect(list.status == 0, "\(list.stderr)")
        return try list.stdoutLines.map { try JSONValue.parse(Data($0.utf8))["id"]?.stringValue ?? "" }
    }

    @Test func twentyParallelWritersAllLand() async throws {
        let scenario = try Self.meterCassette(count: 20)
        let store = TemporaryStore()
        let environment = store.environment.merging(["PLACES_CASSETTE_DIR": scenario.cassetteDirectories]) { $1 }
        // Twenty processes at once on a store that does not exist yet: they race to create it too.
        let outputs = try await withThrowingTaskGroup(of: CLI.Output.self) { group in
            for index in 0..<20 {
                group.addTask { try await CLI.run(["favorites", "add", "parkshark:\(20001 + index)"], environment: environment) }
            }
            var outputs: [CLI.Output] = []
            for try await output in group { outputs.append(output) }
            return outputs
        }
        for output in outputs { #expect(output.status == 0, "\(output.stderr)") }
        let ids = try await Self.listedIDs(store)
        #expect(ids.count == 20)
        #expect(Set(ids) == Set((0..<20).map { "parkshark:\(20001 + $0)" }))
    }

    @Test func theSameFavouriteAddedTwentyTimesAtOnceIsKeptOnce() async throws {
        let scenario = try Self.meterCassette(count: 1)
        let store = TemporaryStore()
        let environment = store.environment.merging(["PLACES_CASSETTE_DIR": scenario.cassetteDirectories]) { $1 }
        let outputs = try await withThrowingTaskGroup(of: CLI.Output.self) { group in
            for _ in 0..<20 { group.addTask { try await CLI.run(["favorites", "add", "parkshark:20001"], environment: environment) } }
            var outputs: [CLI.Output] = []
            for try await output in group { outputs.append(output) }
            return outputs
        }
        #expect(outputs.count == 20)
        #expect(outputs.allSatisfy { $0.status == 0 })
        #expect(outputs.filter { $0.stdout.hasPrefix("added") }.count == 1)
        #expect(try await Self.listedIDs(store) == ["parkshark:20001"])
    }

    /// `places favorites add` of 300 places, killed with SIGKILL after a random number of them, five
    /// times over on one store: it still opens, holds every favourite printed as added, once, in order.
    /// The kill is triggered by the writer's own progress: a thread of its own reads the writer's
    /// output and kills it on the target-th line, so that the test's tasks being starved by the
    /// other tests running in parallel cannot let the writer finish first. A recorded 30 ms per
    /// lookup (replayed) spreads the kills over lookups and writes alike.
    @Test func aWriterKilledMidWriteLosesNothingItReported() async throws {
        let scenario = try Self.meterCassette(count: 300, latency: 30)
        let store = TemporaryStore()
        let environment = store.environment.merging(["PLACES_CASSETTE_DIR": scenario.cassetteDirectories, "PLACES_REPLAY_LATENCY": "1"]) { $1 }
        var random = SeededRandom(printingSeedFor: "aWriterKilledMidWriteLosesNothingItReported")
        var expected: [String] = []
        for round in 0..<5 {
            let target = Int.random(in: 10...60, using: &random)
            let process = Process()
            process.executableURL = CLI.executable
            process.arguments = ["favorites", "add"] + (0..<300).map { "parkshark:\(20001 + $0)" }
            process.environment = CLI.environment(environment, home: store.folder)
            process.currentDirectoryURL = CLI.repository
            let output = Pipe()
            process.standardOutput = output
            let stderr = store.folder.appendingPathComponent("add-\(round).err")
            _ = FileManager.default.createFile(atPath: stderr.path, contents: nil)
            process.standardError = try FileHandle(forWritingTo: stderr)
            let exited = AsyncStream<Void> { continuation in
                process.terminationHandler = { _ in
                    continuation.yield(); continuation.finish()
                }
            }
            try process.run()
            try? output.fileHandleForWriting.close()
            let printed = await Self.killing(process.processIdentifier, atLine: target, reading: output.fileHandleForReading)
            for await _ in exited {}
            let context = "round \(round), seed \(random.seed), killed at line \(target) of \(printed.count)"
            #expect(
                process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL,
                "the writer was not killed (status \(process.terminationStatus)), \(context): \(String(decoding: (try? Data(contentsOf: stderr)) ?? Data(), as: UTF8.self))"
            )
            for line in printed {
                let words = line.split(separator: " ")
                // A re-added favourite keeps its first place; only new ones join the end.
                if words.count >= 2, words[0] == "added" { expected.append(String(words[1])) }
            }
            let stored = try await Self.listedIDs(store)
            #expect(Array(stored.prefix(expected.count)) == expected, "\(context)")
            // At most the one in flight was committed without being printed.
            #expect(stored.count <= expected.count + 1, "\(context)")
            #expect(Set(stored).count == stored.count, "\(context)")
            expected = stored
        }
        let more = try await CLI.run(["favorites", "add", "parkshark:20300"], environment: environment)
        #expect(more.status == 0, "\(more.stderr)")
    }

    /// Reads a process's output line by line on a thread of its own and kills it with SIGKILL once
    /// `target` lines have come; returns every line it printed (those after the target too).
    static func killing(_ pid: Int32, atLine target: Int, reading handle: FileHandle) async -> [String] {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                var pending = Data()
                var lines: [String] = []
                var killed = false
                while true {
                    let chunk = handle.availableData  // blocks until output comes; empty once the writer is gone
                    if chunk.isEmpty { break }
                    pending.append(chunk)
                    while let newline = pending.firstIndex(of: 0x0A) {
                        lines.append(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                        pending.removeSubrange(pending.startIndex...newline)
                    }
                    if !killed, lines.count >= target {
                        kill(pid, SIGKILL)
                        killed = true
                    }
                }
                continuation.resume(returning: lines)
            }
        }
    }
}
