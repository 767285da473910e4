public import Foundation
public import PlaceCore

/// What every stage may need to know besides the places themselves.
public struct RankingContext: Sendable {
    /// Where walks start.
    public var focus: Coordinate
    /// "Now" for opening hours.
    public var now: Date
    /// The zone at the focus, where clock times the user gives are read (an arrival at "08:30").
    /// Opening hours are not read in it: each place's are read in its own zone (``Place/timeZone``).
    public var timeZone: TimeZone
    /// How distances become walks; a profile's `rank` replaces it with the profile's own model.
    public var walking: WalkingModel
    /// Walking distances from a routing provider, where known (metres).
    public var routedMeters: [PlaceID: Double]
    /// Where those routed walks joined the ways at each end, where the router says.
    public var walkEnds: [PlaceID: WalkEnds]

    /// - Parameter timeZone: the zone at the focus; nil looks it up (``TimeZoneMap``).
    public init(
        focus: Coordinate, now: Date, timeZone: TimeZone? = nil, walking: WalkingModel = WalkingModel(),
        routedMeters: [PlaceID: Double] = [:], walkEnds: [PlaceID: WalkEnds] = [:]
    ) {
        self.focus = focus
        self.now = now
        self.timeZone = timeZone ?? TimeZoneMap.zone(at: focus)
        self.walking = walking
        self.routedMeters = routedMeters
        self.walkEnds = walkEnds
    }

    /// Whether `place` is open at ``now``, on its own clock.
    public func isOpen(_ place: Place) -> Bool? {
        place.isOpen(at: now)
    }
}
