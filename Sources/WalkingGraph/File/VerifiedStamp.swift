import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A note beside a graph file (`x.walk.verified`) that its body's checksum was found right, and
/// which file that was: device, inode, size and modification time, and the checksum itself. A file
/// that is still that file is not checksummed again when opened, so opening a country's graph costs
/// its header, not a read of every page.
///
/// Any write to the file changes its modification time to the present. A stamp is only written for
/// a file last modified well before (``settled`` seconds): the writer dates the file it wrote back
/// by that much, and a reader that verified a file stamps it only once it is that old. So a change
/// made after the verification, even within the same tick of the file system's clock, never
/// matches the stamp, and the next open checks the whole body again. (A tool that sets the time
/// back itself, such as `cp -p` of another file over this one, is not seen.)
enum VerifiedStamp {
    /// Seconds a file must have been left alone for its stamp to be trusted: well above the
    /// coarse clock file systems stamp writes with (a few milliseconds).
    static let settled: Int = 2

    static func path(for graphPath: String) -> String { graphPath + ".verified" }

    /// What the stamp says for the file at `path` as it is now, nil when it cannot be read.
    static func identity(of path: String, checksum: UInt64) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        let (seconds, nanoseconds) = modified(status)
        return "PLCSWALK verified \(status.st_dev) \(status.st_ino) \(status.st_size) \(seconds) \(nanoseconds) "
            + String(checksum, radix: 16)
    }

    /// True when the stamp beside `path` names the file as it is now.
    static func matches(_ path: String, checksum: UInt64) -> Bool {
        guard let now = identity(of: path, checksum: checksum), let stamp = read(Self.path(for: path)) else {
            return false
        }
        return stamp == now
    }

    /// Writes the stamp for the file as it is now, when it was last modified at least ``settled``
    /// seconds ago; quietly nothing when it was not, or the folder is read-only (the next open then
    /// checks the body again).
    static func write(for path: String, checksum: UInt64) {
        var status = stat()
        guard stat(path, &status) == 0, modified(status).seconds <= time(nil) - settled,
            let identity = identity(of: path, checksum: checksum)
        else { return }
        // Atomic: a reader sees the old stamp or the new, never half of one.
        try? Data((identity + "\n").utf8).write(to: URL(fileURLWithPath: Self.path(for: path)), options: .atomic)
    }

    /// Dates the file at `path` back by ``settled`` seconds, so that its stamp can be written at
    /// once and any later write is seen. False when the system refused.
    static func dateBack(_ path: String) -> Bool {
        var times = [timespec](repeating: timespec(), count: 2)
        times[0] = timespec(tv_sec: time(nil) - settled, tv_nsec: 0)
        times[1] = times[0]
        return utimensat(AT_FDCWD, path, times, 0) == 0
    }

    /// Renames `from` to `to`, replacing whatever `to` was at once (POSIX rename).
    static func move(_ from: String, to: String) throws {
        guard rename(from, to) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: to, NSLocalizedDescriptionKey: String(cString: strerror(errno))])
        }
    }

    /// Removes the stamp beside `path`, if any.
    static func remove(for path: String) { unlink(Self.path(for: path)) }

    private static func modified(_ status: stat) -> (seconds: Int, nanoseconds: Int) {
        #if canImport(Darwin)
            (Int(status.st_mtimespec.tv_sec), Int(status.st_mtimespec.tv_nsec))
        #else
            (Int(status.st_mtim.tv_sec), Int(status.st_mtim.tv_nsec))
        #endif
    }

    private static func read(_ path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path), data.count < 512 else { return nil }
        var text = String(decoding: data, as: UTF8.self)
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}
