import Foundation
import Testing

/// A config file with something wrong in it: a command that needs what the bad line could have
/// set stops (exit 78, one line naming the file and the line); one that does not runs, and says
/// the line once.
@Suite(.timeLimit(.minutes(10))) struct ConfigFileCommandTests {
    /// A config file in a folder of its own, removed with it.
    final class ConfigFolder {
        let folder: URL
        let file: URL
        var environment: [String: String] { ["PLACES_CONFIG": file.path] }

        init(_ text: String) throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("places-config-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            file = folder.appendingPathComponent("config.toml")
            try Data(text.utf8).write(to: file)
        }

        deinit { try? FileManager.default.removeItem(at: folder) }
    }

    static let unquotedKey = "center = \"52.37,4.89\"\n[foursquare]\napi_key = fsq3-unquoted\n"

    @Test func aCommandThatNeedsTheBadValueStopsWithOneLine() async throws {
        let config = try ConfigFolder(Self.unquotedKey)
        let output = try await CLI.run(["coffee", "--near", "52.37,4.89", "--config", config.file.path])
        #expect(output.status == 78)
        #expect(output.stdout.isEmpty)
        #expect(
            output.stderr
                == "places: \(config.file.path):3: the value of api_key must be a \"quoted string\", a number, true or false; "
                + "fix or remove that line (TOML: text goes in quotes, key = \"value\")\n")
    }

    @Test func commandsThatDoNotReadTheBadValueRunAndSayItOnce() async throws {
        let config = try ConfigFolder(Self.unquotedKey)
        let warning =
            "places: \(config.file.path):3: the value of api_key must be a \"quoted string\", a number, true or false; "
            + "not read (a command that needs [foursquare] api_key stops with exit 78 until it is fixed)"
        let stops = try await CLI.run(["stops", "examples/day.gpx"], environment: config.environment)
        #expect(stops.status == 0, "\(stops.stderr)")
        #expect(!stops.stdout.isEmpty)
        #expect(stops.stderrLines == [warning])

        let store = TemporaryStore()
        _ = try await ImportCommandTests.imported(store)
        let complete = try await CLI.run(["complete", "cafe de"], environment: store.environment.merging(config.environment) { $1 })
        #expect(complete.status == 0, "\(complete.stderr)")
        #expect(complete.stdout.contains("Café de Jaren"))
        #expect(complete.stderrLines == [warning])

        // config list shows what can be read, and says the line that cannot.
        let list = try await CLI.run(["config", "list"], environment: config.environment)
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout == "center = 52.37,4.89  # the config file \(config.file.path)\n")
        #expect(list.stderrLines == [warning])

        // The value the bad line does not hide is still read.
        let get = try await CLI.run(["config", "get", "center"], environment: config.environment)
        #expect(get.status == 0, "\(get.stderr)")
        #expect(get.stdout == "52.37,4.89\n")
    }

    @Test func aGarbageLineAtTheTopHidesOnlyTopLevelKeys() async throws {
        let config = try ConfigFolder("this is garbage\n[http]\ncache = false\n")
        let near = try await CLI.run(["coffee", "--near", "52.37,4.89", "--top", "1"], environment: config.environment)
        #expect(near.status == 0, "\(near.stderr)")
        #expect(near.stderrLines.filter { $0.contains(config.file.path) }.count == 1, "\(near.stderr)")
        #expect(near.stderrLines.last?.hasPrefix("places: \(config.file.path):1: key-value pair: expected '='") == true, "\(near.stderr)")
        // Without --near, coffee needs center, which the line may have set.
        let centre = try await CLI.run(["coffee", "--top", "1"], environment: config.environment)
        #expect(centre.status == 78, "\(centre.stderr)")
        #expect(centre.stderrLines.count == 1, "\(centre.stderr)")
        #expect(centre.stderr.hasPrefix("places: \(config.file.path):1: key-value pair: expected '='"))
    }

    @Test func misspeltKeysAreSaidWithWhatWasMeant() async throws {
        let config = try ConfigFolder("centre = \"52.37,4.89\"\n[htpp]\nmode = \"replay\"\n")
        let stops = try await CLI.run(["stops", "examples/day.gpx"], environment: config.environment)
        #expect(stops.status == 0, "\(stops.stderr)")
        #expect(
            stops.stderrLines == [
                "places: \(config.file.path):1: unknown key 'centre', ignored; did you mean center?",
                "places: \(config.file.path):2: unknown section [htpp], ignored; did you mean [http]?",
            ])
    }

    @Test func devNullIsAnEmptyConfigAndAFolderIsNoConfig() async throws {
        let empty = try await CLI.run(["coffee", "--near", "52.37,4.89", "--top", "1", "--config", "/dev/null"])
        #expect(empty.status == 0, "\(empty.stderr)")
        #expect(!empty.stderr.contains("/dev/null"))
        let config = try ConfigFolder("")
        let folder = try await CLI.run(["coffee", "--near", "52.37,4.89", "--config", config.folder.path])
        #expect(folder.status == 78)
        #expect(folder.stderr == "places: the config file \(config.folder.path) is a folder; give the path of a file\n")
    }
}
