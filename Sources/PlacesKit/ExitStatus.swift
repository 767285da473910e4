/// The exit codes scripts can rely on (after BSD sysexits), documented in docs/exit-codes.md: the CLI
/// and the server's command line end with these, so a failure ends the same way in both.
package enum ExitStatus: Int32, Sendable {
    case success = 0
    /// Bad command line: an unknown option, a value out of range, a malformed coordinate.
    case usage = 64
    /// Bad data: a provider's answer or a cassette file that cannot be read.
    case data = 65
    /// The thing asked for does not exist (`places show` with an unknown id).
    case noInput = 66
    /// No provider could answer: no network, HTTP errors, timeouts, no recording.
    case unavailable = 69
    /// A bug in places.
    case software = 70
    /// The store cannot be created or written (permissions, a full disk).
    case cannotCreate = 73
    /// The output could not be written (a full disk, a closed stdout).
    case ioError = 74
    /// Try again: the store was busy (another places held it for longer than 10 s).
    case temporaryFailure = 75
    /// Configuration: a missing API key, a broken config file.
    case config = 78

    /// The one place a kind of failure becomes an exit code.
    package init(_ kind: PlacesError.Kind) {
        self =
            switch kind {
            case .usage: .usage
            case .badData: .data
            case .notFound: .noInput
            case .unavailable: .unavailable
            case .configuration: .config
            case .cannotWrite: .cannotCreate
            case .output: .ioError
            case .busy: .temporaryFailure
            case .bug: .software
            }
    }
}
