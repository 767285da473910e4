import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A port on 127.0.0.1 that refuses every connection for as long as this lives: bound, never
/// listened on. A port found free and let go again can be taken by a server another test starts
/// in parallel, which then answers where a refusal was meant; this one stays taken.
///
/// ```swift
/// let refusing = try RefusingPort()
/// // http://127.0.0.1:\(refusing.port)/ is refused until `refusing` goes
/// ```
public final class RefusingPort: Sendable {
    public struct Unavailable: Error, CustomStringConvertible {
        public let description = "no port on 127.0.0.1 could be bound"
    }

    public let port: Int
    private let descriptor: Int32

    public init() throws {
        let descriptor = openStreamSocket()
        guard descriptor >= 0 else { throw Unavailable() }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        // Without SO_REUSEADDR: no other socket may bind the port while this one holds it.
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound else {
            close(descriptor)
            throw Unavailable()
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(descriptor) }
}
