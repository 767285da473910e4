import Foundation
import GRDB
import PlaceCore

/// SQLite FTS5 over the same names, as PEERS.md set it up: an external-content table with
/// unicode61 remove_diacritics 2 and prefix indexes of 2 and 3, queried `MATCH 'damr*'`
/// joined to the content table, `ORDER BY importance DESC LIMIT 10`.
public final class FTS5Baseline: Sendable {
    let queue: DatabaseQueue

    public convenience init(records: [NameRecord], path: String) throws {
        try self.init(count: records.count, path: path) { records[$0] }
    }

    /// Streams `count` records given by number (nothing held in memory but SQLite's cache).
    public convenience init(count: Int, path: String, record: (Int) -> NameRecord) throws {
        try self.init(path: path) { add in
            for index in 0..<count { try add(record(index)) }
        }
    }

    /// Streams the records `stream` hands to its argument, numbered as they come (a list with
    /// addresses is not numbered beforehand: ``SyntheticPlaces/forEach(_:)``).
    public init(path: String, stream: ((NameRecord) throws -> Void) throws -> Void) throws {
        try? FileManager.default.removeItem(atPath: path)
        queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE place(id INTEGER PRIMARY KEY, name TEXT NOT NULL, importance REAL NOT NULL)")
            let insert = try db.makeStatement(sql: "INSERT INTO place(id, name, importance) VALUES (?, ?, ?)")
            var number = 0
            try stream { record in
                number += 1
                try insert.execute(arguments: [number, record.name, Double(record.importance)])
            }
            try db.execute(sql: """
                CREATE VIRTUAL TABLE place_fts USING fts5(name, content='place', content_rowid='id',
                  tokenize="unicode61 remove_diacritics 2", prefix='2 3')
                """)
            try db.execute(sql: "INSERT INTO place_fts(place_fts) VALUES('rebuild')")
        }
    }

    /// `"cafe" "da"*`: every word a token, the last a prefix.
    public static func matchExpression(_ text: String) -> String {
        let words = QueryWords.of(text)
        return words.enumerated().map { index, word in
            "\"\(word)\"" + (index == words.count - 1 ? "*" : "")
        }.joined(separator: " ")
    }

    /// `"dammar" "straße" "14"*`: as ``matchExpression(_:)`` but with the words as FTS5's
    /// tokenizer reads them (lower case, ß kept), for the address queries: a street of "Straße"
    /// asked as "strasse" would find nothing, and nothing is quickly found.
    public static func tokenMatchExpression(_ text: String) -> String {
        let words = text.lowercased().split(whereSeparator: { !($0.isLetter || $0.isNumber) })
        return words.enumerated().map { index, word in
            "\"\(word)\"" + (index == words.count - 1 ? "*" : "")
        }.joined(separator: " ")
    }

    /// Times each query (prepared statement, rows fetched); nanoseconds per query, wall and CPU.
    public func time(
        _ queries: [String], limit: Int = 10, expression: (String) -> String = FTS5Baseline.matchExpression
    ) throws -> (wall: [UInt64], cpu: [UInt64]) {
        try queue.read { db in
            let statement = try db.cachedStatement(sql: """
                SELECT place.id FROM place_fts JOIN place ON place.id = place_fts.rowid
                WHERE place_fts MATCH ? ORDER BY place.importance DESC LIMIT ?
                """)
            var samples: [UInt64] = []
            var cpu: [UInt64] = []
            for query in queries {
                let match = expression(query)
                let start = DispatchTime.now().uptimeNanoseconds
                let startCPU = threadCPUNanoseconds()
                let ids = try Int.fetchAll(statement, arguments: [match, limit])
                cpu.append(threadCPUNanoseconds() - startCPU)
                samples.append(DispatchTime.now().uptimeNanoseconds - start)
                if ids.count > limit { fatalError("unreachable") }
            }
            return (samples, cpu)
        }
    }
}

/// The calling thread's CPU time in nanoseconds: time it ran, not time it waited for a core, so
/// a loaded machine's preemptions do not show in it.
public func threadCPUNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// The process's CPU time (user + system) in seconds.
public func processCPUSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

public enum Percentiles {
    public static func of(_ samples: [UInt64]) -> (p50: Double, p99: Double) {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { return (0, 0) }
        func at(_ q: Double) -> Double { Double(sorted[min(sorted.count - 1, Int(q * Double(sorted.count)))]) / 1_000 }
        return (at(0.5), at(0.99))
    }
}

/// Resident memory: the whole process, and one mapped file, from /proc (Linux only; 0 elsewhere).
public enum ResidentMemory {
    /// Starts a new peak: the kernel resets VmHWM to the current resident size (Linux ≥ 4.0).
    public static func resetPeak() {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    }

    /// The process's peak resident size since the start or the last ``resetPeak()`` (VmHWM).
    public static func peakBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in text.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return (Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) * 1024
        }
        return 0
    }

    public static func processBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// The resident part of the mapping of `path` (sum of its smaps `Rss:` lines).
    public static func mappedBytes(of path: String) -> Int {
        // /proc files say they are empty; read them to the end rather than by their size.
        guard let handle = FileHandle(forReadingAtPath: "/proc/self/smaps") else { return 0 }
        defer { try? handle.close() }
        let text = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        var inside = false
        var total = 0
        for line in text.split(separator: "\n") {
            if let first = line.first, first.isHexDigit, line.contains("-") && line.split(separator: " ").count >= 5 {
                inside = line.hasSuffix((path as NSString).lastPathComponent)
            } else if inside, line.hasPrefix("Rss:") {
                total += (Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) * 1024
            }
        }
        return total
    }
}
