public import Foundation
import Synchronization

// The server's sockets close on exec: a process another test starts meanwhile must not keep a
// connection open after the server has closed it.
#if canImport(Glibc)
    import Glibc

    /// A TCP socket; `socket(2)` under a name the server's own `socket` property does not hide.
    func openStreamSocket() -> Int32 { Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0) }
#elseif canImport(Musl)
    import Musl

    func openStreamSocket() -> Int32 { Musl.socket(AF_INET, Int32(SOCK_STREAM) | Int32(SOCK_CLOEXEC), 0) }
#elseif canImport(Darwin)
    import Darwin

    func openStreamSocket() -> Int32 {
        let made = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        if made >= 0 { _ = fcntl(made, F_SETFD, FD_CLOEXEC) }
        return made
    }
#endif

/// A connection accepted, marked close-on-exec at once (accept4 is not in every C library's
/// module).
func acceptClient(_ listening: Int32) -> Int32 {
    let client = accept(listening, nil, nil)
    if client >= 0 { _ = fcntl(client, F_SETFD, FD_CLOEXEC) }
    return client
}

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
        /// How the body goes out: whole, or as a misbehaving service sends it.
        public var delivery: Delivery

        public init(
            status: Int, headers: [String: String] = ["Content-Type": "application/json"], body: Data, delay: Duration? = nil,
            delivery: Delivery = .whole
        ) {
            self.status = status
            self.headers = headers
            self.body = body
            self.delay = delay
            self.delivery = delivery
        }
    }

    /// How a response's body is sent; all but `.whole` are ways a service misbehaves.
    public enum Delivery: Sendable {
        /// At once, with its Content-Length.
        case whole
        /// One byte at a time, `every` apart (a service slow in the middle of its answer).
        case trickle(every: Duration)
        /// Content-Length announces the whole body; only the first `after` bytes are sent, then the
        /// connection is closed.
        case truncated(after: Int)
        /// As `truncated`, but the connection is reset (a TCP RST) instead of closed.
        case reset(after: Int)
        /// `prefix`, then `body` again and again until `total` bytes went out, never more than one
        /// copy held in memory. Content-Length says `total` when `announced`, else the end of the
        /// connection ends the body.
        case generated(prefix: Data, total: Int, announced: Bool)
    }

    public let port: Int
    private let socket: Int32
    private let handler: @Sendable (Request) -> Response
    private let received = Mutex<[Request]>([])
    private let stopped = Mutex(false)
    private let traffic = Traffic()

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

    /// Bytes of bodies sent so far, over every connection (what the kernel took; a client that
    /// stopped reading stops this from growing once its socket's buffers are full).
    public var bodyBytesSent: Int { traffic.bodyBytes }

    /// Returns once every connection accepted so far has ended: the answer went out whole, or the
    /// client went away. A progress signal for tests, so that they need no timer; it suspends
    /// rather than blocks, so that parallel tests keep their threads.
    public func connectionsEnded() async { await traffic.idle() }

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
            let client = acceptClient(socket)
            guard client >= 0 else { return }
            traffic.opened()
            let connection = Thread { [self] in
                serve(client)
                traffic.closed()
            }
            connection.start()
        }
    }

    private func serve(_ client: Int32) {
        var resetOnClose = false
        defer {
            if resetOnClose {
                // SO_LINGER with a zero timeout: close(2) sends a reset instead of the usual end.
                var abort = linger(l_onoff: 1, l_linger: 0)
                setsockopt(client, SOL_SOCKET, SO_LINGER, &abort, socklen_t(MemoryLayout<linger>.size))
            }
            close(client)
        }
        guard let request = readRequest(client) else { return }
        received.withLock { $0.append(request) }
        let response = handler(request)
        if let delay = response.delay { Thread.sleep(forTimeInterval: Self.seconds(delay)) }
        var length: Int? = response.body.count
        switch response.delivery {
        case .generated(_, let total, let announced): length = announced ? total : nil
        case .whole, .trickle, .truncated, .reset: break
        }
        var head = "HTTP/1.1 \(response.status) Status\r\n" + (length.map { "Content-Length: \($0)\r\n" } ?? "") + "Connection: close\r\n"
        for (name, value) in response.headers { head += "\(name): \(value)\r\n" }
        head += "\r\n"
        guard write(Data(head.utf8), to: client) else { return }
        switch response.delivery {
        case .whole:
            _ = write(response.body, to: client, counted: true)
        case .trickle(let interval):
            for byte in response.body {
                guard write(Data([byte]), to: client, counted: true) else { return }
                Thread.sleep(forTimeInterval: Self.seconds(interval))
            }
        case .truncated(let count):
            _ = write(response.body.prefix(count), to: client, counted: true)
        case .reset(let count):
            _ = write(response.body.prefix(count), to: client, counted: true)
            resetOnClose = true
        case .generated(let prefix, let total, _):
            guard write(prefix, to: client, counted: true), !response.body.isEmpty else { return }
            var left = total - prefix.count
            while left > 0 {
                let piece = left >= response.body.count ? response.body : response.body.prefix(left)
                guard write(piece, to: client, counted: true) else { return }
                left -= piece.count
            }
        }
    }

    /// Sends all of `bytes`; false when the client went away first.
    private func write(_ bytes: Data, to client: Int32, counted: Bool = false) -> Bool {
        bytes.withUnsafeBytes { buffer in
            guard let start = buffer.baseAddress else { return true }  // nothing to send
            var sent = 0
            while sent < buffer.count {
                let written = send(client, start.advanced(by: sent), buffer.count - sent, Int32(MSG_NOSIGNAL))
                if written <= 0 { return false }
                sent += written
                if counted { traffic.sent(written) }
            }
            return true
        }
    }

    private static func seconds(_ duration: Duration) -> TimeInterval {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
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

/// Connections open and body bytes sent, with a wait for the moment no connection is open.
private final class Traffic: Sendable {
    private struct Counts {
        var open = 0
        var bodyBytes = 0
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let counts = Mutex(Counts())

    var bodyBytes: Int { counts.withLock { $0.bodyBytes } }

    func opened() { counts.withLock { $0.open += 1 } }

    func sent(_ bytes: Int) { counts.withLock { $0.bodyBytes += bytes } }

    func closed() {
        let waiting = counts.withLock { counts in
            counts.open -= 1
            guard counts.open == 0 else { return [CheckedContinuation<Void, Never>]() }
            defer { counts.waiting = [] }
            return counts.waiting
        }
        waiting.forEach { $0.resume() }
    }

    func idle() async {
        await withCheckedContinuation { continuation in
            let now = counts.withLock { counts in
                guard counts.open > 0 else { return true }
                counts.waiting.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }
}
