import Dispatch
import Foundation
import PlacesKit
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The progress of an import on one line of stderr: the step it is at (reading, places, walking
/// graph, store, name index), how far, and the step's time left (``ProgressLine``). Drawn only
/// when stderr is a terminal (a script's log gets nothing), redrawn at most ten times a second and
/// every half second while a step that reports nothing runs, and erased when done. It has no
/// colour, so NO_COLOR has nothing to turn off.
final class ProgressBar: Sendable {
    private struct State {
        var line: ProgressLine?
        var stepStarted = ContinuousClock.now
        var lastDraw: ContinuousClock.Instant?
        var drawn = ""
        var ticker: (any DispatchSourceTimer)?
    }

    private let enabled: Bool
    private let state = Mutex(State())

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        enabled = isatty(STDERR_FILENO) == 1 && environment["TERM"] != "dumb" && environment["PLACES_NO_PROGRESS"] == nil
    }

    /// What the import reports (see ``ImportProgress``).
    func update(file: String, step: ImportStep, done: Int, total: Int) {
        guard enabled else { return }
        let now = ContinuousClock.now
        let text = state.withLock { state -> String? in
            let label = Self.label(step, file: file)
            if state.line?.label != label { state.stepStarted = now }
            let line = ProgressLine(
                label: label, step: step.number, steps: ImportStep.allCases.count, done: done, total: total,
                elapsed: (now - state.stepStarted).seconds)
            state.line = line
            let finished = total > 0 && done >= total
            if let last = state.lastDraw, now - last < .milliseconds(100), !finished { return nil }
            return Self.draw(line, at: now, &state)
        }
        if let text { write(text) }
        startTicker()
    }

    /// Leaves the line clean for what comes next.
    func finish() {
        guard enabled else { return }
        let drawn = state.withLock { state -> Bool in
            state.ticker?.cancel()
            state.ticker = nil
            state.line = nil
            return state.lastDraw != nil
        }
        if drawn { write("\r\u{1B}[2K") }
    }

    /// "Reading country.osm.pbf", "Writing the store".
    static func label(_ step: ImportStep, file: String) -> String {
        let name = URL(fileURLWithPath: file).lastPathComponent
        switch step {
        case .reading: return "Reading \(name)"
        case .places: return "Places, streets and addresses of \(name)"
        case .walkingGraph: return "Walking graph of \(name)"
        case .store: return "Writing \(name) into the store"
        case .nameIndex: return "Name index"
        }
    }

    /// The line's text when it differs from what is on the screen (the clock moves it on).
    private static func draw(_ line: ProgressLine, at now: ContinuousClock.Instant, _ state: inout State) -> String? {
        let text = line.text
        guard text != state.drawn else { return nil }
        state.drawn = text
        state.lastDraw = now
        return "\r\u{1B}[2K" + text
    }

    /// Redraws twice a second, so that the time of a step that reports nothing moves on.
    private func startTicker() {
        let timer = state.withLock { state -> (any DispatchSourceTimer)? in
            guard state.ticker == nil else { return nil }
            let timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
            state.ticker = timer
            return timer
        }
        guard let timer else { return }
        timer.schedule(deadline: .now() + .milliseconds(500), repeating: .milliseconds(500))
        timer.setEventHandler { [weak self] in self?.tick() }
        timer.resume()
    }

    private func tick() {
        let now = ContinuousClock.now
        let text = state.withLock { state -> String? in
            guard var line = state.line else { return nil }
            line.elapsed = (now - state.stepStarted).seconds
            state.line = line
            return Self.draw(line, at: now, &state)
        }
        if let text { write(text) }
    }

    private func write(_ text: String) {
        try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
    }
}

extension ImportStep {
    /// 1-based, in the order an import runs the steps.
    var number: Int { (ImportStep.allCases.firstIndex(of: self) ?? 0) + 1 }
}
