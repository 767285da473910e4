import Tracking

extension StopsQuery {
    /// The query from what was asked (nil: the default), each value checked against the range it
    /// must be in, so that `places stops` and `/v1/stops` take the same values in the same words.
    /// - Throws: ``PlacesError`` (usage) naming the parameter that is out of range.
    public init(radius: Distance?, minDuration: StatedDuration?, minAccuracy: Distance?, maxGap: StatedDuration?, nameWithin: Distance?)
        throws(PlacesError)
    {
        func metres(_ value: Distance?, _ name: String, _ fallback: Double, _ range: ClosedRange<Double>) throws(PlacesError) -> Double {
            guard let value else { return fallback }
            guard range.contains(value.meters) else {
                throw PlacesError(
                    .usage, "'\(value)' must be a distance from \(Int(range.lowerBound)) m to \(Int(range.upperBound)) m, such as 50m",
                    parameter: name)
            }
            return value.meters
        }
        func seconds(_ value: StatedDuration?, _ name: String, _ range: ClosedRange<Double>) throws(PlacesError) -> Double? {
            guard let value else { return nil }
            guard range.contains(value.seconds) else {
                throw PlacesError(
                    .usage, "'\(value)' must be a time from \(Int(range.lowerBound)) s to \(Int(range.upperBound / 3600)) h, such as 5m or 90s",
                    parameter: name)
            }
            return value.seconds
        }
        let settings = StopDetector.Settings(
            radius: try metres(radius, "radius", 50, 1...10_000),
            minimumDuration: try seconds(minDuration, "min-duration", 1...(7 * 86_400)) ?? 300,
            maximumGap: try seconds(maxGap, "max-gap", 1...(30 * 86_400)))
        self.init(
            settings: settings, minimumAccuracy: try metres(minAccuracy, "min-accuracy", 150, 1...100_000), accuracyAsked: minAccuracy != nil,
            nameWithin: try metres(nameWithin, "name-within", 75, 0...5000))
    }
}
