import PlaceBytes
import PlaceCore

/// A trace of one JSON document per line (NDJSON fixes, gpsd reports): the line handling both
/// share — blank lines passed over, an over-long line skipped by number — around what each makes
/// of one line.
struct JSONLinesTraceReader: TraceSource {
    /// The item for one non-blank line, or nil when the line is passed over silently.
    typealias Interpret = (_ bytes: UnsafeBufferPointer<UInt8>, _ line: Int) -> TraceItem?

    private var lines: LineStream
    private let interpret: Interpret

    init(window: ByteWindow, interpret: @escaping Interpret) {
        lines = LineStream(window: window)
        self.interpret = interpret
    }

    var bufferHighWaterMark: Int { lines.window.highWaterMark }

    mutating func next() throws(TraceError) -> TraceItem? {
        while let line = try lines.next() {
            switch line {
            case .tooLong(let number):
                return .skipped(TraceIssue(location: "line \(number)", problem: "longer than 1 MiB; skipped"))
            case .text(let number, let bytes):
                guard bytes.contains(where: { !ByteDecimals.isSpace($0) }) else { continue }
                if let item = interpret(bytes, number) { return item }
            }
        }
        return nil
    }
}
