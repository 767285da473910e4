import Foundation
import HummingbirdTesting
import PlacesServer
import ProcessTesting
import Testing

/// On 127.0.0.1 and a free port, with a real socket: a body promised too large is refused unread,
/// one that grows too large is cut off, and clients too slow to send a head or a body are let go.
@Suite(.timeLimit(.minutes(10))) struct SlowAndLargeClientTests {
    @Test func aGigabyteBodyIsRefusedWith413AndNotRead() async throws {
        let server = try TestServer { $0.maximumBodyBytes = 1 << 20 }
        let token = try server.token(for: "ana")
        try await server.application.test(.live) { client in
            let port = try #require(client.port)
            let (text, closed) = try await onThread {
                let connection = try RawConnection(port: port)
                connection.send(
                    "POST /v1/stops HTTP/1.1\r\nHost: test\r\nAuthorization: Bearer \(token)\r\nContent-Length: 1073741824\r\n\r\n")
                connection.send([UInt8](repeating: 0x20, count: 64 * 1024))
                return connection.readToEnd()
            }
            #expect(text.hasPrefix("HTTP/1.1 413"), "\(text)")
            #expect(text.contains("urn:places:problem:too-large"))
            #expect(closed, "the connection stayed open for the rest of the gigabyte")
        }
    }

    @Test func aChunkedBodyThatGrowsPastTheLimitIsCutOff() async throws {
        let server = try TestServer { $0.maximumBodyBytes = 256 * 1024 }
        let token = try server.token(for: "ana")
        try await server.application.test(.live) { client in
            let port = try #require(client.port)
            let (text, sent) = try await onThread {
                let connection = try RawConnection(port: port)
                connection.send("POST /v1/stops HTTP/1.1\r\nHost: test\r\nAuthorization: Bearer \(token)\r\nTransfer-Encoding: chunked\r\n\r\n")
                let chunk = "10000\r\n" + String(repeating: " ", count: 65536) + "\r\n"
                var sent = 0
                // Up to 64 MiB, stopping as soon as the server answers or hangs up.
                while sent < 1024, connection.send(chunk), !connection.readable(within: 0) { sent += 1 }
                return (connection.readToEnd().text, sent)
            }
            #expect(text.hasPrefix("HTTP/1.1 413"), "\(text)")
            #expect(sent < 1024, "the server read 64 MiB past a 256 KiB limit")
        }
    }

    @Test func aClientThatNeverFinishesItsHeadIsLetGo() async throws {
        let server = try TestServer { $0.idleTimeout = .milliseconds(300) }
        try await server.application.test(.live) { client in
            let port = try #require(client.port)
            let (text, closed) = try await onThread {
                let connection = try RawConnection(port: port)
                connection.send("GET /health HTTP/1.1\r\nHost: te")
                return connection.readToEnd()
            }
            #expect(closed, "the server still holds a connection that sent half a head")
            #expect(text.isEmpty)
        }
    }

    @Test func aBodyTricklingInIsCutOffWith408() async throws {
        let server = try TestServer {
            $0.bodyTimeout = .milliseconds(500)
            $0.idleTimeout = .seconds(30)
        }
        let token = try server.token(for: "ana")
        try await server.application.test(.live) { client in
            let port = try #require(client.port)
            let (text, trickled) = try await onThread {
                let connection = try RawConnection(port: port)
                connection.send("POST /v1/stops HTTP/1.1\r\nHost: test\r\nAuthorization: Bearer \(token)\r\nContent-Length: 400\r\n\r\n")
                // A byte every 50 ms: the whole body would take 20 s.
                var trickled = 0
                while trickled < 400, !connection.readable(within: 50), connection.send([0x20]) { trickled += 1 }
                return (connection.readToEnd().text, trickled)
            }
            #expect(text.hasPrefix("HTTP/1.1 408"), "\(text)")
            #expect(trickled < 400)
        }
    }
}
