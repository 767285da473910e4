public import Foundation

/// What a walk must look like to earn points over the network, where a client can send any fixes
/// it likes. A person walking with a phone sends fixes stamped by a clock close to ours, in order,
/// one after another as they walk, at a walking pace, wobbling as GPS does. A file replayed, a line
/// drawn between two points, or the same walk sent twice does not.
public struct LiveWalkRules: Sendable, Equatable {
    /// A fix's time may differ from the server's clock when it arrives by at most this many
    /// seconds: a phone's clock, the network's delay, a few fixes buffered.
    public var clockWindow: TimeInterval
    /// The fixes must arrive over at least this share of the time they span: a walk of ten minutes
    /// is sent over about ten minutes, not in one burst.
    public var realTimeShare: Double
    /// The fastest pace (m/s) kept over ``paceSpan`` seconds that is still walking: a brisk walk is
    /// 1.8, a jog 3; a bicycle or a tram is more.
    public var fastestPace: Double
    /// Pace is judged over stretches of at least this many seconds, so that one jump of the GPS
    /// between two fixes is not a sprint.
    public var paceSpan: TimeInterval
    /// An arrival needs a walk of at least this many fixes…
    public var minimumFixes: Int
    /// …spanning at least this many seconds.
    public var minimumDuration: TimeInterval
    /// A walk of at least ``regularityLength`` metres whose every fix lies within this many metres
    /// of the straight line from its first fix to its last was drawn, not walked: GPS wobbles by
    /// metres.
    public var straightness: Double
    /// Steps whose speeds vary by less than this (the median absolute deviation over the median)
    /// were computed, not walked.
    public var evenness: Double
    /// Walks shorter than this (metres) are too short to judge straightness or evenness.
    public var regularityLength: Double

    /// Rules with these thresholds. The defaults suit a person walking with a phone: fixes stamped within 30 s of the
    /// server's clock, at most 3 m/s over 20 s, and at least 5 fixes over 30 s.
    public init(
        clockWindow: TimeInterval = 30, realTimeShare: Double = 0.8, fastestPace: Double = 3, paceSpan: TimeInterval = 20, minimumFixes: Int = 5,
        minimumDuration: TimeInterval = 30, straightness: Double = 1, evenness: Double = 0.01, regularityLength: Double = 100
    ) {
        self.clockWindow = clockWindow
        self.realTimeShare = realTimeShare
        self.fastestPace = fastestPace
        self.paceSpan = paceSpan
        self.minimumFixes = minimumFixes
        self.minimumDuration = minimumDuration
        self.straightness = straightness
        self.evenness = evenness
        self.regularityLength = regularityLength
    }
}

/// Why a walk earned nothing: a word to count (`replayed`, `not-live`, `not-real-time`,
/// `out-of-order`, `too-fast`, `too-regular`, `too-short`, `same-walk`) and a sentence.
public struct WalkRefusal: Sendable, Equatable, CustomStringConvertible {
    /// The word to count: `replayed`, `too-fast`, … (the type lists them all).
    public let reason: String
    /// What was wrong, in a sentence.
    public let detail: String

    /// A refusal for `reason`, explained by `detail`.
    public init(_ reason: String, _ detail: String) {
        self.reason = reason
        self.detail = detail
    }

    /// `reason: detail`, as in `too-short: the walk has 3 fixes over 12 s; …`.
    public var description: String { "\(reason): \(detail)" }
}
