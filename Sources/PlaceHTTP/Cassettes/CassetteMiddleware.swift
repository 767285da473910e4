public import Foundation
public import HTTPTypes
import Synchronization

import PlaceBytes
import PlaceCore
/// Options that change how recordings are replayed.
public struct CassetteOptions: Sendable {
    /// Sleep for each recording's `duration_ms` before answering, to test deadlines offline.
    public var simulateLatency: Bool
    /// Refuse recordings older than this (seconds). Nil accepts any age.
    public var maximumAge: TimeInterval?
    /// Today, for the age check and for `recorded_at` of new recordings.
    public var now: @Sendable () -> Date

    /// Options from their parts; by default no simulated latency, recordings of any age, and the clock's time.
    public init(simulateLatency: Bool = false, maximumAge: TimeInterval? = nil, now: @escaping @Sendable () -> Date = { Date() }) {
        self.simulateLatency = simulateLatency
        self.maximumAge = maximumAge
        self.now = now
    }
}

/// One replayed recording, for the "replayed from …" note.
public struct ReplayRecord: Sendable, Equatable {
    /// The cassette file, as shown to people.
    public let file: String
    /// 1-based position of the recording in the file's interactions.
    public let interaction: Int
    /// When the recording was made.
    public let recordedAt: Date
}

/// Record and replay of HTTP interactions, as a middleware: providers never know it is there.
///
/// - ``HTTPMode/replay``: answers from the loaded cassettes and never calls the next step; a
///   request without a recording fails with ``CassetteError/noMatch(_:)``, which names the
///   closest recording and how it differs.
/// - ``HTTPMode/record``: sends every request on and writes what came back into the recording
///   file, replacing older recordings of the same request.
/// - ``HTTPMode/missing``: replays what exists and records the rest.
/// - ``HTTPMode/live`` makes the middleware a pass-through (better: leave it out of the chain).
///
/// When one request was recorded several times, the recordings are replayed in order and the
/// last one repeats, so a sequence (a page, then the next) replays as it happened.
public final class CassetteMiddleware: HTTPMiddleware {
    /// Whether recordings are replayed, made, or both (see ``HTTPMode``).
    public let mode: HTTPMode
    /// Files searched for recordings, in search order, as shown to people.
    public let searchedFiles: [String]
    private typealias Source = (file: String, interactions: [(signature: RequestSignature, interaction: Interaction)])
    private let files: [(url: URL, display: String)]
    /// Files are read when first needed: a command whose recording is in its own cassette never
    /// reads the others, and a broken file fails only the requests that reach it.
    private let loaded = Mutex<[Int: Result<Source, CassetteError>]>([:])
    private let target: (url: URL, display: String)?
    private let targetProblem: CassetteError?
    private let redactor: Redactor
    private let options: CassetteOptions
    private let state: CassetteState

    /// - Parameters:
    ///   - files: cassette files to replay from, each with the path to show for it. The recording
    ///     target is searched first when it is among them, then the others in the given order.
    ///   - recordingTarget: the file new recordings go to (record and missing modes).
    public init(
        mode: HTTPMode, files: [(url: URL, display: String)], recordingTarget: (url: URL, display: String)? = nil,
        redactor: Redactor = Redactor(), options: CassetteOptions = CassetteOptions()
    ) {
        self.mode = mode
        self.redactor = redactor
        self.options = options
        self.target = recordingTarget
        var ordered = files
        if let recordingTarget, let own = ordered.firstIndex(where: { $0.url.standardizedFileURL == recordingTarget.url.standardizedFileURL }) {
            ordered.insert(ordered.remove(at: own), at: 0)
        }
        self.files = ordered
        self.searchedFiles = ordered.map(\.display)
        var existing = Cassette()
        var targetProblem: CassetteError?
        if let recordingTarget, mode == .record || mode == .missing,
            FileManager.default.fileExists(atPath: recordingTarget.url.path)
        {
            do {
                existing = try Cassette(contentsOf: recordingTarget.url, displayPath: recordingTarget.display)
            } catch {
                targetProblem = error
            }
        }
        self.targetProblem = targetProblem
        self.state = CassetteState(target: existing)
    }

    /// The `*.json` files of a folder, sorted by name; none when the folder does not exist.
    public static func cassetteFiles(in directory: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { directory.appendingPathComponent($0) }
    }

    /// The first broken cassette file, if any (reads every file).
    public var loadError: CassetteError? {
        for index in files.indices {
            do { _ = try source(index) } catch { return error }
        }
        return targetProblem
    }

    /// How many recordings the searched files hold (reads every file; broken ones count as none).
    public var recordingCount: Int {
        files.indices.reduce(0) { $0 + ((try? source($1))?.interactions.count ?? 0) }
    }

