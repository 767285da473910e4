public import PlaceCore
public import Foundation

/// Finds stops in a stream of fixes: places where the person stayed within a radius for at least
/// a duration, with their centre, arrival and departure, and the transits between them.
///
/// The rule is Li et al.'s stay point (GeoLife, 2008), as trackintel's "sliding" and scikit-mobility
/// use it: from an anchor fix, the fixes that follow while all stay within `radius` of it form a
/// stay if the last of them is at least `minimumDuration` after the anchor; otherwise the anchor
/// moves on by one fix. The centre is the mean position of the stay's fixes.
///
/// - **Gaps**: a gap inside a stay does not split it (the fixes after it are still within the
///   radius, so the stay goes on, and its time counts); a gap while moving is not a stop (the fix
///   after it is far from the one before). ``Settings/maximumGap`` ends a stay at a gap longer
///   than that, for data where a long silence means "unknown", not "still there".
/// - **Unrecorded movement**: a step across a break in the recording (a new GPX `<trkseg>`, given
///   as `startsSegment`) or across a silence longer than ``Settings/gapSilence`` is not movement: a
///   transit counts such gaps, their time and their straight-line length apart from what was
///   recorded, and its speed is over the recorded part only. Cerknica's track has 9 km of straight
///   jumps between segments; counted as walking they made a 46-minute transit of 11.2 km "at 14.6 km/h".
/// - **Merging**: two stops whose centres are within the radius are one stop when less than the
///   minimum duration lies between them (GPS drift took the walker out of the circle briefly), or
///   when the movement between covered less than twice the radius (a dwell cut in two by a gap).
///   A confirmed stay is judged from its centre, so that its anchor (often a fix of the approach)
///   does not end it.
/// - **Streaming**: memory is bounded whatever the length of the trace. A confirmed stay keeps
///   running sums, not its fixes; the fixes kept are those of a stay not yet long enough (at most
///   `minimumDuration` of them) and a transit's path thinned to a point every
///   ``Settings/pathSpacing`` metres, thinned further past 8,192 points.
///
/// Distances are on a local plane around each anchor (metres per degree at its latitude), which
/// over a stop's radius is exact to millimetres and costs a few multiplications.
public struct StopDetector: Sendable {
    public struct Settings: Sendable, Equatable {
        /// Metres a stay keeps within. 50 m: a building and its door, a square, a bench in a park;
        /// trackintel's 100 m and Li's 200 m were made for city-scale mobility from phones in
        /// pockets, and merge a walker's café with the shop next door.
        public var radius: Double
        /// Seconds a stay must last to be a stop: 5 min (trackintel; Li's 30 min and scikit-mobility's
        /// 20 min miss the coffee and the viewpoint a walker remembers).
        public var minimumDuration: Double
        /// A gap longer than this ends a stay; nil for none.
        public var maximumGap: Double?
        /// Metres between the points kept of a transit's path.
        public var pathSpacing: Double
        /// Seconds of silence while moving after which the step is a gap in the recording, not
        /// movement: 5 min. Loggers record every few seconds or metres (Cerknica's track: a fix
        /// every 8 s, at most 201 s apart within a segment); five silent minutes on the move mean
        /// the logger was off, and the straight line across is not where anyone walked.
        public var gapSilence: Double

        public init(
            radius: Double = 50, minimumDuration: Double = 300, maximumGap: Double? = nil, pathSpacing: Double = 10,
            gapSilence: Double = 300
        ) {
            self.radius = radius
            self.minimumDuration = minimumDuration
            self.maximumGap = maximumGap
            self.pathSpacing = pathSpacing
            self.gapSilence = gapSilence
        }
    }

    /// Where the person stayed.
    public struct Stop: Sendable, Equatable {
        /// 1 for the first stop of the trace.
        public var number: Int
        /// The mean position of the stay's fixes.
        public var centre: Coordinate
        /// The time of the stay's first fix.
        public var arrival: Date
        /// The time of its last fix.
        public var departure: Date
        public var fixCount: Int
        /// Metres: the root mean square distance of the stay's fixes from the centre (the radius
        /// of gyration), how much the fixes scatter.
        public var spread: Double

        public var duration: TimeInterval { departure.timeIntervalSince(arrival) }
    }

