import Foundation
import PlaceCore
public import Tracking

/// A stop with the name the store gave it.
public struct NamedStop: Sendable {
    /// The stop as the detector found it.
    public let stop: StopDetector.Stop
    /// The place it is named after (a favourite, a POI, an address, a street), nil when none is near.
    public let name: StopNames.Name?

    /// A stop and the name it was given.
    public init(stop: StopDetector.Stop, name: StopNames.Name?) {
        self.stop = stop
        self.name = name
    }
}

/// One thing found in a trace, as soon as it is known.
public enum StopsEvent: Sendable {
    case stop(NamedStop)
    case transit(StopDetector.Transit)
}

/// What a whole trace came to.
public struct StopsSummary: Sendable {
    /// Fixes read.
    public let fixes: Int
    /// Fixes the detector used.
    public let used: Int
    /// Fixes refused by the checks (accuracy, time, jumps).
    public let skipped: Int
    /// Kept only when asked for (a streamed run keeps none).
    public let stops: [NamedStop]
    /// The movement before, between and after the stops; kept only when asked for.
    public let transits: [StopDetector.Transit]
    /// What made a stop in this run.
    public let settings: StopDetector.Settings
    /// Fixes less accurate than this many metres were refused.
    public let minimumAccuracy: Double?
    /// Totals, counted as the events went by.
    public let stopCount: Int
    /// Seconds spent at the stops.
    public let stoppedSeconds: Double
    /// The transits added up.
    public let movement: MovementTotals
}

/// The transits of a trace added up: what was recorded apart from the gaps in the recording.
public struct MovementTotals: Sendable {
    /// Nothing counted yet.
    public init() {}

    /// Seconds of recorded movement.
    public private(set) var movingSeconds = 0.0
    /// Metres recorded.
    public private(set) var movingMetres = 0.0
    /// Gaps in the recording: steps across a new track segment or a long silence.
    public private(set) var gapCount = 0
    /// Seconds nobody recorded.
    public private(set) var gapSeconds = 0.0
    /// Straight-line metres across the gaps.
    public private(set) var gapMetres = 0.0

    /// Counts one transit in.
    public mutating func add(_ transit: StopDetector.Transit) {
        movingSeconds += transit.recordedDuration
        movingMetres += transit.distance
        gapCount += transit.gapCount
        gapSeconds += transit.gapDuration
        gapMetres += transit.gapDistance
    }
}

/// `stops`: stops and the movement between them, from a trace.
public struct StopsQuery: Sendable {
    /// What a stop is: its radius, its shortest stay, the longest gap within it.
    public var settings: StopDetector.Settings
    /// Fixes less accurate than this are dropped.
    public var minimumAccuracy: Double
    /// Whether the accuracy filter was asked for (a missing accuracy is worth a word only then).
    public var accuracyAsked: Bool
    /// Name a stop after a place within this many metres; 0 for no names.
    public var nameWithin: Double

    /// A query with the given settings; the defaults are those of `places stops`.
    public init(
        settings: StopDetector.Settings = StopDetector.Settings(), minimumAccuracy: Double = 150, accuracyAsked: Bool = false, nameWithin: Double = 75
    ) {
        self.settings = settings
        self.minimumAccuracy = minimumAccuracy
        self.accuracyAsked = accuracyAsked
        self.nameWithin = nameWithin
    }
}

/// What a stops run keeps of the events it passes on.
public enum StopsKeeping: Sendable {
    /// Nothing: each event only goes to the callback (a stream of any length).
    case nothing
    /// Stops and transits, without the transits' paths (a table).
    case withoutPaths
    /// Stops and transits with their paths.
    case everything
}

extension PlacesService {
    /// Reads `source` to its end through the fix checks and the stop detector; each stop (named
    /// from the store) and transit goes to `each` as soon as it is known.
    /// - Parameter name: the trace as named in notices.
    /// - Throws: ``PlacesError``: `badData` when the trace has no usable fix; what `each` throws.
    public func stops(
        _ query: StopsQuery, source: inout any TraceSource, name: String, keeping: StopsKeeping,
        each: (StopsEvent) throws(PlacesError) -> Void = { _ in }
    ) throws(PlacesError) -> StopsSummary {
        let names = try StopNames(store: store, reach: query.nameWithin)
        var filter = TraceFilter(name: name, check: FixCheck(requireTime: true, minimumAccuracy: query.minimumAccuracy), notices: notices)
        var detector = StopDetector(settings: query.settings)
        var stops: [NamedStop] = []
        var transits: [StopDetector.Transit] = []
        var stopCount = 0
        var stoppedSeconds = 0.0
        var movement = MovementTotals()
        func take(_ events: [StopDetector.Event]) throws(PlacesError) {
            for event in events {
                switch event {
                case .stop(let stop):
                    let named = NamedStop(stop: stop, name: try names.name(for: stop.centre))
                    stopCount += 1
                    stoppedSeconds += stop.duration
                    try each(.stop(named))
                    if keeping != .nothing { stops.append(named) }
                case .transit(var transit):
                    movement.add(transit)
                    try each(.transit(transit))
                    // A table shows no paths: keep none, so memory does not grow with the trace.
                    if keeping == .withoutPaths { transit.path = [] }
                    if keeping != .nothing { transits.append(transit) }
                }
            }
        }
        while true {
            let item: TraceItem?
            do { item = try source.next() } catch { throw TraceFilter.error(error) }
            guard let item else { break }
            if let fix = filter.take(item) { try take(detector.process(fix, startsSegment: filter.lastFixStartsSegment)) }
        }
        try take(detector.finish())
        // Most GPX files carry no accuracy; that is worth a word only to someone who asked to filter by it.
        filter.finish(withoutAccuracy: query.accuracyAsked ? "they were kept, as " + wording.parameter("min-accuracy") + " cannot judge them" : nil)
        guard filter.used > 0 else {
            if filter.read == 0, let other = Self.otherPoints(name) {
                throw PlacesError(.badData, "\(name): no track points, only \(other); stops need a recorded track (<trk>) with times")
            }
            throw filter.noUsableFix(need: "stops need fixes with times, in order")
        }
        return StopsSummary(
            fixes: filter.read, used: filter.used, skipped: filter.skipped, stops: stops, transits: transits, settings: query.settings,
            minimumAccuracy: query.minimumAccuracy, stopCount: stopCount, stoppedSeconds: stoppedSeconds, movement: movement)
    }

    /// "61 waypoints" when a GPX file without a track has waypoints or route points.
    static func otherPoints(_ path: String) -> String? {
        guard path != "-" && path != "stdin", var source = try? TraceReader.open(path: path, format: .gpx, gpxPoints: [.waypoints, .routePoints])
        else { return nil }
        var count = 0
        while let item = try? source.next() { if case .fix = item { count += 1 } }
        return count > 0 ? "\(count) waypoint\(count == 1 ? "" : "s") or route points" : nil
    }
}
