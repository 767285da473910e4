import Foundation
import HTTPTypes
@testable import PlaceCore
@testable import PlaceHTTP
import PlaceBytes
import PlaceSearchTesting
import Testing

/// A temporary folder per test, so tests run in parallel without sharing files.
struct TemporaryFolder: ~Copyable {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("places-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func file(_ name: String) -> URL { url.appendingPathComponent(name) }
}

struct CassetteMiddlewareTests {
    static func request(_ pathAndQuery: String, method: HTTPRequest.Method = .get, host: String = "api.example", headers: [String: String] = [:])
        -> HTTPRequest
    {
        var fields = HTTPFields()
        for (name, value) in headers {
            if let fieldName = HTTPField.Name(name) { fields[fieldName] = value }
        }
        return HTTPRequest(method: method, scheme: "https", authority: host, path: pathAndQuery, headerFields: fields)
    }

    static func interaction(_ url: String, body: String = #"{"ok":true}"#, status: Int = 200, recordedAt: Date = Date(), duration: Int? = nil)
        -> Interaction
    {
        Interaction(
            recordedAt: recordedAt, durationMilliseconds: duration,
            request: RecordedRequest(method: "GET", url: url, headers: [HeaderField(name: "Authorization", value: "REDACTED")]),
            response: RecordedResponse(status: status, headers: [HeaderField(name: "Content-Type", value: "application/json")], body: .text(body)))
    }

    static func write(_ interactions: [Interaction], to url: URL) throws {
        try Cassette(interactions: interactions).write(to: url)
    }

    static func client(_ middleware: CassetteMiddleware, transport: any HTTPTransport = OfflineTransport()) -> HTTPClient {
        HTTPClient(transport: transport, middlewares: [middleware], mode: middleware.mode)
    }

    @Test func replayMatchesQueryParametersInAnyOrderAndNeverTouchesTheNetwork() async throws {
        let folder = TemporaryFolder()
        try Self.write([Self.interaction("https://api.example/places/search?b=2&a=1,2&c=x%20y", body: #"{"n":1}"#)], to: folder.file("a.json"))
        let transport = ClosureTransport.unreachable()
        let cassette = CassetteMiddleware(mode: .replay, files: [(folder.file("a.json"), "a.json")])
        let (response, body) = try await Self.client(cassette, transport: transport).send(Self.request("/places/search?c=x+y&a=1%2C2&b=2"))
        #expect(response.status.code == 200)
        #expect(String(decoding: body, as: UTF8.self) == #"{"n":1}"#)
        #expect(transport.requests.isEmpty)
        #expect(await cassette.replayed().map(\.file) == ["a.json"])
    }

    @Test func secretsAreIgnoredWhenMatching() async throws {
        let folder = TemporaryFolder()
        try Self.write([Self.interaction("https://api.example/route?origin=1,2&key=REDACTED")], to: folder.file("a.json"))
        let cassette = CassetteMiddleware(mode: .replay, files: [(folder.file("a.json"), "a.json")])
        let request = Self.request("/route?key=AIzaRealKey123&origin=1,2", headers: ["Authorization": "Bearer other-key-999"])
        let (response, _) = try await Self.client(cassette).send(request)
        #expect(response.status.code == 200)
    }

    @Test func anUnmatchedRequestNamesTheCassetteTheClosestRecordingAndWhatDiffers() async throws {
        let folder = TemporaryFolder()
        try Self.write(
            [
                Self.interaction("https://api.example/places/search?ll=52.3700,4.8900&limit=3&sort=DISTANCE"),
                Self.interaction("https://api.example/other/path?x=1"),
            ], to: folder.file("coffee.json"))
        let cassette = CassetteMiddleware(mode: .replay, files: [(folder.file("coffee.json"), "cassettes/test/coffee.json")])
        let request = Self.request("/places/search?ll=52.3800,4.9000&sort=DISTANCE&open_now=true&key=SECRET-VALUE-1")
        do {
            _ = try await Self.client(cassette).send(request)
            Issue.record("an unmatched request was answered")
        } catch let error as CassetteError {
            guard case .noMatch(let noMatch) = error, let closest = noMatch.closest else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(noMatch.searched == ["cassettes/test/coffee.json"])
            #expect(closest.file == "cassettes/test/coffee.json")
            #expect(closest.interaction == 1)
            #expect(closest.differences.contains("query ll: '52.3800,4.9000' here, '52.3700,4.8900' recorded"))
            #expect(closest.differences.contains("query limit: absent here, '3' recorded"))
            #expect(closest.differences.contains("query open_now: 'true' here, absent recorded"))
            #expect(closest.differences.count == 3)
            let text = error.description
            #expect(text.contains("cassettes/test/coffee.json #1"))
            #expect(!text.contains("SECRET-VALUE-1"), "a secret leaked into: \(text)")
            #expect(text.contains("key=REDACTED"))
        }
    }

    @Test func methodHostAndPathDifferencesAreNamedToo() async throws {
        let folder = TemporaryFolder()
        try Self.write([Self.interaction("https://api.example/a")], to: folder.file("a.json"))
        let cassette = CassetteMiddleware(mode: .replay, files: [(folder.file("a.json"), "a.json")])
        do {
            _ = try await Self.client(cassette).send(Self.request("/b", method: .post, host: "other.example"))
            Issue.record("answered")
        } catch let CassetteError.noMatch(noMatch) {
            let differences = noMatch.closest?.differences ?? []
            #expect(differences.contains("method: POST here, GET recorded"))
            #expect(differences.contains("host: other.example here, api.example recorded"))
            #expect(differences.contains("path: /b here, /a recorded"))
        }
    }

    @Test func recordModeWritesARedactedReadableCassette() async throws {
        let folder = TemporaryFolder()
        let key = "fsq3-the-real-key-abcdef"
        let transport = ClosureTransport { _, _ in
            HTTPResponse.json(#"{"message":"hello \#(key)","results":[{"name":"Café"}]}"#, headers: ["Set-Cookie": "session=abc123456"])
        }
        let target = folder.file("foursquare/coffee.json")
        let cassette = CassetteMiddleware(mode: .record, files: [], recordingTarget: (target, "foursquare/coffee.json"))
        let request = Self.request(
            "/places/search?ll=52.37,4.89&client_secret=cs-secret-77", headers: ["Authorization": "Bearer \(key)", "Accept": "application/json"])
        _ = try await Self.client(cassette, transport: transport).send(request)
        let text = String(decoding: try Data(contentsOf: target), as: UTF8.self)
        #expect(!text.contains(key))
        #expect(!text.contains("cs-secret-77"))
        #expect(!text.contains("abc123456"))
        #expect(text.contains("\"Authorization\": \"REDACTED\""))
        #expect(text.contains("client_secret=REDACTED"))
        #expect(text.contains("\"message\": \"hello REDACTED\""))
        #expect(text.contains("\"name\": \"Café\""))
        #expect(await cassette.recordedCount() == 1)
        // The recording replays without the network, for another key.
        let replay = CassetteMiddleware(mode: .replay, files: [(target, "coffee.json")])
        let (_, body) = try await Self.client(replay).send(Self.request("/places/search?client_secret=x&ll=52.37,4.89"))
        #expect(String(decoding: body, as: UTF8.self).contains("Café"))
    }

    @Test func binaryBodiesAndJSONNamesAreScrubbedToo() async throws {
        let folder = TemporaryFolder()
        let key = "fsq3-binary-leak-key-42"
        // Latin-1, so not UTF-8: stored as base64, where a key must not survive either.
        let latin1 = try #require("Ungültiger Schlüssel \(key)".data(using: .isoLatin1))
        let transport = ClosureTransport { _, _ in
            (HTTPResponse(status: .init(code: 401), headerFields: [.contentType: "text/html; charset=iso-8859-1"]), latin1)
        }
        let target = folder.file("a.json")
        let cassette = CassetteMiddleware(mode: .record, files: [], recordingTarget: (target, "a.json"))
        _ = try await Self.client(cassette, transport: transport).send(Self.request("/x", headers: ["Authorization": "Bearer \(key)"]))
        let recorded = try #require(try Cassette(contentsOf: target).interactions.first)
        guard case .base64(let bytes) = recorded.response.body else {
            Issue.record("expected a binary body, got \(recorded.response.body)")
            return
        }
        #expect(bytes.range(of: Data(key.utf8)) == nil)
        #expect(bytes.range(of: Data("REDACTED".utf8)) != nil)

        let jsonTransport = ClosureTransport { _, _ in HTTPResponse.json(#"{"\#(key)": "seen"}"#) }
        let second = folder.file("b.json")
        let jsonCassette = CassetteMiddleware(mode: .record, files: [], recordingTarget: (second, "b.json"))
        _ = try await Self.client(jsonCassette, transport: jsonTransport).send(Self.request("/y", headers: ["Authorization": "Bearer \(key)"]))
        #expect(!String(decoding: try Data(contentsOf: second), as: UTF8.self).contains(key))
    }

    @Test func aBrokenRecordingFileStopsRecordModeBeforeTheRequestIsSent() async throws {
        let folder = TemporaryFolder()
        try Data("{ not a cassette".utf8).write(to: folder.file("a.json"))
        let transport = ClosureTransport { _, _ in HTTPResponse.json("{}") }
        let cassette = CassetteMiddleware(mode: .record, files: [], recordingTarget: (folder.file("a.json"), "a.json"))
        await #expect(throws: CassetteError.self) { try await Self.client(cassette, transport: transport).send(Self.request("/x")) }
        #expect(transport.requests.isEmpty)
    }

    @Test func missingModeReplaysWhatExistsAndRecordsTheRest() async throws {
        let folder = TemporaryFolder()
        let target = folder.file("osm/coffee.json")
        try Self.write([Self.interaction("https://api.example/known", body: #"{"from":"cassette"}"#)], to: target)
        let transport = ClosureTransport { _, _ in HTTPResponse.json(#"{"from":"network"}"#) }
        let cassette = CassetteMiddleware(mode: .missing, files: [(target, "coffee.json")], recordingTarget: (target, "coffee.json"))
        let client = Self.client(cassette, transport: transport)
        let (_, known) = try await client.send(Self.request("/known"))
        let (_, fresh) = try await client.send(Self.request("/fresh"))
        #expect(String(decoding: known, as: UTF8.self) == #"{"from":"cassette"}"#)
        #expect(String(decoding: fresh, as: UTF8.self) == #"{"from":"network"}"#)
        #expect(transport.requests.count == 1)
        let written = try Cassette(contentsOf: target)
        #expect(written.interactions.map(\.request.url) == ["https://api.example/fresh", "https://api.example/known"])
    }

    @Test func reRecordingReplacesTheOldRecordingOfTheSameRequest() async throws {
        let folder = TemporaryFolder()
        let target = folder.file("a.json")
        try Self.write(
            [Self.interaction("https://api.example/x?a=1", body: "old"), Self.interaction("https://api.example/y", body: "keep")], to: target)
        let transport = ClosureTransport { _, _ in HTTPResponse.json("\"new\"") }
        let cassette = CassetteMiddleware(mode: .record, files: [], recordingTarget: (target, "a.json"))
        _ = try await Self.client(cassette, transport: transport).send(Self.request("/x?a=1"))
        let written = try Cassette(contentsOf: target)
        #expect(written.interactions.count == 2)
        #expect(written.interactions.first?.response.body == .json("new"))
        #expect(written.interactions.last?.response.body == .text("keep"))
    }

    @Test func repeatedRequestsReplayTheirRecordingsInOrderAndTheLastRepeats() async throws {
        let folder = TemporaryFolder()
        try Self.write(
            [Self.interaction("https://api.example/poll", body: "1"), Self.interaction("https://api.example/poll", body: "2")],
            to: folder.file("a.json"))
        let client = Self.client(CassetteMiddleware(mode: .replay, files: [(folder.file("a.json"), "a.json")]))
        var bodies: [String] = []
        for _ in 0..<3 {
            let (_, body) = try await client.send(Self.request("/poll"))
            bodies.append(String(decoding: body, as: UTF8.self))
        }
        #expect(bodies == ["1", "2", "2"])
    }

    @Test func anExpiredRecordingFailsLoudlyInsteadOfReplaying() async throws {
        let folder = TemporaryFolder()
        let old = Date(timeIntervalSinceNow: -40 * 86_400)
        try Self.write([Self.interaction("https://api.example/a", recordedAt: old)], to: folder.file("a.json"))
        let cassette = CassetteMiddleware(
            mode: .replay, files: [(folder.file("a.json"), "a.json")], options: CassetteOptions(maximumAge: 30 * 86_400))
        await #expect(throws: CassetteError.self) { try await Self.client(cassette).send(Self.request("/a")) }
        do {
            _ = try await Self.client(cassette).send(Self.request("/a"))
        } catch let error as CassetteError {
            #expect(error.description.contains("a.json #1"))
            #expect(error.description.contains("30 days"))
        }
    }

    @Test func latencyCanBeReplayedToTestDeadlinesOffline() async throws {
        let folder = TemporaryFolder()
        try Self.write(
            [
                Self.interaction("https://api.example/slow", duration: 900),
                Self.interaction("https://api.example/glacial", duration: 600_000),
            ], to: folder.file("a.json"))
        let files = [(folder.file("a.json"), "a.json")]
        let fast = Self.client(CassetteMiddleware(mode: .replay, files: files))
        let slow = Self.client(CassetteMiddleware(mode: .replay, files: files, options: CassetteOptions(simulateLatency: true)))
        let clock = ContinuousClock()
        // Recorded as ten minutes: replayed without the option, it must not take anything like that.
        // (A bound a loaded machine cannot miss, and a sleeping replay cannot meet.)
        let quick = try await clock.measure { _ = try await fast.send(Self.request("/glacial")) }
        let delayed = try await clock.measure { _ = try await slow.send(Self.request("/slow")) }
        #expect(quick < .seconds(60))
        #expect(delayed >= .milliseconds(900))
    }

    @Test func aCorruptCassetteFailsItsRequestsWithTheFileAndPosition() async throws {
        let folder = TemporaryFolder()
        try Data("{\"places_cassette\": 1,\n  \"interactions\": [}".utf8).write(to: folder.file("bad.json"))
        let cassette = CassetteMiddleware(mode: .replay, files: [(folder.file("bad.json"), "cassettes/x/bad.json")])
        #expect(cassette.loadError != nil)
        do {
            _ = try await Self.client(cassette).send(Self.request("/a"))
            Issue.record("answered from a corrupt cassette")
        } catch let error as CassetteError {
            #expect(error.description.hasPrefix("cassettes/x/bad.json:2:20: "))
        }
    }

    @Test func formBodiesMatchFieldByFieldAndDifferencesAreNamed() async throws {
        let folder = TemporaryFolder()
        let recorded = Interaction(
            recordedAt: Date(),
            request: RecordedRequest(
                method: "POST", url: "https://overpass.example/api/interpreter", body: .form([HeaderField(name: "data", value: "node(1);out;")])),
            response: RecordedResponse(status: 200, body: .text("{}")))
        try Cassette(interactions: [recorded]).write(to: folder.file("a.json"))
        let client = Self.client(CassetteMiddleware(mode: .replay, files: [(folder.file("a.json"), "a.json")]))
        let request = Self.request(
            "/api/interpreter", method: .post, host: "overpass.example", headers: ["Content-Type": "application/x-www-form-urlencoded"])
        let (response, _) = try await client.send(request, body: Data("data=node%281%29%3Bout%3B".utf8))
        #expect(response.status.code == 200)
        do {
            _ = try await client.send(request, body: Data("data=node%282%29%3Bout%3B".utf8))
            Issue.record("a different body matched")
        } catch let CassetteError.noMatch(noMatch) {
            #expect(noMatch.closest?.differences == ["body: form field data: 'node(2);out;' here, 'node(1);out;' recorded"])
        }
    }

    @Test func longValuesAreShownWhereTheyDiffer() {
        let recorded =
            "[out:json][timeout:25];(nwr[\"amenity\"=\"cafe\"](around:1000,52.3700,4.8900);nwr[\"shop\"=\"coffee\"](around:1000,52.3700,4.8900););out center tags;"
        let asked = recorded.replacingOccurrences(of: "52.3700,4.8900", with: "40.7128,-74.0060")
        let (here, there) = RequestSignature.differingParts(asked, recorded)
        // The differing stretch, twelve characters of context either side, the rest elided.
        #expect(here == "'…around:1000,40.7128,-74.0060);nwr[\"shop\"=\"coffee\"](around:1000,40.7128,-74.0060););out cen…'")
        #expect(there == "'…around:1000,52.3700,4.8900);nwr[\"shop\"=\"coffee\"](around:1000,52.3700,4.8900););out cen…'")
        #expect(RequestSignature.differingParts("short", "other") == ("'short'", "'other'"))
        #expect(RequestSignature.differingParts(nil, "x") == ("absent", "'x'"))
    }

    @Test func parallelRecordingsAllLandInAStableOrder() async throws {
        let folder = TemporaryFolder()
        let target = folder.file("a.json")
        let transport = ClosureTransport { request, _ in
            try await Task.sleep(for: .milliseconds(Int.random(in: 0...20)))
            return HTTPResponse.json("\"\(request.path ?? "")\"")
        }
        let client = Self.client(CassetteMiddleware(mode: .record, files: [], recordingTarget: (target, "a.json")), transport: transport)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<20 {
                group.addTask { _ = try await client.send(Self.request("/item?n=\(String(format: "%02d", index))")) }
            }
            try await group.waitForAll()
        }
        let urls = try Cassette(contentsOf: target).interactions.map(\.request.url)
        #expect(urls.count == 20)
        #expect(urls == urls.sorted())
    }
}
