import Foundation
import PlaceBytes
import PlaceCore
import PlaceHTTP
import Testing

struct CassetteFileTests {
    static func sample() -> Cassette {
        Cassette(
            note: "for tests",
            interactions: [
                Interaction(
                    recordedAt: Date(timeIntervalSince1970: 1_800_000_000), durationMilliseconds: 120,
                    request: RecordedRequest(
                        method: "GET", url: "https://api.example/a?b=1", headers: [HeaderField(name: "Accept", value: "application/json")]),
                    response: RecordedResponse(
                        status: 200, headers: [HeaderField(name: "Content-Type", value: "application/json")],
                        body: .json(["results": [["name": "Café", "lat": .number("52.3706211")]]]))),
                Interaction(
                    recordedAt: Date(timeIntervalSince1970: 1_800_000_100),
                    request: RecordedRequest(
                        method: "POST", url: "https://api.example/form",
                        body: .form([HeaderField(name: "data", value: "[out:json];node(1);out;")])),
                    response: RecordedResponse(status: 200, body: .base64(Data([0, 1, 2, 255, 254])))),
            ])
    }

    @Test func roundTripsThroughItsFileFormat() throws {
        let cassette = Self.sample()
        let data = cassette.serialized()
        #expect(try Cassette(data: data, file: "sample.json") == cassette)
    }

    @Test func theFileIsReadableJSONWithBodiesAsJSONAndFormsAsFields() throws {
        let text = String(decoding: Self.sample().serialized(), as: UTF8.self)
        #expect(text.hasSuffix("\n"))
        #expect(text.contains("\"places_cassette\": 1"))
        #expect(text.contains("\"recorded_at\": \"2027-01-15T08:00:00Z\""))
        #expect(text.contains("\"lat\": 52.3706211"))
        #expect(text.contains("\"data\": \"[out:json];node(1);out;\""))
        #expect(text.contains("\"base64\": \"AAEC//4=\""))
        // Stable: writing twice gives the same bytes.
        #expect(Self.sample().serialized() == Self.sample().serialized())
    }

    @Test func binaryBodiesReplayByteForByte() {
        let bytes = Data((0..<256).map { UInt8($0) })
        let body = RecordedBody.capture(bytes, contentType: "image/jpeg")
        guard case .base64 = body else {
            Issue.record("binary body stored as \(body)")
            return
        }
        #expect(body.data == bytes)
    }

    @Test func textAndJSONBodiesAreCapturedReadably() {
        #expect(RecordedBody.capture(Data("hello\n".utf8), contentType: "text/plain") == .text("hello\n"))
        #expect(RecordedBody.capture(Data(#"{"a":1}"#.utf8), contentType: "application/json") == .json(["a": 1]))
        // JSON replays as the bytes that were recorded (compact, same key order, same numbers).
        #expect(RecordedBody.capture(Data(#"{"b":2,"a":1.50}"#.utf8), contentType: "application/json").data == Data(#"{"b":2,"a":1.50}"#.utf8))
        #expect(RecordedBody.capture(Data("not json {".utf8), contentType: "application/json") == .text("not json {"))
    }

    @Test(arguments: [
        ("{\"places_cassette\": 1, \"interactions\": [", "1:41", "ends"),
        ("[]", "(top)", "expected an object"),
        ("{\"interactions\": []}", "places_cassette", "not a places cassette"),
        ("{\"places_cassette\": 9, \"interactions\": []}", "places_cassette", "newer"),
        (
            "{\"places_cassette\": 1, \"interactions\": [{\"recorded_at\": \"2026-11-21T12:00:00Z\", \"request\": {\"method\": \"GET\", \"url\": \"https://a\"}, \"response\": {\"status\": \"200\"}}]}",
            "interactions[0].response.status", "HTTP status"
        ),
        (
            "{\"places_cassette\": 1, \"interactions\": [{\"recorded_at\": \"yesterday\", \"request\": {}, \"response\": {}}]}",
            "interactions[0].recorded_at", "ISO 8601"
        ),
        (
            "{\"places_cassette\": 1, \"interactions\": [{\"recorded_at\": \"2026-11-21T12:00:00Z\", \"request\": {\"method\": \"GET\", \"url\": \"https://a\"}, \"response\": {\"status\": 200, \"body\": {\"xml\": \"<a/>\"}}}]}",
            "interactions[0].response.body", "unknown body kind"
        ),
    ])
    func corruptFilesAreNamedWithTheLocationOfTheProblem(_ text: String, location: String, problem: String) {
        do {
            _ = try Cassette(data: Data(text.utf8), file: "cassettes/x/broken.json")
            Issue.record("accepted a corrupt cassette")
        } catch {
            guard case .corrupt(let file, let where_, let why) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(file == "cassettes/x/broken.json")
            #expect(where_ == location)
            #expect(why.contains(problem), "\(why)")
            #expect(error.description.hasPrefix("cassettes/x/broken.json:\(location): "))
        }
    }

    @Test func writingIsAtomicAndCreatesTheFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cassette-\(UUID().uuidString)/deep")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let url = folder.appendingPathComponent("a.json")
        try Self.sample().write(to: url)
        #expect(try Cassette(contentsOf: url) == Self.sample())
    }
}
