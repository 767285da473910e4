import Foundation
import PlaceBytes
import PlaceCore
import PlaceHTTP
import PlaceSearchTesting
import Synchronization
import Testing

/// The keys never leak, end to end: `places` records, fails and logs (`--verbose`) against a
/// loopback server standing in for Foursquare and Google that echoes the key back in every way it
/// can (headers, cookies, bodies, error messages, plain, percent-encoded and in base64, and a
/// redirect elsewhere). Afterwards no file written, no line printed holds either key in any form.
@Suite(.timeLimit(.minutes(10))) struct KeyLeakTests {
    /// With `+`, `/` and `=` so that the percent-encoded and base64 forms differ from the plain one.
    static let foursquareKey = "fsq3LeakCheck+Key/0123456789=abc"
    static let googleKey = "AIzaLeakCheck+Key/9876543210=xyz"

    /// How a key may be written: plain, percent-encoded, and in base64 at each of the three byte
    /// offsets (the letters that depend on the key alone), standard and URL-safe. Computed here,
    /// not by the Redactor that is under test.
    static func forms(_ key: String) -> [String] {
        var forms = [key, key.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? key]
        for offset in 0..<3 {
            let encoded = (Data(repeating: 0x41, count: offset) + Data(key.utf8)).base64EncodedString()
            let core = String(encoded.dropFirst(offset == 0 ? 0 : 4).dropLast(4))
            forms += [core, core.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")]
        }
        return forms
    }

    static func echo(_ key: String) -> [String: JSONValue] {
        [
            "debug_key": .string(key),
            "debug_key_percent": .string(key.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""),
            "debug_token": .string(Data("user:\(key)".utf8).base64EncodedString()),
        ]
    }

    static func echoHeaders(_ key: String) -> [String: String] {
        ["Content-Type": "application/json", "X-Echo-Key": key, "Set-Cookie": "session=\(key); Path=/"]
    }

    /// The first recorded answer of a bundled cassette, with the key echoed into its object.
    static func bundledAnswer(_ provider: String, _ file: String, echoing key: String) throws -> Data {
        let cassette = try Cassette(
            contentsOf: CLI.cassettes.appendingPathComponent(provider).appendingPathComponent(file))
        guard case .json(.object(var members))? = cassette.interactions.first?.response.body else {
            throw CassetteError.corrupt(file: file, location: "the first interaction", problem: "no JSON answer")
        }
        for (name, value) in echo(key) { members[name] = value }
        return JSONValue.object(members).serializedData()
    }

    /// What the loopback service does next.
    enum Behaviour: Sendable { case answer, refuseTheKey, redirectElsewhere }

    @Test func recordingFailingAndLoggingNeverWriteOrPrintAKey() async throws {
        let foursquareSearch = try Self.bundledAnswer("foursquare", "coffee.json", echoing: Self.foursquareKey)
        let foursquareDetails = try Self.bundledAnswer("foursquare", "show.json", echoing: Self.foursquareKey)
        let googleRoute = try Self.bundledAnswer("google", "route.json", echoing: Self.googleKey)
        let elsewhere = try LocalHTTPServer { _ in .init(status: 200, body: Data("{}".utf8)) }
        defer { elsewhere.stop() }
        let behaviour = Mutex(Behaviour.answer)
        let server = try LocalHTTPServer { request in
            let google = request.target.hasPrefix("/maps/api/directions/json")
            let key = google ? Self.googleKey : Self.foursquareKey
            switch behaviour.withLock({ $0 }) {
            case .redirectElsewhere:
                return .init(
                    status: 302, headers: ["Location": "http://localhost:\(elsewhere.port)\(request.target)"],
                    body: Data())
            case .refuseTheKey where google:
                let denied: JSONValue = .object([
                    "status": .string("REQUEST_DENIED"),
                    "error_message": .string("The provided API key \(key) is invalid."),
                ])
                return .init(status: 200, headers: Self.echoHeaders(key), body: denied.serializedData())
            case .refuseTheKey:
                let refused: JSONValue = .object([
                    "message": .string("Invalid key \(key) (\(Data(key.utf8).base64EncodedString()))")
                ])
                return .init(status: 401, headers: Self.echoHeaders(key), body: refused.serializedData())
            case .answer:
                let body =
                    google
                    ? googleRoute : request.target.hasPrefix("/places/search") ? foursquareSearch : foursquareDetails
                return .init(status: 200, headers: Self.echoHeaders(key), body: body)
            }
        }
        defer { server.stop() }

        let home = FileManager.default.temporaryDirectory.appendingPathComponent("places-keys-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let cassettes = home.appendingPathComponent("cassettes")
        try FileManager.default.createDirectory(at: cassettes, withIntermediateDirectories: true)
        let config = home.appendingPathComponent("config.toml")
        try Data(
            "[foursquare]\nendpoint = \"http://127.0.0.1:\(server.port)\"\n\n[google]\nendpoint = \"http://127.0.0.1:\(server.port)\"\n"
                .utf8
        )
        .write(to: config)
        let environment = [
            "FOURSQUARE_API_KEY": Self.foursquareKey, "GOOGLE_MAPS_API_KEY": Self.googleKey, "HOME": home.path,
            "XDG_CACHE_HOME": home.appendingPathComponent("cache").path,
            "XDG_DATA_HOME": home.appendingPathComponent("data").path,
            "PLACES_HTTP_MODE": "auto",
        ]
        // A deadline a loaded machine cannot miss: nothing here is about time.
        let common = ["--config", config.path, "--cassette-dir", cassettes.path, "--verbose", "--deadline", "10m"]
        let coffee = ["coffee", "--near", "52.37,4.89", "--provider", "foursquare", "--format", "json"] + common
        let route =
            ["route", "--from", "52.3731,4.8926", "--to", "52.3676,4.9041", "--provider", "google", "--format", "json"]
            + common

        var outputs: [(String, CLI.Output)] = []
        func run(_ arguments: [String]) async throws -> CLI.Output {
            let output = try await CLI.run(arguments, environment: environment)
            outputs.append((arguments.prefix(4).joined(separator: " "), output))
            return output
        }
        // Recorded: answers that echo the keys, written into cassettes.
        let recorded = try await run(coffee + ["--http-mode", "record"])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        let firstID = try #require(
            try JSONValue.parse(Data(recorded.stdout.utf8))["results"]?.arrayValue?.first?["id"]?.stringValue)
        _ = try await run(["show", firstID, "--format", "json", "--http-mode", "record"] + common)
        let routed = try await run(route + ["--http-mode", "record"])
        #expect(routed.status == 0, "\(routed.stderr)")
        // Live and refused: the services' error messages quote the key.
        behaviour.withLock { $0 = .refuseTheKey }
        let refused = try await run(coffee)
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("refused the key"), "\(refused.stderr)")
        let denied = try await run(route)
        #expect(denied.stderr.contains("REQUEST_DENIED"), "\(denied.stderr)")
        // Live and redirected to another host: the key is not sent there, nor said.
        behaviour.withLock { $0 = .redirectElsewhere }
        let redirected = try await run(coffee)
        #expect(redirected.stderr.contains("was not followed"), "\(redirected.stderr)")
        _ = try await run(route)
        #expect(elsewhere.requests.isEmpty)

        // The keys were really sent to the service, so the checks below could fail.
        #expect(server.requests.contains { $0.headers["authorization"] == "Bearer \(Self.foursquareKey)" })
        #expect(
            server.requests.contains {
                $0.target.contains(
                    "key=\(Self.googleKey.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")")
            })
        let written =
            FileManager.default.enumerator(at: home, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL }
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true } ?? []
        let recordings = written.filter { $0.path.hasPrefix(cassettes.path) && $0.pathExtension == "json" }
        #expect(recordings.count >= 3, "\(written.map(\.path))")
        #expect(
            try recordings.allSatisfy { try String(contentsOf: $0, encoding: .utf8).contains(Redactor.placeholder) })

        let forms = Set(Self.forms(Self.foursquareKey) + Self.forms(Self.googleKey))
        var texts = outputs.flatMap { name, output in
            [("\(name): stdout", output.stdout), ("\(name): stderr", output.stderr)]
        }
        texts += written.map { ($0.path, String(decoding: (try? Data(contentsOf: $0)) ?? Data(), as: UTF8.self)) }
        #expect(texts.count > 12)
        for (place, text) in texts {
            for form in forms where text.contains(form) {
                Issue.record("\(place) holds a key (as '\(form)')")
            }
        }
    }
}
