import Foundation
import PlaceSearch
import Tracking

/// A trace read for a command: the reader, the fix checks, and the skipped fixes said on stderr
/// (the first few one by one, then a count, so a trace of ten thousand bad fixes is not ten
/// thousand lines).
struct TraceWalk {
    /// How many skipped fixes are named one by one.
    static let namedSkips = 10

    let name: String
    private var source: any TraceSource
    private var check: FixCheck
    private var pending: LocationFix?
    /// Items read: fixes and points the reader could not use.
    private(set) var read = 0
    /// Fixes the reader gave (what "fix N" counts).
    private var fixNumber = 0
    private(set) var used = 0
    private(set) var skipped = 0
    private var firstReason: String?
    /// Fixes refused one after another for one reason, not said yet.
    private var run: Run?
    private var linesSaid = 0
    private var skippedSaid = 0

    private struct Run {
        let reason: String
        let first: Int
        var last: Int
        let at: Coordinate
    }
    /// The checks re-anchored since ``takeReanchor()`` was last asked.
    private var reanchored = false
    /// A segment break was read since the last usable fix.
    private var breakSinceLastFix = false
    /// The recording broke (a new GPX `<trkseg>`) between the fix ``nextFix()`` last returned and
    /// the usable one before it.
    private(set) var lastFixStartsSegment = false

    /// - Throws: ``CLIError``: 66 for a missing file, 65 for one that is not a trace.
    init(path: String, format: TraceFormat?, check: FixCheck = FixCheck()) throws {
        name = path == "-" ? "stdin" : path
        do { source = try TraceReader.open(path: path, format: format) } catch { throw Self.cliError(error) }
        self.check = check
    }

    static func cliError(_ error: TraceError) -> CLIError {
        // As for every input file: missing or unreadable is "no input", a file that is not a trace is bad data.
        CLIError(error.description, status: error.kind == .malformed ? .data : .noInput)
    }

    /// A route's path from a GeoJSON or GPX file.
    static func readRoute(_ path: String) throws -> [Coordinate] {
        do { return try TraceReader.readPath(path: path) } catch { throw cliError(error) }
    }

    /// The first usable fix, kept to be returned again by ``nextFix()``.
    mutating func peekFirstFix() throws -> LocationFix? {
        if pending == nil { pending = try pull() }
        return pending
    }

    /// Whether the checks re-anchored (the fixes before were wrong) since the last time this was asked.
    mutating func takeReanchor() -> Bool {
        defer { reanchored = false }
        return reanchored
    }

    /// The next usable fix, in time order; nil at the end of the trace.
    mutating func nextFix() throws -> LocationFix? {
        if let fix = pending {
            pending = nil
            return fix
        }
        return try pull()
    }

    private mutating func pull() throws -> LocationFix? {
        while true {
            let item: TraceItem?
            do { item = try source.next() } catch { throw Self.cliError(error) }
            guard let item else { return nil }
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
                        StandardError.line("places: \(name): fix \(fixNumber) (\(fix.coordinate)): \(notice)")
                    }
                    return accepted
                case .rejected(let reason):
                    reject(fix, because: reason)
                }
            case .skipped(let issue):
                read += 1
                skipped += 1
                if firstReason == nil { firstReason = issue.description }
                flushRun()
                // Reader issues already say what was done; the checks' reasons do not.
                say(issue.description.hasSuffix("skipped") ? issue.description : issue.description + "; skipped", fixes: 1)
            case .segmentBreak:
                breakSinceLastFix = used > 0
            }
        }
    }

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

    /// One line about skipped fixes, while fewer than ``namedSkips`` were said.
    private mutating func say(_ text: String, fixes: Int) {
        guard linesSaid < Self.namedSkips else { return }
        linesSaid += 1
        skippedSaid += fixes
        StandardError.line("places: \(name): \(text)")
    }

    /// What is left to say after the trace: the skipped fixes not named one by one, and the fixes
    /// that came without an accuracy.
    /// - Parameter withoutAccuracy: what a missing accuracy meant for the command.
    /// - Parameter withoutAccuracy: what a missing accuracy meant for the command; nil when it did
    ///   not matter.
    mutating func reportSummary(withoutAccuracy: String?) {
        flushRun()
        if skipped > skippedSaid { StandardError.line("places: \(name): \(skipped - skippedSaid) more fixes skipped (\(skipped) in all)") }
        let vague = check.fixesWithoutAccuracy
        if vague > 0, let withoutAccuracy {
            StandardError.line(
                "places: \(name): \(vague == used ? "no fix said how accurate it was" : "\(vague) of \(used) fixes did not say how accurate they were"); "
                    + withoutAccuracy)
        }
    }

    /// The error for a trace with nothing usable in it.
    /// - Parameter need: what the command needs, for the message.
    mutating func noUsableFix(need: String = "follow needs fixes with times, in order") -> CLIError {
        flushRun()
        if read == 0 { return CLIError("\(name): no fixes in it; give a GPX track, GeoJSON points or lines, NDJSON fixes or gpsd TPV reports", status: .data) }
        let count = read == 1 ? "its only fix cannot be used" : "none of its \(read) fixes can be used"
        return CLIError(
            "\(name): \(count) (the first: \(firstReason ?? "unknown")); \(need)",
            status: .data)
    }
}
