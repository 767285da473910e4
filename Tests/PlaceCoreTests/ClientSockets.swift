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

    /// A file of /proc, read to its end: the kernel gives such a table a page per read and says
    /// its size is 0, and `String(contentsOfFile:)` and `Data(contentsOf:)` return the first page
    /// only (4,050 of 30,750 bytes with 100 sockets open); `FileHandle.readToEnd()` reads on.
    static func contents(of path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        return (try? handle.readToEnd()).map { String(decoding: $0 ?? Data(), as: UTF8.self) }
    }
}
