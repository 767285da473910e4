import Foundation

/// How much memory this process may use: the machine's, or less when a control group limits it
/// (a container, `systemd-run -p MemoryMax=`, a CI runner). An import sizes its caches and sorts
/// by it, so that a country imports in a small container too, only more slowly.
package enum MemoryRoom {
    /// The smallest of the machine's memory and the limits of this process's memory control group
    /// (version 2's `memory.max`, version 1's `memory.limit_in_bytes`); nil when none can be read.
    package static func bytes() -> Int? {
        let limits = [machine()] + groupLimits()
        return limits.compactMap { $0 }.min()
    }

    /// A share of the room for one cache or sort: an eighth, between `floor` and `ceiling`.
    package static func budget(floor: Int = 16 << 20, ceiling: Int = 256 << 20) -> Int {
        guard let room = bytes() else { return ceiling }
        return min(ceiling, max(floor, room / 8))
    }

    private static func machine() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("MemTotal:") })
        else { return nil }
        let kilobytes = line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
        return kilobytes.map { $0 * 1024 }
    }

    /// The limits on the way from this process's group up to the root, as mounted here.
    private static func groupLimits() -> [Int?] {
        guard let text = try? String(contentsOfFile: "/proc/self/cgroup", encoding: .utf8) else { return [] }
        var limits: [Int?] = []
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3 else { continue }
            let (controllers, path) = (fields[1], String(fields[2]))
            if controllers.isEmpty {
                limits += ancestors(of: path).map { limit(at: "/sys/fs/cgroup\($0)/memory.max") }
            } else if controllers.split(separator: ",").contains("memory") {
                limits += ancestors(of: path).map { limit(at: "/sys/fs/cgroup/memory\($0)/memory.limit_in_bytes") }
            }
        }
        return limits
    }

    /// "/a/b" → "/a/b", "/a", "": a container mounts its own group as the root, so the path the
    /// kernel gives may be longer than what is mounted.
    private static func ancestors(of path: String) -> [String] {
        var parts = path.split(separator: "/").map(String.init)
        var paths: [String] = []
        while true {
            paths.append(parts.isEmpty ? "" : "/" + parts.joined(separator: "/"))
            guard !parts.isEmpty else { return paths }
            parts.removeFirst()
        }
    }

    /// A limit file's bytes; nil for "max", no limit (version 1 writes a number near 2^63), or no file.
    private static func limit(at path: String) -> Int? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8),
            let value = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)), value < 1 << 60
        else { return nil }
        return value
    }
}