    /// The movement between two stops (or before the first, or after the last).
    public struct Transit: Sendable, Equatable {
        /// The stop it leaves; nil for the movement before the first stop.
        public var from: Int?
        /// The stop it reaches; nil for the movement after the last.
        public var to: Int?
        public var departure: Date
        public var arrival: Date
        /// Metres recorded: along every fix (not only the kept ones), gaps left out.
        public var distance: Double
        /// The path, thinned to a point every ``Settings/pathSpacing`` metres, ends included.
        public var path: [Coordinate]
        /// Where the recording breaks in ``path``: the indices of the points that start a new
        /// recorded piece (the step to each from the point before is a gap). Empty without gaps.
        public var pathBreaks: [Int]
        /// Gaps in the recording: steps across a new track segment or a long silence.
        public var gapCount: Int
        /// Seconds the gaps lasted: time nobody recorded.
        public var gapDuration: TimeInterval
        /// Metres in straight lines across the gaps: how far apart their ends are, not a distance walked.
        public var gapDistance: Double

        public init(
            from: Int?, to: Int?, departure: Date, arrival: Date, distance: Double, path: [Coordinate], pathBreaks: [Int] = [],
            gapCount: Int = 0, gapDuration: TimeInterval = 0, gapDistance: Double = 0
        ) {
            self.from = from
            self.to = to
            self.departure = departure
            self.arrival = arrival
            self.distance = distance
            self.path = path
            self.pathBreaks = pathBreaks
            self.gapCount = gapCount
            self.gapDuration = gapDuration
            self.gapDistance = gapDistance
        }

        public var duration: TimeInterval { arrival.timeIntervalSince(departure) }
        /// Seconds of recorded movement: the duration without the gaps.
        public var recordedDuration: TimeInterval { max(0, duration - gapDuration) }
        /// Metres per second over the recorded movement; zero when none was recorded.
        public var averageSpeed: Double { recordedDuration > 0 ? distance / recordedDuration : 0 }
    }

    public enum Event: Sendable, Equatable {
        case stop(Stop)
        case transit(Transit)
    }

    public let settings: Settings

    // The anchor's window while it is not yet a stay: `buffer[head]` is the anchor, and
    // `buffer[head..<verified]` are the fixes known to be within the radius of it; the rest are
    // still to look at (after the anchor slid). Sliding moves `head`, so it allocates nothing; the
    // slid-past front is dropped now and then. Bounded by minimumDuration of fixes.
    private var buffer: [Pending] = []
    private var head = 0
    private var verified = 0
    /// The latitude the local plane was made for.
    private var planeLatitude = Double.nan
    // The local plane of the anchor.
    private var metresPerDegreeLatitude = 0.0
    private var metresPerDegreeLongitude = 0.0
    /// A stay long enough to be a stop, as running sums.
    private var stay: StaySums?
    /// The last stop found, held back until the next one shows whether they merge.
    private var held: Stop?
    /// The held stop was already said (it can no longer merge).
    private var heldSaid = false
    /// The movement since the held stop (or since the start).
    private var transit = TransitSums()
    private var stopCount = 0
    private var lastTime: Date?

    /// A fix in the window, and whether the recording broke just before it.
    private struct Pending {
        var fix: LocationFix
        var startsSegment: Bool
    }

    public init(settings: Settings = Settings()) {
        self.settings = settings
    }

    /// Fixes held now, the slid-past front not yet dropped included (for tests of the memory bound).
    var windowCount: Int { buffer.count }

    /// Takes the next fix (with a time, in time order: see ``FixCheck``) and returns what it
    /// completed, oldest first: usually nothing. A fix earlier than the one before (a clock that
    /// jumped back) closes what is open, as the end of a trace would, and starts afresh.
    /// - Parameter startsSegment: the recording was interrupted before this fix (a new GPX
    ///   `<trkseg>`, ``TraceItem/segmentBreak``): the step to it is a gap, not movement.
    public mutating func process(_ fix: LocationFix, startsSegment: Bool = false) -> [Event] {
        guard let now = fix.time else { return [] }
        var events: [Event] = []
        if let before = lastTime, now < before { closeAll(into: &events) }
        consume(Pending(fix: fix, startsSegment: startsSegment), into: &events)
        lastTime = now
        return events
    }

