import PlacesKit

/// A failure the command reports itself: one line on stderr, then this exit status.
struct CLIError: Error, CustomStringConvertible {
    let message: String
    let status: ExitStatus

    init(_ message: String, status: ExitStatus) {
        self.message = message
        self.status = status
    }

    var description: String { message }
}