    private func source(_ index: Int) throws(CassetteError) -> Source {
        if let cached = loaded.withLock({ $0[index] }) { return try cached.get() }
        let file = files[index]
        let result: Result<Source, CassetteError>
        do {
            let cassette = try Cassette(contentsOf: file.url, displayPath: file.display)
            result = .success((file.display, cassette.interactions.map { (RequestSignature(recorded: $0.request, redactor: redactor), $0) }))
        } catch {
            result = .failure(error)
        }
        loaded.withLock { $0[index] = result }
        return try result.get()
    }

    /// The recordings replayed so far, in order.
    public func replayed() async -> [ReplayRecord] { await state.replayed }

    /// How many interactions were recorded in this run.
    public func recordedCount() async -> Int { await state.recordedCount }

    /// Why the live service was not reached and these recordings answered instead, when that happened.
    public func fallbackReason() async -> String? { await state.fallbackReason }

    /// Keeps the first reason the network could not be reached (see ``OfflineFallbackMiddleware``).
    public func noteFallback(_ reason: String) async { await state.noteFallback(reason) }

    /// In replay and missing modes, answers from the first file that holds a recording of `request`; without one, replay
    /// mode throws ``CassetteError/noMatch(_:)``. Record mode, and missing mode without a recording, send the request on
    /// and record the answer; live mode only passes it on.
    public func intercept(_ request: HTTPRequest, body: Data?, next: HTTPNext) async throws -> (HTTPResponse, Data) {
        if mode == .live { return try await next(request, body) }
        let signature = RequestSignature(request: request, body: body, redactor: redactor)
        if mode != .record {
            // The first file that holds the request answers it.
            for fileIndex in files.indices {
                let source = try source(fileIndex)
                let matches = source.interactions.indices.filter { source.interactions[$0].signature == signature }
                guard !matches.isEmpty else { continue }
                let (_, index) = await state.nextPlayback(of: matches.map { (fileIndex, $0) })
                return try await replay(source, index: index)
            }
            if mode == .replay {
                let sources = try files.indices.map { index throws(CassetteError) in try source(index) }
                throw noMatch(for: request, body: body, signature: signature, sources: sources)
            }
        }
        return try await recordLive(request, body: body, signature: signature, next: next)
    }

    private func replay(_ source: Source, index: Int) async throws -> (HTTPResponse, Data) {
        let interaction = source.interactions[index].interaction
        if let maximumAge = options.maximumAge, options.now().timeIntervalSince(interaction.recordedAt) > maximumAge {
            throw CassetteError.expired(
                file: source.file, interaction: index + 1, recordedAt: CassetteDates.format(interaction.recordedAt),
                maximumAge: Self.describeAge(maximumAge))
        }
        if options.simulateLatency, let milliseconds = interaction.durationMilliseconds, milliseconds > 0 {
            try await Task.sleep(for: .milliseconds(milliseconds))
        }
        await state.noteReplay(ReplayRecord(file: source.file, interaction: index + 1, recordedAt: interaction.recordedAt))
        var fields = HTTPFields()
        for header in interaction.response.headers {
            if let name = HTTPField.Name(header.name) { fields.append(HTTPField(name: name, value: header.value)) }
        }
        return (HTTPResponse(status: .init(code: interaction.response.status), headerFields: fields), interaction.response.body.data)
    }

