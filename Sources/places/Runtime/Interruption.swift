import Dispatch
import Foundation

/// Ctrl-C and SIGTERM during a long command: caught on a queue of their own, so that the command
/// can clean up and say what was kept before it exits, instead of dying with its temporary files.
final class Interruption {
    private let sources: [any DispatchSourceSignal]

    private init(sources: [any DispatchSourceSignal]) { self.sources = sources }

    /// Handles SIGINT and SIGTERM with `handler` until ``cancel()``; the process exits with the
    /// status it returns.
    static func onSignals(_ handler: @escaping @Sendable (Int32) -> Int32) -> Interruption {
        let queue = DispatchQueue(label: "places.interruption")
        let sources = [SIGINT, SIGTERM].map { number -> any DispatchSourceSignal in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { exit(handler(number)) }
            source.resume()
            return source
        }
        return Interruption(sources: sources)
    }

    /// Back to the default: a signal ends the process.
    func cancel() {
        for source in sources { source.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}
