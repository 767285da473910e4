import Foundation
import HTTPTypes
import PlaceCore
import PlaceHTTP
import PlaceSearchTesting
import Testing

/// The live transport against a real HTTP server on the loopback interface (no network).
struct URLSessionTransportTests {
    @Test func sendsTheRequestAndReturnsStatusHeadersAndBody() async throws {
        let server = try LocalHTTPServer { request in
            .init(
                status: 201, headers: ["Content-Type": "application/json", "X-Echo": request.method],
                body: Data(#"{"got":"\#(request.target)"}"#.utf8))
        }
        defer { server.stop() }
        var fields = HTTPFields()
        fields[.contentType] = "application/x-www-form-urlencoded"
        let request = HTTPRequest(method: .post, scheme: "http", authority: "127.0.0.1:\(server.port)", path: "/api/x?a=1,2", headerFields: fields)
        let (response, body) = try await URLSessionTransport(timeout: 5).send(request, body: Data("data=hello".utf8))
        #expect(response.status.code == 201)
        #expect(response.headerFields[HTTPField.Name("X-Echo")!] == "POST")
        #expect(String(decoding: body, as: UTF8.self) == #"{"got":"/api/x?a=1,2"}"#)
        let received = try #require(server.requests.first)
        #expect(String(decoding: received.body, as: UTF8.self) == "data=hello")
        #expect(received.headers["content-type"] == "application/x-www-form-urlencoded")
    }

    @Test func aServerThatDoesNotAnswerInTimeIsATimeout() async throws {
        let server = try LocalHTTPServer { _ in .init(status: 200, body: Data(), delay: .seconds(3)) }
        defer { server.stop() }
        let request = HTTPRequest(method: .get, scheme: "http", authority: "127.0.0.1:\(server.port)", path: "/slow")
        do {
            _ = try await URLSessionTransport(timeout: 0.5).send(request, body: nil)
            Issue.record("a late answer was accepted")
        } catch let error as TransportError {
            #expect(error.code == .timedOut)
            #expect(error.isTransient)
        }
    }

    @Test func aClosedPortCannotBeReached() async throws {
        let server = try LocalHTTPServer { _ in .init(status: 200, body: Data()) }
        let port = server.port
        server.stop()
        let request = HTTPRequest(method: .get, scheme: "http", authority: "127.0.0.1:\(port)", path: "/")
        do {
            _ = try await URLSessionTransport(timeout: 2).send(request, body: nil)
            Issue.record("a closed port answered")
        } catch let error as TransportError {
            #expect(error.code == .cannotConnect)
            #expect(error.description.contains("cannot reach 127.0.0.1:\(port)"))
        }
    }
}