    private func recordLive(
        _ request: HTTPRequest, body: Data?, signature: RequestSignature, next: HTTPNext
    ) async throws -> (HTTPResponse, Data) {
        // A broken recording file is reported before the request spends any of the API's quota.
        if let targetProblem { throw targetProblem }
        let started = ContinuousClock.now
        let (response, data) = try await next(request, body)
        let elapsed = ContinuousClock.now - started
        guard let target else { return (response, data) }
        let interaction = capture(
            request, body: body, response: response, data: data,
            milliseconds: Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000))
        try await state.record(interaction, signature: signature, redactor: redactor, writeTo: target.url)
        return (response, data)
    }

    /// The interaction as it may be written: every secret replaced, in headers, URL and bodies.
    func capture(_ request: HTTPRequest, body: Data?, response: HTTPResponse, data: Data, milliseconds: Int) -> Interaction {
        let secrets = redactor.secrets(in: request, body: body)
        let requestHeaders = request.headerFields.map { field in
            HeaderField(
                name: HeaderField.conventionalName(field.name.rawName),
                value: redactor.isSecretHeader(field.name.rawName) ? Redactor.placeholder : redactor.scrub(field.value, secrets: secrets))
        }
        var requestBody: RecordedBody?
        if let body, !body.isEmpty {
            requestBody = redact(RecordedBody.capture(body, contentType: request.headerFields[.contentType]), secrets: secrets)
        }
        let responseHeaders = response.headerFields.map { field in
            HeaderField(
                name: HeaderField.conventionalName(field.name.rawName),
                value: redactor.isSecretHeader(field.name.rawName) ? Redactor.placeholder : redactor.scrub(field.value, secrets: secrets))
        }
        let responseBody = redact(RecordedBody.capture(data, contentType: response.headerFields[.contentType]), secrets: secrets)
        return Interaction(
            recordedAt: options.now(), durationMilliseconds: milliseconds,
            request: RecordedRequest(
                method: request.method.rawValue, url: redactor.redactedURL(fullURL(of: request), secrets: secrets),
                headers: requestHeaders, body: requestBody),
            response: RecordedResponse(status: response.status.code, headers: responseHeaders, body: responseBody))
    }

    private func redact(_ body: RecordedBody, secrets: [String]) -> RecordedBody {
        switch body {
        case .text(let text): return .text(redactor.scrub(text, secrets: secrets))
        case .json(let value): return .json(scrubJSON(value, secrets: secrets))
        case .form(let fields):
            return .form(
                fields.map { field in
                    HeaderField(
                        name: field.name,
                        value: redactor.isSecretParameter(field.name) ? Redactor.placeholder : redactor.scrub(field.value, secrets: secrets))
                })
        case .base64(let data): return .base64(redactor.scrub(data, secrets: secrets))
        }
    }

    private func scrubJSON(_ value: JSONValue, secrets: [String]) -> JSONValue {
        switch value {
        case .string(let text): return .string(redactor.scrub(text, secrets: secrets))
        case .array(let values): return .array(values.map { scrubJSON($0, secrets: secrets) })
        case .object(let object):
            return .object(
                JSONObject(
                    object.members.map {
                        JSONObject.Member(key: redactor.scrub($0.key, secrets: secrets), value: scrubJSON($0.value, secrets: secrets))
                    }))
        default: return value
        }
    }

    private func fullURL(of request: HTTPRequest) -> String {
        "\(request.scheme ?? "https")://\(request.authority ?? "")\(request.path ?? "/")"
    }

    private func noMatch(for request: HTTPRequest, body: Data?, signature: RequestSignature, sources: [Source]) -> CassetteError {
        let secrets = redactor.secrets(in: request, body: body)
        let shown = "\(request.method.rawValue) \(redactor.redactedURL(fullURL(of: request), secrets: secrets))"
        var best: (weight: Int, closest: CassetteError.Closest)?
        for source in sources {
            for (index, entry) in source.interactions.enumerated() {
                let (weight, phrases) = signature.differences(from: entry.signature)
                if best.map({ weight < $0.weight }) ?? true {
                    let recorded = "\(entry.interaction.request.method) \(redactor.redactedURL(entry.interaction.request.url))"
                    best = (weight, CassetteError.Closest(file: source.file, interaction: index + 1, request: recorded, differences: phrases))
                }
            }
        }
        return .noMatch(CassetteError.NoMatch(request: shown, searched: searchedFiles, closest: best?.closest))
    }

    static func describeAge(_ seconds: TimeInterval) -> String {
        if seconds >= 86_400 { return "\(Int(seconds / 86_400)) days" }
        if seconds >= 3600 { return "\(Int(seconds / 3600)) hours" }
        return "\(Int(seconds)) seconds"
    }
}

/// What changes while a cassette is in use; an actor, so parallel requests record and replay safely.
actor CassetteState {
    private var playbackCounts: [String: Int] = [:]
    private(set) var replayed: [ReplayRecord] = []
    private var target: Cassette
    private var rerecorded: [RequestSignature] = []
    private(set) var recordedCount = 0
    private(set) var fallbackReason: String?

    init(target: Cassette) { self.target = target }

    func noteFallback(_ reason: String) {
        if fallbackReason == nil { fallbackReason = reason }
    }

    func nextPlayback(of candidates: [(Int, Int)]) -> (Int, Int) {
        let key = candidates.map { "\($0.0)/\($0.1)" }.joined(separator: ",")
        let count = playbackCounts[key, default: 0]
        playbackCounts[key] = count + 1
        return candidates[min(count, candidates.count - 1)]
    }

    func noteReplay(_ record: ReplayRecord) { replayed.append(record) }

    func record(_ interaction: Interaction, signature: RequestSignature, redactor: Redactor, writeTo url: URL) throws {
        if !rerecorded.contains(signature) {
            // The first recording of a request in this run replaces the ones from earlier runs.
            target.interactions.removeAll { RequestSignature(recorded: $0.request, redactor: redactor) == signature }
            rerecorded.append(signature)
        }
        target.interactions.append(interaction)
        // A stable order (by request, then time) keeps diffs small whatever order requests finished in.
        target.interactions = target.interactions.enumerated().sorted { lhs, rhs in
            let left = (lhs.element.request.method, lhs.element.request.url)
            let right = (rhs.element.request.method, rhs.element.request.url)
            return left != right ? left < right : lhs.offset < rhs.offset
        }.map(\.element)
        recordedCount += 1
        try target.write(to: url)
    }
}
