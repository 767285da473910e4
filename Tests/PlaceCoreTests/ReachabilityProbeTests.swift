import Foundation
import HTTPTypes
import PlaceCore
import PlaceHTTP
import PlaceSearchTesting
import Synchronization
import Testing

/// The reachability probe is paid once, not on every call: what it finds is remembered in the
/// process for a while, and an unreachable host also in the cache folder for the runs that follow.
struct ReachabilityProbeTests {
    /// `.invalid` never resolves (RFC 2606), with or without a network.
    static func request(_ host: String) -> HTTPRequest { HTTPRequest(method: .get, scheme: "https", authority: host, path: "/") }

    static func folder() -> URL { FileManager.default.temporaryDirectory.appendingPathComponent("probe-\(UUID().uuidString)") }

    @Test func anUnreachableHostIsRememberedAcrossRunsAndNotProbedAgain() async throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let host = "places-\(UUID().uuidString.prefix(8)).invalid"
        let reached = Mutex(0)
        let client = { (probe: ReachabilityProbe) in
            HTTPClient(
                transport: ClosureTransport { _, _ in
                    reached.withLock { $0 += 1 }
                    return HTTPResponse.json("{}")
                }, middlewares: [probe])
        }
        await #expect(throws: TransportError.self) { _ = try await client(ReachabilityProbe(folder: folder)).send(Self.request(host)) }
        let memo = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first)
        #expect(memo.hasSuffix(".unreachable"))
        // A later run: the process memory is gone, the file is not.
        ReachabilityProbe.forgetAll()
        do {
            _ = try await client(ReachabilityProbe(folder: folder)).send(Self.request(host))
            Issue.record("an unreachable host was reached")
        } catch let error as TransportError {
            #expect(error.code == .cannotConnect)
            #expect(error.detail.contains("found") && error.detail.contains("s ago"), "read from the file, not probed: \(error.detail)")
        }
        #expect(reached.withLock { $0 } == 0)
    }

    @Test func aReachableHostClearsWhatWasRemembered() async throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try LocalHTTPServer { _ in .init(status: 200, body: Data("{}".utf8)) }
        defer { server.stop() }
        let authority = "127.0.0.1:\(server.port)"
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // What an earlier run found long ago (past the memory) is probed again.
        try Data("1\nwas unreachable".utf8).write(to: folder.appendingPathComponent("127.0.0.1_\(server.port).unreachable"))
        let client = HTTPClient(
            transport: ClosureTransport { _, _ in HTTPResponse.json("{}") }, middlewares: [ReachabilityProbe(folder: folder)])
        let (response, _) = try await client.send(HTTPRequest(method: .get, scheme: "http", authority: authority, path: "/"))
        #expect(response.status.code == 200)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, "the host answers: nothing to remember")
    }
}
