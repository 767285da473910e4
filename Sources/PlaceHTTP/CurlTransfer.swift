import PlaceCore

#if os(Linux)
    import CCurl
    import Foundation
    import Synchronization

    /// One request and its answer through a libcurl easy handle, run to its end on the calling
    /// thread. libcurl calls back with each piece of the body as it arrives and waits for the
    /// answer, so a body past the limit stops the transfer at once, and nothing is read that is
    /// not wanted. No `Content-Encoding` is asked for or undone: a compressed answer is refused
    /// before its body, so no small download can expand in memory.
    final class CurlTransfer: Sendable {
        struct Reply: Sendable {
            let status: Int
            let headers: [(name: String, value: String)]
            let body: Data
        }

        private struct State {
            var status = 0
            var headers: [(name: String, value: String)] = []
            var body = Data()
            var refusal: TransportError?
        }

        private let state = Mutex(State())
        private let cancelled = Atomic(false)
        let host: String
        let limit: Int

        init(host: String, limit: Int) {
            self.host = host
            self.limit = limit
        }

        /// Stops the transfer at libcurl's next progress call (at least once a second, even while
        /// the service sends nothing).
        func cancel() { cancelled.store(true, ordering: .relaxed) }

        private static let ready: Bool = curl_global_init(Int(CURL_GLOBAL_ALL)) == CURLE_OK

        /// - Parameters:
        ///   - headers: `Name: value` lines, sent as they are.
        func run(method: String, url: String, headers: [String], body: Data?, timeout: TimeInterval) -> Result<
            Reply, TransportError
        > {
            guard Self.ready, let handle = curl_easy_init() else {
                return .failure(TransportError(.other, host: host, detail: "libcurl could not be set up"))
            }
            defer { curl_easy_cleanup(handle) }
            var list: UnsafeMutablePointer<curl_slist>?
            // No "Expect: 100-continue" pause before a body.
            for line in headers + ["Expect:"] { list = curl_slist_append(list, line) }
            defer { curl_slist_free_all(list) }
            var errorText = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
            let context = Unmanaged.passUnretained(self).toOpaque()
            let code: CURLcode = errorText.withUnsafeMutableBufferPointer { errorBuffer in
                _ = ccurl_set_pointer(handle, CURLOPT_URL, url)
                _ = ccurl_set_long(handle, CURLOPT_NOSIGNAL, 1)
                _ = ccurl_open_sockets_closing_on_exec(handle)
                _ = ccurl_set_long(handle, CURLOPT_FOLLOWLOCATION, 0)
                _ = ccurl_set_long(handle, CURLOPT_TIMEOUT_MS, Int(max(1, timeout * 1000)))
                _ = ccurl_set_pointer(handle, CURLOPT_HTTPHEADER, list)
                _ = ccurl_set_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer.baseAddress)
                _ = ccurl_set_data_callback(handle, CURLOPT_HEADERFUNCTION, curlHeaderLine)
                _ = ccurl_set_pointer(handle, CURLOPT_HEADERDATA, context)
                _ = ccurl_set_data_callback(handle, CURLOPT_WRITEFUNCTION, curlBodyPiece)
                _ = ccurl_set_pointer(handle, CURLOPT_WRITEDATA, context)
                _ = ccurl_set_progress_callback(handle, curlProgress)
                _ = ccurl_set_pointer(handle, CURLOPT_XFERINFODATA, context)
                _ = ccurl_set_long(handle, CURLOPT_NOPROGRESS, 0)
                switch method {
                case "GET": _ = ccurl_set_long(handle, CURLOPT_HTTPGET, 1)
                case "HEAD": _ = ccurl_set_long(handle, CURLOPT_NOBODY, 1)
                default: _ = ccurl_set_pointer(handle, CURLOPT_CUSTOMREQUEST, method)
                }
                if let body {
                    _ = ccurl_set_size(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count))
                    _ = body.withUnsafeBytes {
                        ccurl_set_pointer(
                            handle, CURLOPT_COPYPOSTFIELDS, $0.baseAddress ?? UnsafeRawPointer(bitPattern: 1))
                    }
                    if method != "POST" { _ = ccurl_set_pointer(handle, CURLOPT_CUSTOMREQUEST, method) }
                }
                return curl_easy_perform(handle)
            }
            let detail = String(decoding: errorText.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return outcome(code, detail: detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail)
        }

        private func outcome(_ code: CURLcode, detail: String) -> Result<Reply, TransportError> {
            let finished = state.withLock { $0 }
            if let refusal = finished.refusal { return .failure(refusal) }
            if cancelled.load(ordering: .relaxed) {
                return .failure(TransportError(.cancelled, host: host, detail: "cancelled"))
            }
            let answering = finished.status != 0
            switch code {
            case CURLE_OK:
                return .success(Reply(status: finished.status, headers: finished.headers, body: finished.body))
            case CURLE_OPERATION_TIMEDOUT:
                return .failure(TransportError(.timedOut, host: host, detail: detail))
            case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY, CURLE_COULDNT_CONNECT,
                CURLE_SSL_CONNECT_ERROR,
                CURLE_PEER_FAILED_VERIFICATION, CURLE_SEND_ERROR:
                return .failure(
                    TransportError(answering ? .connectionLost : .cannotConnect, host: host, detail: detail))
            case CURLE_PARTIAL_FILE, CURLE_RECV_ERROR, CURLE_GOT_NOTHING:
                return .failure(
                    answering
                        ? TransportError(.connectionLost, host: host, detail: "the answer was cut off (\(detail))")
                        : TransportError(
                            .connectionLost, host: host,
                            detail: "it closed the connection without answering (\(detail))"))
            default:
                return .failure(TransportError(answering ? .connectionLost : .other, host: host, detail: detail))
            }
        }

        /// A header line, or a status line starting the next block (after a 100 Continue).
        fileprivate func header(_ line: String) -> Bool {
            let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
            return state.withLock { state in
                if trimmed.hasPrefix("HTTP/") {
                    let parts = trimmed.split(separator: " ", maxSplits: 2)
                    state.status = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
                    state.headers = []
                    return true
                }
                if trimmed.isEmpty { return check(&state) }
                guard let colon = trimmed.firstIndex(of: ":") else { return true }
                let name = String(trimmed[..<colon]).trimmingCharacters(in: .whitespaces)
                let value = String(trimmed[trimmed.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
                state.headers.append((name, value))
                return true
            }
        }

        /// At the end of the headers: refuses a compressed body and one announced beyond the limit.
        private func check(_ state: inout State) -> Bool {
            guard (200..<300).contains(state.status) || state.status >= 400 else { return true }
            func value(_ name: String) -> String? { state.headers.last { $0.name.lowercased() == name }?.value }
            if let encoding = value("content-encoding")?.lowercased(), !encoding.isEmpty, encoding != "identity" {
                state.refusal = TransportError(
                    .tooLarge, host: host,
                    detail:
                        "it came compressed (Content-Encoding \(encoding)) though none was asked for, and could expand past any limit"
                )
                return false
            }
            if let announced = value("content-length").flatMap({ Int($0) }), announced > limit {
                state.refusal = TransportError(
                    .tooLarge, host: host,
                    detail:
                        "more than the \(ByteCountText.text(limit)) allowed; it announces \(ByteCountText.text(announced))"
                )
                return false
            }
            return true
        }

        fileprivate func bodyPiece(_ bytes: UnsafeRawBufferPointer) -> Bool {
            state.withLock { state in
                guard state.refusal == nil else { return false }
                guard state.body.count + bytes.count <= limit else {
                    state.refusal = TransportError(
                        .tooLarge, host: host,
                        detail: "more than the \(ByteCountText.text(limit)) allowed; reading stopped there")
                    state.body = Data()
                    return false
                }
                state.body.append(contentsOf: bytes)
                return true
            }
        }

        fileprivate var isCancelled: Bool { cancelled.load(ordering: .relaxed) }
    }

    private func transfer(_ context: UnsafeMutableRawPointer?) -> CurlTransfer? {
        context.map { Unmanaged<CurlTransfer>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Returning fewer bytes than given aborts the transfer (CURLE_WRITE_ERROR).
    private func curlHeaderLine(
        _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?
    ) -> Int {
        let length = size * count
        guard let buffer, let transfer = transfer(context) else { return 0 }
        let line = String(decoding: UnsafeRawBufferPointer(start: buffer, count: length), as: UTF8.self)
        return transfer.header(line) ? length : 0
    }

    private func curlBodyPiece(
        _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?
    ) -> Int {
        let length = size * count
        guard let buffer, let transfer = transfer(context) else { return 0 }
        return transfer.bodyPiece(UnsafeRawBufferPointer(start: buffer, count: length)) ? length : 0
    }

    /// Non-zero aborts the transfer (CURLE_ABORTED_BY_CALLBACK).
    private func curlProgress(
        _ context: UnsafeMutableRawPointer?, _: curl_off_t, _: curl_off_t, _: curl_off_t, _: curl_off_t
    ) -> Int32 {
        transfer(context)?.isCancelled == true ? 1 : 0
    }
#endif
