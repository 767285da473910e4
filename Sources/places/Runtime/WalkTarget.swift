import ArgumentParser
import Foundation
import PlaceSearch
import PlaceProviders

/// Where a walk goes: a point, or a recommendation of a feed (whose arrival earns points).
struct WalkTarget {
    let coordinate: Coordinate
    /// The recommendation, when `--to` named one.
    let recommendation: Place?

    var offer: RecommendationOffer? { recommendation?.recommendation }

    /// `--to` as `validate()` checks it: a coordinate, or an id when there is a feed to find it in.
    static func validate(_ text: String, feed: String?) throws {
        guard feed == nil else { return }
        guard text.contains(",") else {
            throw ValidationError("--to '\(text)' is not LAT,LON; to name a recommendation, also give --feed")
        }
        do { _ = try Coordinate(parsing: text) } catch { throw ValidationError("--to \(error.description)") }
    }

    /// `LAT,LON`, or a recommendation id of `feed` (`rec-1` or `feed:rec-1`).
    static func resolve(_ text: String, feed: String?, runtime: Runtime) async throws -> WalkTarget {
        if let coordinate = try? Coordinate(parsing: text) { return WalkTarget(coordinate: coordinate, recommendation: nil) }
        let contents = try await runtime.loadFeed(try runtime.feed(feed))
        let place = try runtime.recommendation(text, in: contents)
        return WalkTarget(coordinate: place.coordinate, recommendation: place)
    }
}