    /// Ends the trace: what is still open is said.
    public mutating func finish() -> [Event] {
        var events: [Event] = []
        closeAll(into: &events)
        return events
    }

    /// Says the open stay (or the window, as movement), the held stop and the last transit, and
    /// leaves nothing open; the numbering of stops goes on.
    private mutating func closeAll(into events: inout [Event]) {
        if let stay {
            confirm(stay.stop(number: 0), into: &events)
            self.stay = nil
        } else {
            // A window too short to be a stay is movement.
            for pending in buffer[head...] { addToTransit(pending) }
        }
        clearWindow()
        if let held, !heldSaid { events.append(.stop(held)) }
        held = nil
        heldSaid = false
        if let movement = transit.transit(from: stopCount > 0 ? stopCount : nil, to: nil) { events.append(.transit(movement)) }
        transit = TransitSums()
    }

    // MARK: - The sliding window

    private mutating func consume(_ pending: Pending, into events: inout [Event]) {
        let fix = pending.fix
        sayHeldStopOnceItCannotMerge(at: fix, into: &events)
        if var current = stay {
            // A confirmed stay is judged from its centre, not from its anchor: the anchor may be a
            // fix of the approach, up to the radius away, and a fix after a long silence would then
            // end a stay it is in the middle of.
            if !gapTooLong(after: current.departure, to: fix), current.distanceFromCentre(fix.coordinate) <= settings.radius {
                current.add(fix, plane: (metresPerDegreeLatitude, metresPerDegreeLongitude))
                stay = current
                return
            }
            // The stay ends with its last fix; the movement starts there.
            confirm(current.stop(number: 0), into: &events)
            stay = nil
            transit.start(at: current.lastFix, plane: plane)
        }
        buffer.append(pending)
        settle(into: &events)
    }

    private mutating func addToTransit(_ pending: Pending, closing: Bool = false) {
        transit.add(
            pending.fix, spacing: settings.pathSpacing, plane: plane, closing: closing, startsSegment: pending.startsSegment,
            gapSilence: settings.gapSilence)
    }

    /// Looks at the fixes not yet verified against the anchor, sliding the anchor on by one each
    /// time one leaves its circle before the window is long enough (the anchor was movement), and
    /// turning the window into a stay once it lasts the minimum duration.
    private mutating func settle(into events: inout [Event]) {
        var index = max(verified, head)
        while index < buffer.count {
            if index == head {
                makePlane(for: buffer[head].fix.coordinate)
                index += 1
                continue
            }
            let anchor = buffer[head].fix
            let fix = buffer[index].fix
            if !gapTooLong(after: buffer[index - 1].fix.time ?? .distantPast, to: fix),
                distance(from: anchor.coordinate, to: fix.coordinate) <= settings.radius
            {
                index += 1
                if let start = anchor.time, let now = fix.time, now.timeIntervalSince(start) >= settings.minimumDuration {
                    becomeStay(through: index, into: &events)
                    return
                }
            } else {
                addToTransit(buffer[head])
                head += 1
                index = head
            }
        }
        verified = index
        // Drop the slid-past front once it is as large as the window, so the buffer stays bounded.
        if head > 64, head * 2 > buffer.count {
            buffer.removeFirst(head)
            verified -= head
            head = 0
        }
    }

    /// The window `buffer[head..<end]` has lasted long enough: keep sums instead of fixes, then
    /// take what is left to look at through the stay.
    private mutating func becomeStay(through end: Int, into events: inout [Event]) {
        let anchor = buffer[head]
        var sums = StaySums(anchor: anchor.fix, plane: plane)
        for pending in buffer[(head + 1)..<end] { sums.add(pending.fix, plane: (metresPerDegreeLatitude, metresPerDegreeLongitude)) }
        // The movement before the stay ends at the anchor.
        addToTransit(anchor, closing: true)
        let rest = end < buffer.count ? Array(buffer[end...]) : []
        clearWindow()
        stay = sums
        // A new stay elsewhere: the held stop will not grow, so say it now rather than when this
        // one ends (which may be the next morning).
        if let held, !heldSaid, !mergesWithHeld(arrival: sums.arrival, centre: sums.stop(number: 0).centre) {
            events.append(.stop(held))
            heldSaid = true
        }
        for pending in rest { consume(pending, into: &events) }
    }

