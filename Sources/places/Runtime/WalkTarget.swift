import Foundation
import PlaceSearch
import Providers

/// Where a walk goes: a point, or a recommendation of a feed (whose arrival earns points).
struct WalkTarget {
    let coordinate: Coordinate
    /// The recommendation, when `--to` named one.
    let recommendation: Place?

    var offer: RecommendationOffer? { recommendation?.recommendation }

    /// `LAT,LON`, or a recommendation id of `feed` (`rec-1` or `feed:rec-1`).
    static func resolve(_ text: String, feed: String?, runtime: Runtime) async throws -> WalkTarget {
        if let coordinate = try? Coordinate(parsing: text) { return WalkTarget(coordinate: coordinate, recommendation: nil) }
        if text.contains(","), feed == nil {
            do { _ = try Coordinate(parsing: text) } catch { throw CLIError("--to \(error.description)", status: .usage) }
        }
        let contents = try await runtime.loadFeed(try runtime.feed(feed))
        let place = try runtime.recommendation(text, in: contents)
        return WalkTarget(coordinate: place.coordinate, recommendation: place)
    }
}
