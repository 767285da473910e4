import Foundation
import PlaceStorePostgres
import ProcessTesting
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A running `places serve --database` instance and `places serve index build --database` beside
/// it, through the built binaries: the instance answers from the new index as soon as it is
/// written, and no request made meanwhile fails or goes unanswered.
@Suite(
    .serialized, .enabled(if: ServerDatabase.isSet, "PLACES_TEST_DATABASE_URL is not set; start a server with Scripts/test-postgres.sh start"),
    .timeLimit(.minutes(10)))
struct IndexPickupProcessTests {
    static let nieuwmarkt = """
        <?xml version="1.0" encoding="UTF-8"?>
        <osm version="0.6" generator="places tests">
          <node id="91" lat="52.3726" lon="4.9003"><tag k="name" v="Nieuwmarkt Theehuis"/><tag k="amenity" v="cafe"/></node>
        </osm>
        """

    @Test func aRunningInstancePicksUpANewIndexWithoutDroppingRequests() async throws {
        let scratch = try Scratch()
        let location = try ServerDatabase.fresh()
        let url = DatabaseImportProcessTests.url(location)
        let zeedijk = scratch.folder.appendingPathComponent("zeedijk.osm")
        try Data(DatabaseImportProcessTests.zeedijk.utf8).write(to: zeedijk)
        let nieuwmarkt = scratch.folder.appendingPathComponent("nieuwmarkt.osm")
        try Data(Self.nieuwmarkt.utf8).write(to: nieuwmarkt)
        for step in [["import", zeedijk.path, "--database", url], ["serve", "index", "build", "--database", url]] {
            let result = try await ServerProcessTests.run("places", step, scratch)
            try #require(result.status == 0, "\(step): \(result.stderr)")
        }
        let (process, _, port) = try await ServerProcessTests.start(
            // No rate limit: the loop asks as fast as it is answered.
            ["--listen", "127.0.0.1:0", "--open-search", "--rate-limit", "1000000/s", "--database", url], scratch)
        // Stopped, not waited for: a wait here would hold a cooperative thread, and a server
        // that does not stop on SIGTERM is ServerProcessTests' to find.
        defer { if process.isRunning { process.terminate() } }
        let get = { @Sendable (path: String) -> String in
            guard let connection = try? RawConnection(port: port) else { return "no connection" }
            connection.send("GET \(path) HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n")
            return connection.readToEnd().text
        }
        let before = try await onThread { get("/v1/complete?text=Nieuwmarkt%20Thee") }
        #expect(!before.contains("Nieuwmarkt Theehuis"))

        // Completions asked one after another while the index is rebuilt and replaced, from the
        // moment the first is answered.
        let asked = AskedMeanwhile()
        let asking = Task {
            try await onThread {
                while !asked.stopped { asked.add(get("/v1/complete?text=Zeedijk%20Koff")) }
            }
        }
        await asked.firstAnswer()
        for step in [["import", nieuwmarkt.path, "--database", url], ["serve", "index", "build", "--database", url]] {
            let result = try await ServerProcessTests.run("places", step, scratch)
            #expect(result.status == 0, "\(step): \(result.stderr)")
        }
        // The next request after the build answers from the new index.
        let after = try await onThread { get("/v1/complete?text=Nieuwmarkt%20Thee") }
        asked.stop()
        try await asking.value

        #expect(after.hasPrefix("HTTP/1.1 200"), "\(after)")
        #expect(after.contains("Nieuwmarkt Theehuis"), "\(after)")
        let answers = asked.answers
        #expect(!answers.isEmpty)
        let failed = answers.filter { !$0.hasPrefix("HTTP/1.1 200") || !$0.contains("Zeedijk Koffiebranderij") }
        #expect(failed.isEmpty, "\(failed.count) of \(answers.count) completions failed during the rebuild, e.g. \(failed.first?.prefix(400) ?? "")")
        try await ServerDatabase.administer("DROP SCHEMA \(location.schema ?? "") CASCADE")
    }
}

/// The answers a loop of requests got, and when to stop it.
final class AskedMeanwhile: Sendable {
    private let state = Mutex<(answers: [String], stopped: Bool, waiting: CheckedContinuation<Void, Never>?)>(([], false, nil))

    var answers: [String] { state.withLock { $0.answers } }
    var stopped: Bool { state.withLock { $0.stopped } }

    func stop() { state.withLock { $0.stopped = true } }

    func add(_ answer: String) {
        let waiting = state.withLock { state in
            state.answers.append(answer)
            defer { state.waiting = nil }
            return state.waiting
        }
        waiting?.resume()
    }

    /// Returns once an answer is in.
    func firstAnswer() async {
        await withCheckedContinuation { continuation in
            let answered = state.withLock { state in
                if state.answers.isEmpty { state.waiting = continuation }
                return !state.answers.isEmpty
            }
            if answered { continuation.resume() }
        }
    }
}
