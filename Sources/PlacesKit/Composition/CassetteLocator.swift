public import Foundation

/// Finds the folders that hold cassettes and names paths the way a user sees them.
public struct CassetteLocator: Sendable {
    /// Searched in order; for each provider the first root that has a folder for it wins.
    public let roots: [URL]
    /// The folder paths are shown relative to, when they are inside it.
    public let currentDirectory: String

    /// The roots `explicit` names (a `:`-separated list), else PLACES_CASSETTE_DIR's, else the
    /// bundled recordings: `./cassettes`, those installed with the executable, or the checkout's.
    public init(explicit: String?, environment: [String: String]) {
        currentDirectory = FileManager.default.currentDirectoryPath
        if let list = explicit ?? environment["PLACES_CASSETTE_DIR"], !list.isEmpty {
            roots = list.split(separator: ":").map {
                URL(fileURLWithPath: String($0), relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).standardizedFileURL
            }
        } else {
            roots = Self.discover().map { [$0] } ?? []
        }
    }

    /// `./cassettes`, else the recordings installed with the executable (`PREFIX/share/places/cassettes`
    /// beside `PREFIX/bin/places`, or a folder above it), else the `cassettes/` of the checkout it
    /// was built from, wherever its build folder was (`swift build --scratch-path /elsewhere`).
    private static func discover() -> URL? {
        let fileManager = FileManager.default
        let local = URL(fileURLWithPath: fileManager.currentDirectoryPath).appendingPathComponent("cassettes")
        if isDirectory(local) { return local }
        let executable =
            (try? fileManager.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? Bundle.main.executablePath ?? CommandLine.arguments[0]
        var directory = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            for candidate in [directory.appendingPathComponent("share/places/cassettes"), directory.appendingPathComponent("cassettes")]
            where isDirectory(candidate) {
                return candidate
            }
            directory.deleteLastPathComponent()
        }
        // This file's path when it was compiled: Sources/PlacesKit/Composition/ of the checkout.
        let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("cassettes")
        return isDirectory(checkout) ? checkout : nil
    }

    private static func isDirectory(_ url: URL) -> Bool {
        var flag: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &flag) && flag.boolValue
    }

    /// The folder holding `provider`'s cassettes: in the first root that has one, else in the first root.
    public func folder(for provider: String) -> URL? {
        for root in roots {
            let candidate = root.appendingPathComponent(provider)
            if Self.isDirectory(candidate) { return candidate }
        }
        return roots.first?.appendingPathComponent(provider)
    }

    /// Where recordings go when no cassettes folder exists yet: ./cassettes/<provider>.
    public func recordingFolder(for provider: String) -> URL {
        URL(fileURLWithPath: currentDirectory).appendingPathComponent("cassettes").appendingPathComponent(provider)
    }

    /// The path relative to the working directory when it lies below it.
    public func display(_ url: URL) -> String {
        let path = url.standardizedFileURL.path
        let prefix = currentDirectory.hasSuffix("/") ? currentDirectory : currentDirectory + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// The areas the recordings cover, from `areas.json` in the first root that has one (bundled
    /// recordings say so; a user's own folder may not).
    public var areas: [(name: String, south: Double, west: Double, north: Double, east: Double)] {
        for root in roots {
            guard let data = FileManager.default.contents(atPath: root.appendingPathComponent("areas.json").path),
                let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any], let areas = object["areas"] as? [[String: Any]]
            else { continue }
            return areas.compactMap { area in
                guard let name = area["name"] as? String, let south = area["south"] as? Double, let west = area["west"] as? Double,
                    let north = area["north"] as? Double, let east = area["east"] as? Double
                else { return nil }
                return (name, south, west, north, east)
            }
        }
        return []
    }
}
