import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// This process's TCP sockets connected to a port on loopback, read from Linux's /proc: the
/// kernel's connection tables name each socket's inode and remote port, and /proc/self/fd maps
/// descriptors to those inodes.
struct ClientSockets {
    struct Socket: CustomStringConvertible {
        let descriptor: Int32
        let closesOnExec: Bool
        var description: String { "fd \(descriptor)\(closesOnExec ? " (close-on-exec)" : " (inherited by children)")" }
    }

    static func connected(toPort port: Int) throws -> [Socket] {
        var inodes: Set<String> = []
        for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
            guard let text = Self.contents(of: table) else { continue }
            // "sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode"
            for line in text.split(separator: "\n").dropFirst() {
                let fields = line.split(separator: " ")
                guard fields.count > 9, let remote = fields[2].split(separator: ":").last, Int(remote, radix: 16) == port else { continue }
                inodes.insert(String(fields[9]))
            }
        }
        var sockets: [Socket] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") {
            guard let descriptor = Int32(name),
                let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(name)"),
                target.hasPrefix("socket:["), inodes.contains(String(target.dropFirst(8).dropLast()))
            else { continue }
            let flags = fcntl(descriptor, F_GETFD)
            guard flags >= 0 else { continue }
            sockets.append(Socket(descriptor: descriptor, closesOnExec: flags & FD_CLOEXEC != 0))
        }
        return sockets
    }

    /// A file of /proc, read to its end: the kernel writes such a table a page per read, and it
    /// says its size is 0, so a reader that trusts the size or one read gets a part of it.
    static func contents(of path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
