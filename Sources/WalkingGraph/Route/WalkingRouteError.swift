import PlaceCore

/// Why there is no walk to give.
public struct WalkingRouteError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Problem: Equatable, Sendable {
        /// The graph has no walkable way at all (an extract without streets).
        case emptyGraph
        /// Both points are on the graph but no walk joins them: different islands, or one-way
        /// paths that only lead away. The snapped points say where each end was placed.
        case noPath(from: SnappedPoint, to: SnappedPoint)
    }

    public var problem: Problem

    public init(_ problem: Problem) { self.problem = problem }

    public var description: String {
        switch problem {
        case .emptyGraph:
            return "the walking graph has no walkable ways"
        case .noPath(let from, let to):
            if from.component != to.component {
                return
                    "no walk joins \(from.requested) and \(to.requested): they are on parts of the map no way connects"
            }
            return "no walk leads from \(from.requested) to \(to.requested) (one-way paths only lead the other way)"
        }
    }
}
