public import Foundation
public import HTTPTypes
import Synchronization

import PlaceCore
#if canImport(Glibc)
    import Glibc

    private let systemConnect = Glibc.connect
#elseif canImport(Musl)
    import Musl

    private let systemConnect = Musl.connect
#elseif canImport(Darwin)
    import Darwin

    private let systemConnect = Darwin.connect
#endif

/// Before a request to a host, checks within about a second that it can be reached at all (its
/// name resolves and a TCP connection opens), so that a machine without network falls back to
/// recordings at once rather than after the whole deadline.
///
/// What it finds is remembered, so that the probe is not paid again and again: in the process for
/// every probe alike (a server builds a chain per request), an answer for ``memory``; and a host
/// found unreachable also in a file of the HTTP cache folder, for the CLI runs that follow within
/// ``memory`` (each would otherwise spend a quarter of a second finding the network gone). A host
/// that answers again clears its file.
public final class ReachabilityProbe: HTTPMiddleware {
    private let timeout: Duration
    private let memory: Duration
    private let folder: URL?
    /// Per host, what the last probe found and when; shared by every probe of the process.
    private static let known = Mutex<[String: (problem: String?, at: ContinuousClock.Instant)]>([:])

    /// - Parameters:
    ///   - memory: how long a probe's answer is trusted, in the process and across runs.
    ///   - folder: where unreachable hosts are remembered across runs; nil for the process only.
    public init(timeout: Duration = .seconds(1), memory: Duration = .seconds(30), folder: URL? = nil) {
        self.timeout = timeout
        self.memory = memory
        self.folder = folder
    }

    /// Sends `request` on when its host can be reached; otherwise throws ``TransportError`` (`cannotConnect`, with the reason)
    /// without sending it.
    public func intercept(_ request: HTTPRequest, body: Data?, next: HTTPNext) async throws -> (HTTPResponse, Data) {
        let authority = request.authority ?? ""
        let now = ContinuousClock.now
        let problem: String?
        if let cached = Self.known.withLock({ $0[authority] }), now - cached.at < memory {
            problem = cached.problem
        } else if let remembered = rememberedUnreachable(authority) {
            problem = remembered
            Self.known.withLock { $0[authority] = (remembered, now) }
        } else {
            let port = request.scheme == "http" ? 80 : 443
            problem = await Self.probe(authority, defaultPort: port, timeout: timeout)
            Self.known.withLock { $0[authority] = (problem, ContinuousClock.now) }
            remember(authority, problem)
        }
        if let problem { throw TransportError(.cannotConnect, host: authority, detail: problem) }
        return try await next(request, body)
    }

    /// Forgets what every probe of the process found (tests that change the network).
    public static func forgetAll() { known.withLock { $0.removeAll() } }

    // MARK: Across runs

    private func file(_ authority: String) -> URL? {
        let name = authority.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" }
        return folder?.appendingPathComponent(String(name) + ".unreachable")
    }

    /// Why `authority` was unreachable when a run found it so less than ``memory`` ago, else nil.
    private func rememberedUnreachable(_ authority: String) -> String? {
        guard let file = file(authority), let text = try? String(contentsOf: file, encoding: .utf8) else { return nil }
        let lines = text.split(separator: "\n", maxSplits: 1)
        guard lines.count == 2, let written = Double(lines[0]) else { return nil }
        let age = Date().timeIntervalSince1970 - written
        guard age >= 0, age < Double(memory.components.seconds) else { return nil }
        return String(lines[1]) + " (found \(Int(age)) s ago)"
    }

    private func remember(_ authority: String, _ problem: String?) {
        guard let file = file(authority) else { return }
        guard let problem else {
            try? FileManager.default.removeItem(at: file)
            return
        }
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? Data("\(Date().timeIntervalSince1970)\n\(problem)".utf8).write(to: file, options: .atomic)
    }

    /// Nil when `authority` answers a TCP connection within `timeout`; else why not.
    static func probe(_ authority: String, defaultPort: Int, timeout: Duration) async -> String? {
        var host = authority
        var port = defaultPort
        if let colon = authority.lastIndex(of: ":"), !authority.hasSuffix("]"), let given = Int(authority[authority.index(after: colon)...]) {
            host = String(authority[..<colon])
            port = given
        }
        host = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        let milliseconds = Int32(clamping: timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        let (name, number) = (host, port)
        let once = ResumeOnce()
        return await withCheckedContinuation { continuation in
            // getaddrinfo and connect block: on a thread of their own, never on the cooperative pool;
            // a resolver that hangs is not waited for beyond the timeout.
            let thread = Thread {
                let answer = connect(host: name, port: number, milliseconds: milliseconds)
                if once.claim() { continuation.resume(returning: answer) }
            }
            thread.start()
            Task {
                try? await Task.sleep(for: timeout + .milliseconds(200))
                if once.claim() { continuation.resume(returning: "\(name) did not answer within \(milliseconds) ms") }
            }
        }
    }

    private static func connect(host: String, port: Int, milliseconds: Int32) -> String? {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
            hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let resolved = getaddrinfo(host, String(port), &hints, &list)
        guard resolved == 0, let first = list else { return "\(host) does not resolve (\(String(cString: gai_strerror(resolved))))" }
        defer { freeaddrinfo(list) }
        var why = "no address of \(host) answers"
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let current = entry {
            let descriptor = socket(current.pointee.ai_family, current.pointee.ai_socktype, current.pointee.ai_protocol)
            if descriptor >= 0 {
                defer { close(descriptor) }
                _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
                if systemConnect(descriptor, current.pointee.ai_addr, current.pointee.ai_addrlen) == 0 { return nil }
                if errno == EINPROGRESS {
                    var poller = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    let ready = poll(&poller, 1, milliseconds)
                    if ready == 1 {
                        var error: Int32 = 0
                        var length = socklen_t(MemoryLayout<Int32>.size)
                        getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &error, &length)
                        if error == 0 { return nil }
                        why = "\(host):\(port): \(String(cString: strerror(error)).lowercased())"
                    } else {
                        why = "\(host):\(port) did not answer within \(milliseconds) ms"
                    }
                } else {
                    why = "\(host):\(port): \(String(cString: strerror(errno)).lowercased())"
                }
            }
            entry = current.pointee.ai_next
        }
        return why
    }
}

/// Lets exactly one of two racers resume a continuation.
private final class ResumeOnce: Sendable {
    private let done = Mutex(false)

    func claim() -> Bool {
        done.withLock { done in
            defer { done = true }
            return !done
        }
    }
}
