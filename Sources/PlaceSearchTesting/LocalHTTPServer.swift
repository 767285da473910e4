public import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc

    /// A TCP socket; `socket(2)` under a name the server's own `socket` property does not hide.
    private func openStreamSocket() -> Int32 { Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0) }
#elseif canImport(Musl)
    import Musl

    private func openStreamSocket() -> Int32 { Musl.socket(AF_INET, Int32(SOCK_STREAM), 0) }
#elseif canImport(Darwin)
    import Darwin

    private func openStreamSocket() -> Int32 { Darwin.socket(AF_INET, SOCK_STREAM, 0) }
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 and a free port, for testing the live transport without
/// the network. One request per connection; the handler decides the answer.
///
/// ```swift
/// let server = try LocalHTTPServer { request in .init(status: 200, body: Data("{}".utf8)) }
/// defer { server.stop() }
/// // http://127.0.0.1:\(server.port)/anything
/// ```
public final class LocalHTTPServer: Sendable {
    public struct Request: Sendable {
        public let method: String
        /// Path with the query, as sent.
        public let target: String
        public let headers: [String: String]
        public let body: Data
    }

    public struct Response: Sendable {
        public var status: Int
        public var headers: [String: String]
        public var body: Data
        /// Wait this long before answering (to test timeouts); nil answers at once.
        public var delay: Duration?

        public init(status: Int, headers: [String: String] = ["Content-Type": "application/json"], body: Data, delay: Duration? = nil) {
            self.status = status
            self.headers = headers
            self.body = body
            self.delay = delay
        }
    }

    public let port: Int
    private let socket: Int32
    private let handler: @Sendable (Request) -> Response
    private let received = Mutex<[Request]>([])
    private let stopped = Mutex(false)

    public init(handler: @escaping @Sendable (Request) -> Response) throws {
        self.handler = handler
        let descriptor = openStreamSocket()
        guard descriptor >= 0 else { throw POSIXError(.EIO) }
        var reuse: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, 16) == 0 else {
            close(descriptor)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        self.socket = descriptor
        self.port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// Every request answered so far.
    public var requests: [Request] { received.withLock { $0 } }

    /// Closes the listening socket; later connections are refused.
    public func stop() {
        let wasStopped = stopped.withLock { value in
            defer { value = true }
            return value
        }
        if !wasStopped {
            shutdown(socket, Int32(SHUT_RDWR))
            close(socket)
        }
    }

    deinit { stop() }

    private func acceptLoop() {
        while !stopped.withLock({ $0 }) {
            let client = accept(socket, nil, nil)
            guard client >= 0 else { return }
            let connection = Thread { [self] in serve(client) }
            connection.start()
        }
    }

    private func serve(_ client: Int32) {
        defer { close(client) }
        guard let request = readRequest(client) else { return }
        received.withLock { $0.append(request) }
        let response = handler(request)
        if let delay = response.delay {
            let seconds = Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18
            Thread.sleep(forTimeInterval: seconds)
        }
        var head = "HTTP/1.1 \(response.status) Status\r\nContent-Length: \(response.body.count)\r\nConnection: close\r\n"
        for (name, value) in response.headers { head += "\(name): \(value)\r\n" }
        head += "\r\n"
        let bytes = Data(head.utf8) + response.body
        bytes.withUnsafeBytes { buffer in
            var sent = 0
            while sent < buffer.count {
                let written = send(client, buffer.baseAddress!.advanced(by: sent), buffer.count - sent, Int32(MSG_NOSIGNAL))
                if written <= 0 { return }
                sent += written
            }
        }
    }

    private func readRequest(_ client: Int32) -> Request? {
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 4096)
        let separator = Data("\r\n\r\n".utf8)
        while data.range(of: separator) == nil {
            let count = recv(client, &chunk, chunk.count, 0)
            if count <= 0 { return nil }
            data.append(contentsOf: chunk[0..<count])
        }
        guard let end = data.range(of: separator), let head = String(data: data[..<end.lowerBound], encoding: .utf8) else { return nil }
        let lines = head.components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Data(data[end.upperBound...])
        let expected = Int(headers["content-length"] ?? "0") ?? 0
        while body.count < expected {
            let count = recv(client, &chunk, chunk.count, 0)
            if count <= 0 { break }
            body.append(contentsOf: chunk[0..<count])
        }
        return Request(method: String(requestLine[0]), target: String(requestLine[1]), headers: headers, body: body)
    }
}
