import Foundation
import Testing

/// The documented install (Scripts/install.sh) gives a `places` that answers offline from any folder.
struct InstallTests {
    @Test func anInstalledPlacesAnswersFromAnyFolder() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("places-install-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let prefix = root.appendingPathComponent("prefix")
        let elsewhere = root.appendingPathComponent("somewhere/else")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)

        let install = Process()
        install.executableURL = URL(fileURLWithPath: "/bin/bash")
        install.arguments = [
            CLI.repository.appendingPathComponent("Scripts/install.sh").path, "--binary", CLI.executable.path, "--prefix", prefix.path,
        ]
        install.standardOutput = FileHandle.nullDevice
        try install.run()
        install.waitUntilExit()
        #expect(install.terminationStatus == 0)

        let installed = prefix.appendingPathComponent("bin/places")
        let output = try await CLI.run(["coffee", "--near", "52.37,4.89", "--top", "3"], in: elsewhere, binary: installed)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdoutLines.count == 4)
        #expect(output.stderr.contains(prefix.appendingPathComponent("share/places/cassettes/foursquare/coffee.json").path), "\(output.stderr)")
        // --cassette-dir still wins.
        let none = root.appendingPathComponent("no-recordings")
        try FileManager.default.createDirectory(at: none, withIntermediateDirectories: true)
        let overridden = try await CLI.run(["coffee", "--near", "52.37,4.89", "--cassette-dir", none.path], in: elsewhere, binary: installed)
        #expect(overridden.status == 69, "\(overridden.stderr)")
    }
}
