import ArgumentParser
import PlacesKit

extension Places.Follow {
    /// The monitor's settings from the options. - Throws: ValidationError naming the option.
    func settings() throws -> RouteMonitor.Settings {
        func distance(_ value: Distance, _ name: String, range: ClosedRange<Double>) throws -> Double {
            guard range.contains(value.meters) else {
                throw ValidationError(
                    "--\(name) '\(value)' must be a distance from \(Int(range.lowerBound)) m to \(Int(range.upperBound)) m, such as 50m")
            }
            return value.meters
        }
        func time(_ value: StatedDuration, _ name: String) throws -> Double {
            guard value.seconds >= 0, value.seconds <= 3600 else {
                throw ValidationError("--\(name) '\(value)' must be a time from 0 s to 1 hour, such as 15s")
            }
            return value.seconds
        }
        let tolerance = try distance(tolerance, "tolerance", range: 0...1000)
        let threshold = try distance(offRouteDistance, "off-route-distance", range: 1...5000)
        guard tolerance < threshold else {
            throw ValidationError("--tolerance (\(self.tolerance)) must be less than --off-route-distance (\(offRouteDistance))")
        }
        if let arrivalRadius { _ = try distance(arrivalRadius, "arrival-radius", range: 1...5000) }
        return RouteMonitor.Settings(
            offRouteDistance: threshold, tolerance: tolerance, offRouteTime: try time(offRouteTime, "off-route-time"),
            cooldown: try time(cooldown, "cooldown"), maximumAccuracy: try distance(maxAccuracy, "max-accuracy", range: 1...100_000))
    }
}
