import Foundation
import PlaceCore
import ProcessTesting
import Testing

/// An import stopped by Ctrl-C leaves no staging files, says what it kept, and keeps the store
/// consistent with what it said; what an import killed outright left is removed at the next start.
@Suite(.timeLimit(.minutes(10))) struct InterruptedImportTests {
    /// Staging files beside the store and in the name index's folder of per-import files.
    static func leftovers(_ folder: URL) throws -> [String] {
        var names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        for segments in names where segments.hasSuffix(".names.d") {
            names += try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(segments).path)
        }
        return names.filter { $0.contains(".names.import-") || $0.contains(".names.building-") || $0.hasPrefix("places-names-") }
    }

    /// A process that has ended, whose id is therefore nobody's (until the system reuses it).
    static func endedProcessID() async throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        await ChildProcess.exit(of: process)
        return process.processIdentifier
    }

    @Test func whatAKilledImportLeftIsRemovedAtTheNextStart() async throws {
        let store = TemporaryStore()
        _ = try await ImportCommandTests.imported(store)
        let pid = try await Self.endedProcessID()
        let folder = store.folder
        try Data(count: 1_000).write(to: folder.appendingPathComponent("places.names.import-\(pid)-42"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("places-names-\(pid)-7"), withIntermediateDirectories: true)
        try Data(count: 500).write(to: folder.appendingPathComponent("places-names-\(pid)-7/run1"))
        let graphs = folder.appendingPathComponent("places.walks")
        try FileManager.default.createDirectory(at: graphs, withIntermediateDirectories: true)
        try Data(count: 700).write(to: graphs.appendingPathComponent("0123456789abcdef-0123456789abcdef.walk.import-\(pid)-9"))
        // Another process's, still running: ours.
        try Data(count: 10).write(to: folder.appendingPathComponent("places.names.import-1-1"))
        let complete = try await CLI.run(["complete", "Damr"], environment: store.environment)
        #expect(complete.status == 0, "\(complete.stderr)")
        #expect(complete.stderr.contains("removed 3 files"), "\(complete.stderr)")
        #expect(try Self.leftovers(folder) == ["places.names.import-1-1"], "a live process's staging stays")
        #expect(try FileManager.default.contentsOfDirectory(atPath: graphs.path).allSatisfy { !$0.contains(".walk.import-") })
    }

    @Test func ctrlCDuringAnImportCleansUpAndSaysWhatWasKept() async throws {
        let store = TemporaryStore()
        _ = try await ImportCommandTests.imported(store)
        // Large enough that the import is still at work when its first staging file appears.
        let list = store.folder.appendingPathComponent("big.csv")
        var text = "name,lat,lon\n"
        for row in 0..<300_000 { text += "Place \(row),\(50 + Double(row % 1000) / 1000),\(4 + Double(row / 1000) / 1000)\n" }
        try text.write(to: list, atomically: true, encoding: .utf8)

        let process = Process()
        process.executableURL = CLI.executable
        process.arguments = ["import", "--names", list.path]
        process.environment = CLI.environment(store.environment, home: store.folder)
        process.currentDirectoryURL = CLI.repository
        let stderr = store.folder.appendingPathComponent("import.err")
        _ = FileManager.default.createFile(atPath: stderr.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: stderr)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // Progress, not a timer: the import has begun to build the name index beside the store.
        // (Watched from a thread of its own, not one of the cooperative pool's few.)
        let running = UncheckedProcess(process)
        let folder = store.folder
        try await onThread {
            let deadline = Date().addingTimeInterval(300)
            while running.process.isRunning, try Self.leftovers(folder).isEmpty, Date() < deadline { usleep(2_000) }
        }
        kill(process.processIdentifier, SIGINT)
        await ChildProcess.exit(of: process)
        let said = String(decoding: (try? Data(contentsOf: stderr)) ?? Data(), as: UTF8.self)
        // A staging file lives until the import ends, so the signal came while it was at work.
        #expect(process.terminationStatus == 130, "\(said)")
        #expect(said.contains("places: interrupted: "), "\(said)")
        let left = try Self.leftovers(store.folder)
        #expect(left.isEmpty, "\(left)")
        let listed = try await CLI.run(["import", "list"], environment: store.environment)
        #expect(listed.stdout.contains("big.csv") == said.contains("was kept"), "\(said)\n\(listed.stdout)")
        let complete = try await CLI.run(["complete", "Damr"], environment: store.environment)
        #expect(complete.status == 0 && complete.stdout.contains("Damrak"), "the store and its index still answer: \(complete.stderr)")
    }
}
