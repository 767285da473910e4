import PlaceBytes
import PlaceCore

/// Reads fixes written one JSON object per line (NDJSON, JSON Lines), as loggers and scripts do:
///
///     {"lat":52.37,"lon":4.89,"time":"2024-05-01T10:00:00Z","accuracy":8}
///     {"latitude":52.3701,"lng":4.8902,"t":1714557601,"acc":6,"alt":2.5,"speed":1.4,"bearing":90}
///
/// Accepted spellings: `lat`/`latitude`; `lon`/`lng`/`longitude`; `time`/`timestamp`/`t` (ISO 8601,
/// or Unix seconds, or milliseconds above 10¹¹); `accuracy`/`acc`/`horizontal_accuracy`;
/// `ele`/`elevation`/`alt`/`altitude`; `speed` (m/s); `course`/`bearing` (degrees). Numbers may be
/// quoted. Blank lines are ignored; a line that is not such an object is skipped with its number.
enum NDJSONTraceReader {
    static func make(window: ByteWindow) -> JSONLinesTraceReader {
        JSONLinesTraceReader(window: window, interpret: item)
    }

    /// The fix one line holds, or why it cannot be used.
    static func item(_ bytes: UnsafeBufferPointer<UInt8>, line number: Int) -> TraceItem? {
        let value: JSONValue
        do {
            value = try JSONValue.parse(line: bytes)
        } catch {
            return .skipped(TraceIssue(location: "line \(number)", problem: "not JSON (\(error.message)); skipped"))
        }
        guard case .object(let object) = value else {
            return .skipped(TraceIssue(location: "line \(number)", problem: "\(value.typeName), not a JSON object; skipped"))
        }
        switch TraceFields.fix(from: object) {
        case .success(let fix): return .fix(fix)
        case .failure(let problem): return .skipped(TraceIssue(location: "line \(number)", problem: problem.text + "; skipped"))
        }
    }
}
