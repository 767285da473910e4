public import Foundation
import Synchronization

import PlaceCore
/// Responses kept on disk, one file per request, under a folder (`$XDG_CACHE_HOME/places/http`).
///
/// A file is a line of JSON (what was asked, when it came, until when it is fresh, its headers)
/// followed by the body. The request is known only by two 64-bit hashes of method, URL and body:
/// an API key in a URL never reaches the disk. A file that cannot be read is reported once and
/// removed; a folder that cannot be written is reported once and the cache is bypassed.
public final class HTTPCacheStore: Sendable {
    /// One kept response and what is known of its freshness.
    public struct Entry: Sendable, Equatable {
        /// The HTTP status code.
        public var status: Int
        /// The response's header fields as name and value, in order.
        public var headers: [(String, String)]
        /// The response body.
        public var body: Data
        /// When the answer was received, or last renewed by a 304.
        public var storedAt: Date
        /// Until when it may be used without asking the service.
        public var freshUntil: Date
        /// Whether the service must be asked before every use (`no-cache`, `max-age=0`).
        public var mustRevalidate: Bool
        /// The `ETag` to send as `If-None-Match` once the answer is stale.
        public var etag: String?
        /// The `Last-Modified` to send as `If-Modified-Since` once the answer is stale.
        public var lastModified: String?

        /// Entries are equal when every field is; header fields are compared in order.
        public static func == (lhs: Entry, rhs: Entry) -> Bool {
            lhs.status == rhs.status && lhs.body == rhs.body && lhs.storedAt == rhs.storedAt && lhs.freshUntil == rhs.freshUntil
                && lhs.etag == rhs.etag && lhs.lastModified == rhs.lastModified && lhs.mustRevalidate == rhs.mustRevalidate
                && lhs.headers.elementsEqual(rhs.headers, by: { $0 == $1 })
        }
    }

    /// How many answers came from the cache, were renewed by a 304, or were served stale offline.
    public struct Counts: Sendable, Equatable {
        /// Answers served fresh from the cache.
        public var fromCache = 0
        /// Expired answers the service renewed with a 304.
        public var revalidated = 0
        /// Expired answers served because the network could not be reached.
        public var stale = 0
    }

    /// The folder that holds one file per kept answer.
    public let folder: URL
    private let counted = Mutex(Counts())

    /// How this store's answers have been used so far.
    public var counts: Counts { counted.withLock { $0 } }

    func count(_ which: WritableKeyPath<Counts, Int>) { counted.withLock { $0[keyPath: which] += 1 } }
    /// What went wrong with the cache, said once each: a damaged file, a folder that cannot be written.
    private let problems = Mutex<[String]>([])
    private let reported = Mutex<Set<String>>([])

    /// A store that keeps its files in `folder`; the folder is made when the first answer is written.
    public init(folder: URL) { self.folder = folder }

    static let magic = Data("places-http-cache 1\n".utf8)

    /// The file for a request.
    func url(forKey key: String) -> URL { folder.appendingPathComponent(key) }

    /// Two independent FNV-1a hashes of what identifies a request: 128 bits, no text of it.
    public static func key(method: String, url: String, body: Data?) -> String {
        var first: UInt64 = 0xcbf2_9ce4_8422_2325
        var second: UInt64 = 0x6c62_272e_07bb_0142
        func mix(_ byte: UInt8) {
            first = (first ^ UInt64(byte)) &* 0x100_0000_01b3
            second = (second ^ UInt64(byte ^ 0x5A)) &* 0x100_0000_01b3
        }
        for byte in method.utf8 { mix(byte) }
        mix(0)
        for byte in url.utf8 { mix(byte) }
        mix(0)
        for byte in body ?? Data() { mix(byte) }
        return String(first, radix: 16) + "-" + String(second, radix: 16)
    }

    /// The entry kept under `key`; nil when there is none, or when its file is damaged (the file is then removed and reported).
    public func read(_ key: String) -> Entry? {
        let file = url(forKey: key)
        guard let data = try? Data(contentsOf: file, options: .mappedIfSafe) else { return nil }
        guard let entry = Self.decode(data) else {
            note("the cached answer \(file.path) is damaged; it was removed and the service asked")
            try? FileManager.default.removeItem(at: file)
            return nil
        }
        return entry
    }

    /// Keeps `entry` under `key`, replacing any before it; a failure is reported once, not thrown.
    public func write(_ entry: Entry, forKey key: String) {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Self.encode(entry).write(to: url(forKey: key), options: .atomic)
        } catch {
            note("the HTTP cache \(folder.path) cannot be written (\(error.localizedDescription)); answers are not kept")
        }
    }

    /// Removes every cached answer; returns how many there were.
    @discardableResult
    public func clear() throws -> Int {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return 0 }
        var removed = 0
        for name in names {
            try FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            removed += 1
        }
        return removed
    }

    /// The problems met so far that were not yet taken.
    public func takeProblems() -> [String] {
        problems.withLock { taken in
            defer { taken = [] }; return taken
        }
    }

    private func note(_ problem: String) {
        let isNew = reported.withLock { $0.insert(problem).inserted }
        if isNew { problems.withLock { $0.append(problem) } }
    }

    // MARK: - The file

    static func encode(_ entry: Entry) throws -> Data {
        let header: [String: Any] = [
            "status": entry.status,
            "headers": entry.headers.map { [$0.0, $0.1] },
            "stored_at": entry.storedAt.timeIntervalSince1970,
            "fresh_until": entry.freshUntil.timeIntervalSince1970,
            "revalidate": entry.mustRevalidate,
            "etag": entry.etag as Any,
            "last_modified": entry.lastModified as Any,
            "length": entry.body.count,
        ].filter { !($0.value is NSNull) }
        var data = magic
        data.append(try JSONSerialization.data(withJSONObject: header, options: [.sortedKeys]))
        data.append(0x0A)
        data.append(entry.body)
        return data
    }

    static func decode(_ data: Data) -> Entry? {
        guard data.starts(with: magic) else { return nil }
        let rest = data.dropFirst(magic.count)
        guard let newline = rest.firstIndex(of: 0x0A),
            let header = (try? JSONSerialization.jsonObject(with: rest[rest.startIndex..<newline])) as? [String: Any],
            let status = header["status"] as? Int, (100...599).contains(status),
            let stored = header["stored_at"] as? Double, let fresh = header["fresh_until"] as? Double,
            let length = header["length"] as? Int, let pairs = header["headers"] as? [[String]]
        else { return nil }
        let body = rest[rest.index(after: newline)...]
        guard body.count == length, pairs.allSatisfy({ $0.count == 2 }) else { return nil }
        return Entry(
            status: status, headers: pairs.map { ($0[0], $0[1]) }, body: Data(body), storedAt: Date(timeIntervalSince1970: stored),
            freshUntil: Date(timeIntervalSince1970: fresh), mustRevalidate: header["revalidate"] as? Bool ?? false,
            etag: header["etag"] as? String, lastModified: header["last_modified"] as? String)
    }
}
