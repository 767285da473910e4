import Foundation
import PlaceCore
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Someone else's store, or one on a read-only disk: everything that only looks works, every
/// change fails with 73 naming the store and what to do, and the file is left as it was.
@Suite(.timeLimit(.minutes(10))) struct ReadOnlyStoreTests {
    /// How to run `places` as a user who may read the store but not write it or its folder.
    /// Root may write anything, so as root the command runs as `nobody` through setpriv.
    static var otherUser: (prefix: [String], binary: URL?)? {
        guard geteuid() == 0 else { return ([], nil) }
        let setpriv = ["/usr/bin/setpriv", "/bin/setpriv"].first { FileManager.default.isExecutableFile(atPath: $0) }
        return setpriv.map { (["--reuid=65534", "--regid=65534", "--clear-groups"], URL(fileURLWithPath: $0)) }
    }

    @Test(.enabled(if: otherUser != nil, "running as root without setpriv: cannot become a user who may not write the store"))
    func aStoreThatMayOnlyBeReadAnswersEveryReadAndRefusesEveryChange() async throws {
        let store = TemporaryStore()
        let file = try await ImportCommandTests.imported(store)
        let added = try await CLI.run(["favorites", "add", "osm:node/20", "--offline"], environment: store.environment)
        #expect(added.status == 0, "\(added.stderr)")
        let user = try #require(Self.otherUser)

        // The places binary may sit in a folder only its builder may enter: give the other user a link
        // to it (a copy, written while another test forks, can be "Text file busy" when run).
        let shared = store.folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        let binary = shared.appendingPathComponent("places")
        try CLI.placeBinary(at: binary)
        for path in [store.folder.path, shared.path, binary.path] { chmod(path, 0o755) }
        let contents = try FileManager.default.contentsOfDirectory(atPath: store.folder.path)
        for name in contents where name != "bin" {
            let path = store.folder.appendingPathComponent(name).path
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
            chmod(path, isFolder.boolValue ? 0o555 : 0o444)
        }
        chmod(store.folder.path, 0o555)
        defer { chmod(store.folder.path, 0o755) }
        let before = try Data(contentsOf: URL(fileURLWithPath: store.path))

        func run(_ arguments: [String]) async throws -> CLI.Output {
            let command = user.binary == nil ? arguments : user.prefix + [binary.path] + arguments
            return try await CLI.run(command, environment: store.environment, in: store.folder, binary: user.binary ?? binary)
        }

        let coffee = try await run(["coffee", "--offline", "--near", "52.3712,4.8931", "--format", "json"])
        #expect(coffee.status == 0, "\(coffee.stderr)")
        #expect(coffee.stdout.contains("Café de Jaren"))
        let favorites = try await run(["favorites", "list", "--format", "json"])
        #expect(favorites.status == 0, "\(favorites.stderr)")
        #expect(favorites.stdout.contains("osm:node/20"))
        let complete = try await run(["complete", "Damr", "--format", "json"])
        #expect(complete.status == 0, "\(complete.stderr)")
        #expect(complete.stdout.contains("Damrak"))

        for change in [["favorites", "add", "osm:node/21", "--offline"], ["config", "set", "center", "52.37,4.89"], ["import", file.path]] {
            let refused = try await run(change)
            #expect(refused.status == 73, "\(change): \(refused.stderr)")
            #expect(refused.stderrLines.count == 1, "\(change): \(refused.stderr)")
            #expect(refused.stderr.contains(store.path) && refused.stderr.contains("read-only to you"), "\(refused.stderr)")
            #expect(refused.stderr.contains("--store"), "says what to do: \(refused.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.path)) == before, "the store is left as it was")
    }
}
