import Foundation
import OSMFormat
import PlaceCore
import WalkingGraph

/// The hand-written canal town (Fixtures/canal-town.osm) and the real extracts beside the repository.
enum TestGraphs {
    static func fixtureURL(_ name: String) throws -> URL {
        guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures") else {
            throw OSMFormatError(message: "missing fixture \(name)")
        }
        return url
    }

    static func canalTown() throws -> WalkingGraph {
        try WalkingGraphBuilder.build(contentsOf: fixtureURL("canal-town.osm"))
    }

    /// `../shared/data/NAME` next to the repository, when it is there; `PLACES_SHARED_DATA` names
    /// the folder instead for a checkout elsewhere (a worktree).
    static func sharedData(_ name: String, filePath: String = #filePath) -> URL? {
        if let folder = ProcessInfo.processInfo.environment["PLACES_SHARED_DATA"], !folder.isEmpty {
            let url = URL(fileURLWithPath: folder).appendingPathComponent(name)
            return FileManager.default.fileExists(atPath: url.path) ? url : nil
        }
        var directory = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        while directory.path != "/" {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
                let url = directory.deletingLastPathComponent().appendingPathComponent("shared/data/\(name)")
                return FileManager.default.fileExists(atPath: url.path) ? url : nil
            }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }

    static func hasSharedData(_ name: String) -> Bool {
        let found = sharedData(name) != nil
        if !found { print("SKIP: ../shared/data/\(name) is not there; the test that reads it is skipped") }
        return found
    }

    static func temporaryURL() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("walk-\(UUID().uuidString).walk")
    }

    /// Metres along a polyline, on the ellipsoid.
    static func length(_ points: [Coordinate]) -> Double {
        zip(points, points.dropFirst()).reduce(0) { $0 + $1.0.distance(to: $1.1) }
    }
}

/// Places in the canal town, by what is there.
enum CanalTown {
    static func zuidkade(_ longitude: Double) -> Coordinate { Coordinate(52.3698, longitude) }
    static func noordkade(_ longitude: Double) -> Coordinate { Coordinate(52.3704, longitude) }
    static func achterstraat(_ longitude: Double) -> Coordinate { Coordinate(52.3712, longitude) }
    static func overkant(_ longitude: Double) -> Coordinate { Coordinate(52.3680, longitude) }
    /// Inside the island's footpath loop, in the river.
    static let island = Coordinate(52.3689, 4.8920)
    /// The bridge's two ends.
    static let bridgeSouth = zuidkade(4.8950)
    static let bridgeNorth = noordkade(4.8950)
}