    private mutating func clearWindow() {
        buffer.removeAll(keepingCapacity: true)
        head = 0
        verified = 0
    }

    private func gapTooLong(after time: Date, to fix: LocationFix) -> Bool {
        guard let limit = settings.maximumGap, let now = fix.time else { return false }
        return now.timeIntervalSince(time) > limit
    }

    /// A held stop can merge only with a stay that begins within the minimum duration of its
    /// departure, or after a transit that went nowhere; past both it is said at once, so that a
    /// live stream shows it without waiting for the next stop.
    private mutating func sayHeldStopOnceItCannotMerge(at fix: LocationFix, into events: inout [Event]) {
        guard let held, !heldSaid, let now = fix.time else { return }
        // The earliest a stay still to be confirmed can have arrived: anchors only move forward.
        let earliestArrival = stay?.arrival ?? (head < buffer.count ? buffer[head].fix.time : nil) ?? now
        guard earliestArrival.timeIntervalSince(held.departure) >= settings.minimumDuration, transit.totalDistance >= 2 * settings.radius else {
            return
        }
        events.append(.stop(held))
        heldSaid = true
    }

    /// Whether a stay arriving at `arrival` with its centre at `centre` would be one stop with the
    /// held one: the same place, and a brief absence or a movement that went nowhere, with no
    /// silence longer than the maximum gap.
    private func mergesWithHeld(arrival: Date, centre: Coordinate) -> Bool {
        guard let held, !heldSaid, Geodesy.distance(held.centre, centre) <= settings.radius else { return false }
        let between = arrival.timeIntervalSince(held.departure)
        // Where the movement went, gaps included: a jump away and back is not "nowhere".
        guard between < settings.minimumDuration || transit.totalDistance < 2 * settings.radius else { return false }
        return settings.maximumGap.map { transit.largestGap <= $0 } ?? true
    }

    /// The local plane of an anchor, made again only when the latitude has moved (a tenth of a
    /// degree changes the scale by a few parts in ten thousand: millimetres over a stop's radius).
    private mutating func makePlane(for coordinate: Coordinate) {
        guard !(abs(coordinate.latitude - planeLatitude) < 0.1) else { return }
        planeLatitude = coordinate.latitude
        let phi = coordinate.latitude * .pi / 180
        let a = Geodesy.equatorialRadius
        let e2 = Geodesy.flattening * (2 - Geodesy.flattening)
        let w = (1 - e2 * sin(phi) * sin(phi)).squareRoot()
        metresPerDegreeLatitude = a * (1 - e2) / (w * w * w) * .pi / 180
        metresPerDegreeLongitude = a / w * cos(phi) * .pi / 180
    }

    /// Metres per degree of latitude and of longitude where the detector is.
    private var plane: (Double, Double) { (metresPerDegreeLatitude, metresPerDegreeLongitude) }

    @inline(__always)
    private func distance(from anchor: Coordinate, to coordinate: Coordinate) -> Double {
        let dy = (coordinate.latitude - anchor.latitude) * metresPerDegreeLatitude
        var dLon = coordinate.longitude - anchor.longitude
        if dLon > 180 { dLon -= 360 } else if dLon < -180 { dLon += 360 }
        let dx = dLon * metresPerDegreeLongitude
        return (dx * dx + dy * dy).squareRoot()
    }

    // MARK: - Stops and transits

    /// A stay that has ended: merged into the held stop when they are the same place, otherwise
    /// the held stop and the transit to this one are said and this one is held.
    private mutating func confirm(_ found: Stop, into events: inout [Event]) {
        if let previous = held, mergesWithHeld(arrival: found.arrival, centre: found.centre) {
            held = Self.merge(previous, found)
            transit = TransitSums()
            return
        }
        if let previous = held, !heldSaid { events.append(.stop(previous)) }
        heldSaid = false
        stopCount += 1
        var numbered = found
        numbered.number = stopCount
        if let movement = transit.transit(from: held?.number, to: stopCount) { events.append(.transit(movement)) }
        transit = TransitSums()
        held = numbered
    }

