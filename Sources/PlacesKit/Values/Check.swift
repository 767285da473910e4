import PlaceProviders
import PlaceCore

/// Range checks shared by the flows, worded once for every edge: the parameter by its neutral
/// name, the CLI turns it into a flag.
enum Check {
    static func top(_ top: Int, range: ClosedRange<Int> = 1...50, parameter: String = "top") throws(PlacesError) {
        guard range.contains(top) else {
            throw PlacesError(.usage, "must be between \(range.lowerBound) and \(range.upperBound), not \(top)", parameter: parameter)
        }
    }

    static func radius(_ distance: Distance) throws(PlacesError) {
        guard distance.meters > 0, distance.meters <= 100_000 else {
            throw PlacesError(.usage, "'\(distance)' must be a distance above 0 and at most 100 km, such as 800m or 1.2km", parameter: "radius")
        }
    }

    /// A walk above 0 and at most `limit` seconds.
    static func walk(_ time: StatedDuration, parameter: String, limit: Double, example: String) throws(PlacesError) {
        guard time.seconds > 0, time.seconds <= limit else {
            let most =
                limit >= 3600 && limit.truncatingRemainder(dividingBy: 3600) == 0
                ? (limit == 3600 ? "an hour" : "\(Int(limit / 3600)) hours") : "\(Int(limit / 60)) minutes"
            throw PlacesError(.usage, "'\(time)' must be a time above 0 and at most \(most), such as \(example)", parameter: parameter)
        }
    }

    static func selection(_ selected: [ProviderID], for category: SearchCategory, catalog: ProviderCatalog) throws(PlacesError) {
        let known = catalog.ids(answering: category)
        for id in selected where !known.contains(id) {
            throw PlacesError(.usage, "unknown provider '\(id)'; \(category) providers are \(known.map(\.rawValue).joined(separator: ", "))")
        }
    }
}
