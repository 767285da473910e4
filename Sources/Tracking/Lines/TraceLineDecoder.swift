import PlaceBytes
import PlaceCore

/// NDJSON fixes or gpsd reports arriving in pieces (a request body, WebSocket messages), turned
/// into trace items a whole line at a time, as soon as the line is complete. The format is told by
/// the first line, as ``TraceReader`` tells it: a report with a `"class"` is gpsd, anything else
/// NDJSON fixes. Memory stays bounded: a line longer than ``maximumLineLength`` is passed over and
/// reported by number.
package struct TraceLineDecoder: Sendable {
    package let maximumLineLength: Int
    private var pending: [UInt8] = []
    private var discarding = false
    private var lineNumber = 0
    private var format: TraceFormat?

    package init(maximumLineLength: Int = 64 * 1024) {
        self.maximumLineLength = maximumLineLength
    }

    /// The items the lines completed by `bytes` hold; an unfinished line waits for more.
    package mutating func feed(_ bytes: some Collection<UInt8>) -> [TraceItem] {
        var items: [TraceItem] = []
        for byte in bytes {
            if byte == 0x0A {
                if let item = endLine() { items.append(item) }
            } else if !discarding {
                pending.append(byte)
                if pending.count > maximumLineLength {
                    pending.removeAll(keepingCapacity: false)
                    discarding = true
                }
            }
        }
        return items
    }

    /// The last line, when it ended without a newline.
    package mutating func finish() -> [TraceItem] {
        guard discarding || !pending.isEmpty else { return [] }
        return endLine().map { [$0] } ?? []
    }

    private mutating func endLine() -> TraceItem? {
        lineNumber += 1
        defer { pending.removeAll(keepingCapacity: true) }
        if discarding {
            discarding = false
            let limit = maximumLineLength >= 1024 ? "\(maximumLineLength / 1024) KiB" : "\(maximumLineLength) bytes"
            return .skipped(TraceIssue(location: "line \(lineNumber)", problem: "longer than \(limit); skipped"))
        }
        if pending.last == 0x0D { pending.removeLast() }
        if lineNumber == 1, pending.starts(with: [0xEF, 0xBB, 0xBF]) { pending.removeFirst(3) }
        guard pending.contains(where: { !ByteDecimals.isSpace($0) }) else { return nil }
        let number = lineNumber
        let format = self.format ?? (TraceFormat.detect(pending) == .gpsd ? .gpsd : .ndjson)
        self.format = format
        return pending.withUnsafeBufferPointer { line in
            format == .gpsd ? GPSDTraceReader.item(line, line: number) : NDJSONTraceReader.item(line, line: number)
        }
    }
}