    private static func merge(_ first: Stop, _ second: Stop) -> Stop {
        let total = Double(first.fixCount + second.fixCount)
        let latitude = (first.centre.latitude * Double(first.fixCount) + second.centre.latitude * Double(second.fixCount)) / total
        let longitude = (first.centre.longitude * Double(first.fixCount) + second.centre.longitude * Double(second.fixCount)) / total
        let centre = (try? Coordinate(latitude: latitude, longitude: longitude)) ?? first.centre
        // The radius of gyration of the union: each part's own, plus its centre's offset.
        let d1 = Geodesy.distance(first.centre, centre), d2 = Geodesy.distance(second.centre, centre)
        let spread =
            ((Double(first.fixCount) * (first.spread * first.spread + d1 * d1)
            + Double(second.fixCount) * (second.spread * second.spread + d2 * d2)) / total).squareRoot()
        return Stop(
            number: first.number, centre: centre, arrival: first.arrival, departure: second.departure,
            fixCount: first.fixCount + second.fixCount, spread: spread)
    }
}

/// A stay's running sums: enough for its centre, times and spread without its fixes.
private struct StaySums: Sendable {
    let anchor: Coordinate
    let arrival: Date
    var departure: Date
    var lastFix: LocationFix
    var count = 1
    // Offsets from the anchor in metres on the anchor's plane, and their squares, summed: the
    // centre and the scatter without the fixes.
    var sumEast = 0.0
    var sumNorth = 0.0
    var sumSquares = 0.0
    var plane = (latitude: 0.0, longitude: 0.0)

    init(anchor fix: LocationFix, plane: (Double, Double)) {
        self.plane = (plane.0, plane.1)
        anchor = fix.coordinate
        arrival = fix.time ?? .distantPast
        departure = arrival
        lastFix = fix
    }

    mutating func add(_ fix: LocationFix, plane: (Double, Double)) {
        self.plane = (plane.0, plane.1)
        count += 1
        let north = (fix.coordinate.latitude - anchor.latitude) * plane.0
        var dLon = fix.coordinate.longitude - anchor.longitude
        if dLon > 180 { dLon -= 360 } else if dLon < -180 { dLon += 360 }
        let east = dLon * plane.1
        sumEast += east
        sumNorth += north
        sumSquares += east * east + north * north
        departure = fix.time ?? departure
        lastFix = fix
    }

    /// Metres from the stay's centre so far to `coordinate`, on the anchor's plane.
    func distanceFromCentre(_ coordinate: Coordinate) -> Double {
        let n = Double(count)
        let north = (coordinate.latitude - anchor.latitude) * plane.latitude
        var dLon = coordinate.longitude - anchor.longitude
        if dLon > 180 { dLon -= 360 } else if dLon < -180 { dLon += 360 }
        let east = dLon * plane.longitude
        let dx = east - sumEast / n, dy = north - sumNorth / n
        return (dx * dx + dy * dy).squareRoot()
    }

    func stop(number: Int) -> StopDetector.Stop {
        let n = Double(count)
        let meanEast = sumEast / n, meanNorth = sumNorth / n
        var centre = anchor
        if plane.latitude > 0, plane.longitude > 0 {
            var longitude = anchor.longitude + meanEast / plane.longitude
            if longitude > 180 { longitude -= 360 } else if longitude < -180 { longitude += 360 }
            centre = (try? Coordinate(latitude: anchor.latitude + meanNorth / plane.latitude, longitude: longitude)) ?? anchor
        }
        let spread = max(0, sumSquares / n - (meanEast * meanEast + meanNorth * meanNorth)).squareRoot()
        return StopDetector.Stop(
            number: number, centre: centre, arrival: arrival, departure: departure, fixCount: count, spread: spread)
    }
}

/// The movement being followed: its length over every fix, and a thinned path.
private struct TransitSums: Sendable {
    var first: LocationFix?
    var last: LocationFix?
    /// Metres recorded, gaps left out.
    var distance = 0.0
    var path: [Coordinate] = []
    /// Indices into `path` of the points that start a recorded piece after a gap.
    var breaks: [Int] = []
    var lastKept: Coordinate?
    /// The longest silence between two of its fixes, seconds.
    var largestGap: TimeInterval = 0
    var gapCount = 0
    var gapSeconds: TimeInterval = 0
    /// Straight-line metres across the gaps.
    var gapDistance = 0.0
    /// The spacing the path is thinned to, doubled each time the path reaches its bound.
    var spacingFactor = 1.0

