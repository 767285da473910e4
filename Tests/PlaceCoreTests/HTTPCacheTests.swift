import Foundation
import HTTPTypes
import PlaceCore
import PlaceHTTP
import PlaceSearchTesting
import Synchronization
import Testing

/// The on-disk HTTP cache: RFC 9111's rules for a private cache, with a clock the test moves.
struct HTTPCacheTests {
    final class Clock: Sendable {
        private let now = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
        func callAsFunction() -> Date { now.withLock { $0 } }
        func advance(_ seconds: TimeInterval) { now.withLock { $0 = $0.addingTimeInterval(seconds) } }
    }

    final class Folder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("places-cache-\(UUID().uuidString)")
        deinit { try? FileManager.default.removeItem(at: url) }
    }

    static let get = HTTPRequest(method: .get, scheme: "https", authority: "example.org", path: "/api?q=dam")

    static func client(_ transport: ClosureTransport, folder: Folder, clock: Clock, defaultFreshness: TimeInterval? = nil, postIsRead: Bool = false)
        -> (HTTPClient, HTTPCacheStore)
    {
        let store = HTTPCacheStore(folder: folder.url)
        let cache = HTTPCacheMiddleware(store: store, postIsRead: postIsRead, defaultFreshness: defaultFreshness, now: { clock() })
        return (HTTPClient(transport: transport, middlewares: [cache]), store)
    }

    @Test func aFreshAnswerIsServedWithoutAsking() async throws {
        let transport = ClosureTransport { _, _ in HTTPResponse.json("{\"n\": 1}", headers: ["Cache-Control": "max-age=60"]) }
        let (folder, clock) = (Folder(), Clock())
        let (client, store) = Self.client(transport, folder: folder, clock: clock)
        _ = try await client.send(Self.get)
        let (response, body) = try await client.send(Self.get)
        #expect(transport.requests.count == 1)
        #expect(response.status.code == 200)
        #expect(String(decoding: body, as: UTF8.self) == "{\"n\": 1}")
        #expect(store.counts.fromCache == 1)
        clock.advance(61)
        _ = try await client.send(Self.get)
        #expect(transport.requests.count == 2)
    }

    @Test func noStoreIsNeverKeptAndASilentAnswerOnlyWithADefault() async throws {
        let noStore = ClosureTransport { _, _ in HTTPResponse.json("{}", headers: ["Cache-Control": "no-store, max-age=600"]) }
        let (client, _) = Self.client(noStore, folder: Folder(), clock: Clock(), defaultFreshness: 3600)
        _ = try await client.send(Self.get)
        _ = try await client.send(Self.get)
        #expect(noStore.requests.count == 2)
        let silent = ClosureTransport { _, _ in HTTPResponse.json("{}") }
        let (without, _) = Self.client(silent, folder: Folder(), clock: Clock())
        _ = try await without.send(Self.get)
        _ = try await without.send(Self.get)
        #expect(silent.requests.count == 2)
        let (with, _) = Self.client(silent, folder: Folder(), clock: Clock(), defaultFreshness: 3600)
        _ = try await with.send(Self.get)
        _ = try await with.send(Self.get)
        #expect(silent.requests.count == 3)
    }

    @Test func anExpiredAnswerIsRevalidatedAndA304RenewsIt() async throws {
        let transport = ClosureTransport { request, _ in
            if request.headerFields[.ifNoneMatch] == "\"abc\"" { return HTTPResponse.json("", status: 304, headers: ["Cache-Control": "max-age=30"]) }
            return HTTPResponse.json("{\"n\": 1}", headers: ["Cache-Control": "max-age=10", "ETag": "\"abc\""])
        }
        let (folder, clock) = (Folder(), Clock())
        let (client, store) = Self.client(transport, folder: folder, clock: clock)
        _ = try await client.send(Self.get)
        clock.advance(11)
        let (response, body) = try await client.send(Self.get)
        #expect(transport.requests.count == 2)
        #expect(transport.requests.last?.headerFields[.ifNoneMatch] == "\"abc\"")
        #expect(response.status.code == 200)
        #expect(String(decoding: body, as: UTF8.self) == "{\"n\": 1}")
        #expect(store.counts.revalidated == 1)
        // Renewed for the 304's 30 s.
        clock.advance(20)
        _ = try await client.send(Self.get)
        #expect(transport.requests.count == 2)
    }

    @Test func aDamagedFileIsRemovedSaidAndPassedBy() async throws {
        let transport = ClosureTransport { _, _ in HTTPResponse.json("{}", headers: ["Cache-Control": "max-age=60"]) }
        let (folder, clock) = (Folder(), Clock())
        let (client, store) = Self.client(transport, folder: folder, clock: clock)
        _ = try await client.send(Self.get)
        let files = try FileManager.default.contentsOfDirectory(at: folder.url, includingPropertiesForKeys: nil)
        #expect(files.count == 1)
        for file in files { try Data("places-http-cache 1\n{\"status\": 200}\nshort".utf8).write(to: file) }
        _ = try await client.send(Self.get)
        #expect(transport.requests.count == 2)
        #expect(store.takeProblems().first?.contains("is damaged") == true)
    }

    @Test func anUnwritableFolderIsSaidOnceAndAnswersStillCome() async throws {
        let folder = Folder()
        try Data().write(to: folder.url)  // a file where the folder should be
        let transport = ClosureTransport { _, _ in HTTPResponse.json("{}", headers: ["Cache-Control": "max-age=60"]) }
        let (client, store) = Self.client(transport, folder: folder, clock: Clock())
        _ = try await client.send(Self.get)
        _ = try await client.send(Self.get)
        #expect(transport.requests.count == 2)
        #expect(store.takeProblems().count == 1)
    }

    @Test func anOfflineRequestGetsTheExpiredAnswer() async throws {
        let online = Mutex(true)
        let transport = ClosureTransport { _, _ in
            guard online.withLock({ $0 }) else { throw TransportError(.cannotConnect, host: "example.org", detail: "no route") }
            return HTTPResponse.json("{\"kept\": true}", headers: ["Cache-Control": "max-age=10"])
        }
        let (folder, clock) = (Folder(), Clock())
        let (client, store) = Self.client(transport, folder: folder, clock: clock)
        _ = try await client.send(Self.get)
        clock.advance(3600)
        online.withLock { $0 = false }
        let (_, body) = try await client.send(Self.get)
        #expect(String(decoding: body, as: UTF8.self) == "{\"kept\": true}")
        #expect(store.counts.stale == 1)
    }

    @Test func postIsCachedOnlyWhereTheAPIQueriesByPost() async throws {
        let transport = ClosureTransport { _, _ in HTTPResponse.json("{}", headers: ["Cache-Control": "max-age=60"]) }
        let post = HTTPRequest(method: .post, scheme: "https", authority: "example.org", path: "/api/interpreter")
        let (plain, _) = Self.client(transport, folder: Folder(), clock: Clock())
        _ = try await plain.send(post, body: Data("data=a".utf8))
        _ = try await plain.send(post, body: Data("data=a".utf8))
        #expect(transport.requests.count == 2)
        let (reads, _) = Self.client(transport, folder: Folder(), clock: Clock(), postIsRead: true)
        _ = try await reads.send(post, body: Data("data=a".utf8))
        _ = try await reads.send(post, body: Data("data=a".utf8))
        _ = try await reads.send(post, body: Data("data=b".utf8))
        #expect(transport.requests.count == 4)
    }

    @Test func noKeyReachesTheDisk() async throws {
        let secret = "AIzaSecretKey-0123456789"
        let transport = ClosureTransport { _, _ in HTTPResponse.json("{}", headers: ["Cache-Control": "max-age=60"]) }
        let folder = Folder()
        let (client, _) = Self.client(transport, folder: folder, clock: Clock())
        _ = try await client.send(HTTPRequest(method: .get, scheme: "https", authority: "example.org", path: "/route?key=\(secret)"))
        for file in try FileManager.default.contentsOfDirectory(at: folder.url, includingPropertiesForKeys: nil) {
            #expect(!String(decoding: try Data(contentsOf: file), as: UTF8.self).contains(secret))
            #expect(!file.lastPathComponent.contains(secret))
        }
    }
}
