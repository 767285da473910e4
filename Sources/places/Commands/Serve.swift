import ArgumentParser
import Foundation
import PlacesKit

#if canImport(Glibc)
    import Glibc
#endif

extension Places {
    /// `places serve …` is `places-server …`, run in this process's place: the server's
    /// dependencies (an HTTP stack, metrics, crypto) stay out of `places`, whose every other command
    /// starts as fast as `--help` does.
    struct Serve: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Serve places over HTTP: the flows as a JSON API for apps, accounts with tokens (runs places-server).",
            discussion: """
                Everything after 'serve' goes to places-server, installed beside places: 'places serve --help' shows \
                its options, 'places serve users --help' the accounts.

                Examples:
                  places serve --listen 127.0.0.1:8080
                  places serve users add ana
                """)

        @Argument(parsing: .captureForPassthrough, help: ArgumentHelp("places-server's options and subcommands.", valueName: "arguments"))
        var arguments: [String] = []

        func run() throws {
            try Self.execServer(arguments)
        }

        /// Runs `places-server ARGUMENTS` in this process's place; returns only by throwing.
        static func execServer(_ arguments: [String]) throws {
            let path = serverPath()
            guard FileManager.default.isExecutableFile(atPath: path) else {
                throw CLIError(
                    "places-server is not installed beside places (\(path)); build it with 'swift build --product places-server' or install both with Scripts/install.sh",
                    status: .unavailable)
            }
            // exec, not spawn: signals (SIGTERM) reach the server itself, and its exit status is ours.
            let argv = (["places-server"] + arguments).map { strdup($0) } + [nil]
            execv(path, argv)
            let reason = String(cString: strerror(errno))
            throw CLIError("cannot run \(path): \(reason)", status: .unavailable)
        }

        /// `places-server` in the folder of the running `places` (symbolic links followed).
        static func serverPath() -> String {
            let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
            return URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("places-server").path
        }
    }
}
