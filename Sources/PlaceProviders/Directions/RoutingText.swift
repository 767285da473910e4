import PlaceBytes
import PlaceCore

extension Coordinate {
    /// `52.3731,4.8926`: at most 6 decimals (about 10 cm), no trailing zeros, as routing APIs take it.
    var routingText: String { NumberText.trimmed(latitude, 6) + "," + NumberText.trimmed(longitude, 6) }

    /// `4.8926,52.3731`: longitude first, as OSRM takes it.
    var longitudeFirstText: String { NumberText.trimmed(longitude, 6) + "," + NumberText.trimmed(latitude, 6) }
}

extension JSONCursor {
    /// An encoded polyline at `precision`; a broken one is named by its field.
    func polyline(precision: Int) throws(JSONShapeError) -> [Coordinate] {
        let text = try string()
        do {
            return try Polyline.decode(text, precision: precision)
        } catch {
            throw JSONShapeError(path: path, expected: "an encoded polyline", found: "text where \(error.reason)")
        }
    }
}

extension Array where Element == [Coordinate] {
    /// The pieces joined into one path, without repeating the point where one piece ends and the next starts.
    func joinedPath() -> [Coordinate] {
        var path: [Coordinate] = []
        for piece in self {
            path.append(contentsOf: path.last != nil && path.last == piece.first ? piece.dropFirst() : piece[...])
        }
        return path
    }
}

/// What a route's figures may be; anything else in an answer is an error, not a figure.
enum RoutingText {
    /// Metres: a walk round the world is 40,000 km.
    static let sensibleMetres: ClosedRange<Double> = 0...1e8
    /// Seconds: about three years.
    static let sensibleSeconds: ClosedRange<Double> = 0...1e8
}
