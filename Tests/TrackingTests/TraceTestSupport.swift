import Foundation
import PlaceCore
import Tracking

/// Reads every item of an in-memory trace.
func traceItems(
    _ text: String, name: String = "test.gpx", format: TraceFormat? = nil, gpxPoints: GPXPointKinds = .trackPoints
) throws(TraceError) -> [TraceItem] {
    var source = try TraceReader.source(data: Data(text.utf8), name: name, format: format, gpxPoints: gpxPoints)
    var items: [TraceItem] = []
    while let item = try source.next() { items.append(item) }
    return items
}

/// The error reading a trace throws, or nil when it reads to the end.
func traceError(_ text: String, name: String = "test.gpx", format: TraceFormat? = nil) -> TraceError? {
    do {
        _ = try traceItems(text, name: name, format: format)
        return nil
    } catch {
        return error
    }
}

extension TraceItem {
    var fix: LocationFix? {
        if case .fix(let fix) = self { return fix }
        return nil
    }

    var issue: TraceIssue? {
        if case .skipped(let issue) = self { return issue }
        return nil
    }

    /// "fix", "break" or "skip": the shape of a stream at a glance.
    var kindName: String {
        switch self {
        case .fix: "fix"
        case .segmentBreak: "break"
        case .skipped: "skip"
        }
    }
}

/// A UTC date for expectations.
func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Double) -> Date {
    var components = DateComponents()
    components.year = year
    components.month = month
    components.day = day
    components.hour = hour
    components.minute = minute
    components.second = 0
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
    let whole = calendar.date(from: components) ?? Date(timeIntervalSince1970: 0)
    return whole.addingTimeInterval(second)
}
