import ArgumentParser
import Foundation
import PlacesKit

extension Places {
    struct CacheCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "cache",
            abstract: "The HTTP cache of live answers: where it is, and clearing it.",
            discussion: """
                Live answers are kept under $XDG_CACHE_HOME/places/http (~/.cache/places/http) for as long as \
                their services allow (Cache-Control, Expires), or an hour (Overpass) or a day (OSRM, Photon) \
                when they say nothing; an expired answer is asked again with If-None-Match. A service that \
                answered 429 is not asked again before the time it named. --no-cache asks the services \
                anyway; [http] cache = false in the config turns the cache off.

                Examples:
                  places cache path
                  places cache clear
                """,
            subcommands: [Path.self, Clear.self])

        struct Path: ParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Print the cache's folder.")

            func run() throws {
                try StandardOutput.write(try CLIService.settings().cacheFolder + "/http\n")
            }
        }

        struct Clear: ParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Remove every cached answer and every hold a service asked for.")

            func run() throws {
                let settings = try CLIService.settings()
                var removed = 0
                for folder in ["http", "holds"] {
                    let url = URL(fileURLWithPath: settings.cacheFolder).appendingPathComponent(folder)
                    guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else { continue }
                    for name in names {
                        do { try FileManager.default.removeItem(at: url.appendingPathComponent(name)) } catch {
                            throw CLIError(
                                "cannot remove \(url.appendingPathComponent(name).path): \(error.localizedDescription)", status: .cannotCreate)
                        }
                        removed += 1
                    }
                }
                try StandardOutput.write("removed \(removed) cached answer\(removed == 1 ? "" : "s") from \(settings.cacheFolder)\n")
            }
        }
    }
}
