import Foundation
import Testing

/// What `places` says of a database it cannot use, through the built binaries and without a
/// PostgreSQL server: nothing listens on 127.0.0.1 port 1, so none of these ever reaches one.
/// Each is one line on stderr naming the input and what to do, with its documented exit code.
@Suite(.timeLimit(.minutes(10))) struct DatabaseBadInputProcessTests {
    static let nowhere = "postgres://places:secret@127.0.0.1:1/places"

    @Test func aDatabaseWhereNothingListensIsUnavailableForListingAndRemoving() async throws {
        let scratch = try Scratch()
        for arguments in [["import", "list"], ["import", "remove", "amsterdam.osm"]] {
            let result = try await ServerProcessTests.run("places", arguments + ["--database", Self.nowhere], scratch)
            #expect(result.status == 69, "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
            #expect(result.stderr.contains("postgres://places:***@127.0.0.1:1/places cannot be reached"), "\(result.stderr)")
            #expect(result.stderr.contains("check that PostgreSQL runs there"), "\(result.stderr)")
            #expect(!result.stderr.contains("secret"))
            #expect(result.stdout.isEmpty)
        }
    }

    @Test func anUnknownSSLModeIsAConfigurationError() async throws {
        let result = try await ServerProcessTests.run(
            "places", ["serve", "users", "list", "--database", Self.nowhere + "?sslmode=sometimes"], try Scratch())
        #expect(result.status == 78, "\(result.stderr)")
        #expect(result.stderr.contains("sslmode must be disable, prefer, require or verify-full, not 'sometimes'"), "\(result.stderr)")
        #expect(!result.stderr.contains("secret"))
    }

    @Test func aMissingRootCertificateIsNamed() async throws {
        let scratch = try Scratch()
        let absent = scratch.folder.appendingPathComponent("absent-ca.pem").path
        let result = try await ServerProcessTests.run(
            "places", ["serve", "users", "list", "--database", Self.nowhere + "?sslmode=verify-full&sslrootcert=" + absent], scratch)
        #expect(result.status == 69, "\(result.stderr)")
        #expect(result.stderr.contains("its sslrootcert \(absent) does not exist"), "\(result.stderr)")
        #expect(result.stderr.contains("give sslrootcert= the path of a PEM file"), "\(result.stderr)")
    }

    @Test func aDatabaseTimeoutThatIsNotATimeIsAUsageError() async throws {
        let result = try await ServerProcessTests.run(
            "places", ["serve", "run", "--database-timeout", "soon", "--database", Self.nowhere], try Scratch())
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("--database-timeout 'soon' is not a time"), "\(result.stderr)")
        #expect(result.stderr.contains("give e.g. 5, 2.5s or 800ms"), "\(result.stderr)")
    }
}
