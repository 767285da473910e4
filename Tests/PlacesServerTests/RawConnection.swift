import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A plain TCP connection to the server on 127.0.0.1, for what an HTTP client library will not do:
/// promise a gigabyte and send a little, stop half-way through a head, trickle a body. Blocking
/// calls, run on a thread of their own so that the test's tasks are not held.
final class RawConnection: @unchecked Sendable {
    private let socket: Int32

    init(port: Int) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw TestFailure("socket: \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw TestFailure("connect: \(errno)") }
    }

    deinit { close(socket) }

    /// Writes all of `text`; false when the server has closed the connection.
    @discardableResult func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    @discardableResult func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written < 0 { return errno == EINTR ? true : false }
            offset += written
        }
        return true
    }

    /// Whether there is something to read (or the end) within `milliseconds`.
    func readable(within milliseconds: Int32) -> Bool {
        var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, milliseconds) > 0
    }

    /// What arrives until the server closes the connection, or nothing more comes for `guardSeconds`
    /// (a bound so that a failing test ends; the assertions are about what arrived).
    func readToEnd(guardSeconds: Int32 = 60) -> (text: String, closed: Bool) {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while readable(within: guardSeconds * 1000) {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count <= 0 { return (String(decoding: received, as: UTF8.self), true) }
            received += buffer[0..<count]
        }
        return (String(decoding: received, as: UTF8.self), false)
    }

    /// Reads until `marker` has arrived (or the connection ends).
    func read(until marker: String, guardSeconds: Int32 = 60) -> String {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while readable(within: guardSeconds * 1000) {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count <= 0 { break }
            received += buffer[0..<count]
            if String(decoding: received, as: UTF8.self).contains(marker) { break }
        }
        return String(decoding: received, as: UTF8.self)
    }
}