    /// Points a path keeps at most: a day's drive at 10 m spacing fits; beyond, it is thinned.
    static let maximumPathPoints = 8192

    /// Where the movement went, gaps included: what merging two stops asks.
    var totalDistance: Double { distance + gapDistance }

    /// Starts the movement at a stop's last fix.
    mutating func start(at fix: LocationFix, plane: (Double, Double)) {
        self = TransitSums()
        add(fix, spacing: 0, plane: plane)
    }

    /// - Parameter plane: metres per degree of latitude and longitude near the fixes: consecutive
    ///   fixes are metres apart, where the plane is as good as the ellipsoid and far cheaper.
    /// - Parameter startsSegment: the recording broke before `fix`; with a silence longer than
    ///   `gapSilence`, the step to it is a gap, counted apart and never as movement.
    mutating func add(
        _ fix: LocationFix, spacing: Double, plane: (Double, Double), closing: Bool = false, startsSegment: Bool = false,
        gapSilence: Double = .infinity
    ) {
        var isGap = false
        if let last {
            let metres = Self.metres(last.coordinate, fix.coordinate, plane)
            let silence = last.time.flatMap { then in fix.time.map { $0.timeIntervalSince(then) } } ?? 0
            largestGap = max(largestGap, silence)
            isGap = startsSegment || silence > gapSilence
            if isGap {
                gapCount += 1
                gapSeconds += silence
                gapDistance += metres
                // The recorded piece ends at the fix before the gap, whether or not spacing kept it.
                if lastKept != last.coordinate { append(last.coordinate) }
            } else {
                distance += metres
            }
        } else {
            first = fix
        }
        last = fix
        if !isGap, let kept = lastKept, !closing, Self.metres(kept, fix.coordinate, plane) < spacing * spacingFactor { return }
        append(fix.coordinate, startsPiece: isGap)
    }

    private mutating func append(_ coordinate: Coordinate, startsPiece: Bool = false) {
        if path.count >= Self.maximumPathPoints { thin() }
        if startsPiece, !path.isEmpty, breaks.count < Self.maximumPathPoints / 4 { breaks.append(path.count) }
        path.append(coordinate)
        lastKept = coordinate
    }

    /// Keeps every other point (and both ends of every recorded piece) and doubles the spacing:
    /// memory stays bounded on an endless transit. Past a quarter of the bound, breaks are no
    /// longer marked in the path (their count, time and length still are).
    private mutating func thin() {
        let isBreak = Set(breaks)
        var kept: [Coordinate] = []
        var newBreaks: [Int] = []
        kept.reserveCapacity(path.count / 2 + breaks.count * 2)
        for (index, point) in path.enumerated() {
            let startsPiece = isBreak.contains(index)
            let endsPiece = isBreak.contains(index + 1) || index == path.count - 1
            guard index % 2 == 0 || startsPiece || endsPiece else { continue }
            if startsPiece { newBreaks.append(kept.count) }
            kept.append(point)
        }
        path = kept
        breaks = newBreaks
        spacingFactor *= 2
    }

    private static func metres(_ a: Coordinate, _ b: Coordinate, _ plane: (Double, Double)) -> Double {
        // Far apart (a gap in the data), the plane of one end is no longer good enough.
        guard abs(a.latitude - b.latitude) < 0.05, abs(a.longitude - b.longitude) < 0.05, plane.0 > 0 else { return Geodesy.distance(a, b) }
        let dy = (b.latitude - a.latitude) * plane.0
        let dx = (b.longitude - a.longitude) * plane.1
        return (dx * dx + dy * dy).squareRoot()
    }

    func transit(from: Int?, to: Int?) -> StopDetector.Transit? {
        // A stop at the very start (or end) of the trace has no movement before (or after) it.
        guard let first, let last, let departure = first.time, let arrival = last.time, arrival > departure else { return nil }
        var path = path
        if path.last != last.coordinate { path.append(last.coordinate) }
        return StopDetector.Transit(
            from: from, to: to, departure: departure, arrival: arrival, distance: distance, path: path, pathBreaks: breaks,
            gapCount: gapCount, gapDuration: gapSeconds, gapDistance: gapDistance)
    }
}
