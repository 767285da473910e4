public import Foundation
public import PlaceSearch

/// What every stage may need to know besides the places themselves.
public struct RankingContext: Sendable {
    /// Where walks start.
    public var focus: Coordinate
    /// "Now" for opening hours.
    public var now: Date
    /// For places whose own time zone is unknown.
    public var timeZone: TimeZone
    public var walking: WalkingModel
    /// Walking distances from a routing provider, where known (metres).
    public var routedMeters: [PlaceID: Double]
    /// Where those routed walks joined the ways at each end, where the router says.
    public var walkEnds: [PlaceID: WalkEnds]

    public init(
        focus: Coordinate, now: Date, timeZone: TimeZone = .current, walking: WalkingModel = WalkingModel(),
        routedMeters: [PlaceID: Double] = [:], walkEnds: [PlaceID: WalkEnds] = [:]
    ) {
        self.focus = focus
        self.now = now
        self.timeZone = timeZone
        self.walking = walking
        self.routedMeters = routedMeters
        self.walkEnds = walkEnds
    }

    public func isOpen(_ place: Place) -> Bool? {
        place.hours?.isOpen(at: now, defaultTimeZone: timeZone)
    }
}
