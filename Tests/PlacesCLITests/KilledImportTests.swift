import Foundation
import ProcessTesting
import Testing

/// An import killed outright (SIGKILL: no handler runs) at the moments its work changes hands:
/// while the store is written and the name index built beside it, while its walking graph is
/// staged, and as it holds room for the list of segments just before the commit. Each time the
/// next command removes what it staged and says so, and the store is as it was before the
/// import, or, when the kill landed after the commit, holds the import whole.
@Suite(.timeLimit(.minutes(10))) struct KilledImportTests {
    /// The moments, told by a file the import makes in the store's folder.
    static let moments: [(name: String, appears: @Sendable (String) -> Bool)] = [
        ("the name index's sorted runs", { $0.contains("places-names-") }),
        ("the staged walking graph", { $0.contains(".walk.import-") }),
        ("the room held for the list of segments", { $0.hasSuffix(".reserve") }),
    ]

    @Test(arguments: 0..<3) func aKilledImportLeavesTheStoreAsItWasOrWhole(moment: Int) async throws {
        let (name, appears) = Self.moments[moment]
        let store = TemporaryStore()
        try await ChangeImportCommandTests.importTown(store)
        let county = store.folder.appendingPathComponent("county.osm")
        try DiskFullImportTests.town(streets: 60, cafes: 12_000).write(to: county, atomically: true, encoding: .utf8)
        let before = try ChangeImportCommandTests.snapshot(store)

        let process = Process()
        process.executableURL = CLI.executable
        process.arguments = ["import", county.path]
        process.environment = CLI.environment(store.environment, home: store.folder)
        process.currentDirectoryURL = CLI.repository
        process.standardError = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // Progress, not a timer: the file that marks the moment has appeared.
        let running = UncheckedProcess(process)
        let folder = store.folder
        let seen = try await onThread { () -> Bool in
            while running.process.isRunning {
                let names = FileManager.default.subpaths(atPath: folder.path) ?? []
                if names.contains(where: appears) {
                    kill(running.process.processIdentifier, SIGKILL)
                    return true
                }
                usleep(500)
            }
            return false
        }
        await ChildProcess.exit(of: process)
        try #require(seen, "the import ended before \(name) appeared (exit \(process.terminationStatus))")
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL)

        // The next command removes what the killed import staged, and says so.
        let complete = try await CLI.run(["complete", "Eerste Straat"], environment: store.environment)
        #expect(complete.status == 0 && complete.stdout.contains("Eerste Straat"), "\(name): \(complete.stderr)")
        #expect(complete.stderr.contains("that an interrupted import left beside"), "\(name): \(complete.stderr)")
        #expect(DiskFullImportTests.staged(under: store.folder).isEmpty, "\(name): \(DiskFullImportTests.staged(under: store.folder))")

        let listed = try await CLI.run(["import", "list"], environment: store.environment)
        if listed.stdout.contains("county.osm") {
            // Killed after the commit: the import is whole, and its names are found.
            let found = try await CLI.run(["complete", "Koffiehuis 11999"], environment: store.environment)
            #expect(found.stdout.contains("Koffiehuis 11999 de Gouden Boon"), "\(name): \(found.stdout)\(found.stderr)")
        } else {
            #expect(try ChangeImportCommandTests.snapshot(store) == before, "\(name)")
        }
    }
}
