import PlaceCore
public import Tracking

/// A trace's items on their way to a flow: the fix checks, and the skipped fixes said as notices
/// (the first few one by one, a run of fixes refused for one reason as one line, then a count, so a
/// trace of ten thousand bad fixes is not ten thousand lines). Items are pushed in, so the same
/// filter serves a file read in a loop and fixes arriving over a network.
public struct TraceFilter: Sendable {
    /// How many skipped-fix notices are said one by one.
    public static let namedSkips = 10

    /// The input as named in notices: `walk.gpx`, `stdin`.
    public let name: String
    private var check: FixCheck
    private let notices: NoticeSink
    /// Items read: fixes and points the reader could not use.
    public private(set) var read = 0
    /// Fixes the reader gave (what "fix N" counts).
    private var fixNumber = 0
    /// Fixes passed on.
    public private(set) var used = 0
    /// Fixes refused by the checks.
    public private(set) var skipped = 0
    private var firstReason: String?
    /// Fixes refused one after another for one reason, not said yet.
    private var run: Run?
    private var linesSaid = 0
    private var skippedSaid = 0
    /// The checks re-anchored since ``takeReanchor()`` was last asked.
    private var reanchored = false
    /// A segment break was read since the last usable fix.
    private var breakSinceLastFix = false
    /// The recording broke (a new GPX `<trkseg>`) between the fix ``take(_:)`` last returned and
    /// the usable one before it.
    public private(set) var lastFixStartsSegment = false

    private struct Run: Sendable {
        let reason: String
        let first: Int
        var last: Int
        let at: Coordinate
    }

    /// A filter for the trace `name` (as notices name it), with the fix checks to apply.
    public init(name: String, check: FixCheck = FixCheck(), notices: NoticeSink) {
        self.name = name
        self.check = check
        self.notices = notices
    }

    /// The usable fix `item` is, or nil when it is not one (skipped, refused, a segment break).
    public mutating func take(_ item: TraceItem) -> LocationFix? {
        switch item {
        case .fix(let fix):
            read += 1
            fixNumber += 1
            switch check.check(fix) {
            case .accepted(let accepted):
                used += 1
                lastFixStartsSegment = breakSinceLastFix
                breakSinceLastFix = false
                flushRun()
                if let notice = check.notice {
                    reanchored = true
                    notices.warn("\(name): fix \(fixNumber) (\(fix.coordinate)): \(notice)")
                }
                return accepted
            case .rejected(let reason):
                reject(fix, because: reason)
                return nil
            }
        case .skipped(let issue):
            read += 1
            skipped += 1
            if firstReason == nil { firstReason = issue.description }
            flushRun()
            // Reader issues already say what was done; the checks' reasons do not.
            say(issue.description.hasSuffix("skipped") ? issue.description : issue.description + "; skipped", fixes: 1)
            return nil
        case .segmentBreak:
            breakSinceLastFix = used > 0
            return nil
        }
    }

    /// Whether the checks re-anchored (the fixes before were wrong) since the last time this was asked.
    public mutating func takeReanchor() -> Bool {
        defer { reanchored = false }
        return reanchored
    }

    /// Fixes that came without an accuracy.
    public var fixesWithoutAccuracy: Int { check.fixesWithoutAccuracy }

    /// A fix the checks refused. Consecutive fixes refused for the same reason (a whole track
    /// without times) are said as one line, when the run ends.
    private mutating func reject(_ fix: LocationFix, because reason: String) {
        skipped += 1
        if firstReason == nil { firstReason = "fix \(fixNumber) (\(fix.coordinate)): \(reason)" }
        if var current = run, current.reason == reason, current.last == fixNumber - 1 {
            current.last = fixNumber
            run = current
            return
        }
        flushRun()
        run = Run(reason: reason, first: fixNumber, last: fixNumber, at: fix.coordinate)
    }

    private mutating func flushRun() {
        guard let current = run else { return }
        run = nil
        let which = current.first == current.last ? "fix \(current.first) (\(current.at))" : "fixes \(current.first)–\(current.last)"
        say("\(which): \(current.reason); skipped", fixes: current.last - current.first + 1)
    }

    /// One notice about skipped fixes, while fewer than ``namedSkips`` were said.
    private mutating func say(_ text: String, fixes: Int) {
        guard linesSaid < Self.namedSkips else { return }
        linesSaid += 1
        skippedSaid += fixes
        notices.warn("\(name): \(text)")
    }

    /// What is left to say after the trace: the skipped fixes not named one by one, and the fixes
    /// that came without an accuracy.
    /// - Parameter withoutAccuracy: what a missing accuracy meant for the flow; nil when it did not matter.
    public mutating func finish(withoutAccuracy: String?) {
        flushRun()
        if skipped > skippedSaid { notices.warn("\(name): \(skipped - skippedSaid) more fixes skipped (\(skipped) in all)") }
        let vague = check.fixesWithoutAccuracy
        if vague > 0, let withoutAccuracy {
            notices.say(
                "\(name): \(vague == used ? "no fix said how accurate it was" : "\(vague) of \(used) fixes did not say how accurate they were"); "
                    + withoutAccuracy)
        }
    }

    /// The error for a trace with nothing usable in it.
    /// - Parameter need: what the flow needs, for the message.
    public mutating func noUsableFix(need: String = "follow needs fixes with times, in order") -> PlacesError {
        flushRun()
        if read == 0 {
            return PlacesError(.badData, "\(name): no fixes in it; give a GPX track, GeoJSON points or lines, NDJSON fixes or gpsd TPV reports")
        }
        let count = read == 1 ? "its only fix cannot be used" : "none of its \(read) fixes can be used"
        return PlacesError(.badData, "\(name): \(count) (the first: \(firstReason ?? "unknown")); \(need)")
    }

    /// A trace that cannot be read at all, as the flows report it: missing or unreadable is "not
    /// found", a file that is not a trace is bad data.
    public static func error(_ error: TraceError) -> PlacesError {
        PlacesError(error.kind == .malformed ? .badData : .notFound, error.description, underlyingError: error)
    }
}
