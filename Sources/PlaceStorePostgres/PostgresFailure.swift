import Foundation
import NIOCore
import NIOPosix
import PlaceCore
import PostgresNIO

/// PostgreSQL's failures in the store's words: whether a retry may help (`.unreachable`), and what
/// the server said, never the query's values (they may be a token's hash or a person's note).
enum PostgresFailure {
    struct TimedOut: Error, CustomStringConvertible {
        let after: Duration
        var description: String { "no answer within \(after.components.seconds) s" }
    }

    static func timedOut(_ after: Duration) -> TimedOut { TimedOut(after: after) }

    static func storeError(_ error: any Error, location: String) -> StoreError {
        if let error = error as? StoreError { return error }
        if error is TimedOut || error is CancellationError || isConnectionFailure(error) { return unreachable(error, location: location) }
        return StoreError(.unavailable, path: location, detail: words(error))
    }

    /// A connection that could not be made or was lost, with what to do when TLS is why.
    static func unreachable(_ error: any Error, location: String) -> StoreError {
        if let tls = PostgresTLS.failure(error) { return StoreError(.unreachable, path: location, detail: tls.words, advice: tls.advice) }
        return StoreError(.unreachable, path: location, detail: words(error))
    }

    /// Whether the failure is the connection's (the server is down, restarting, refusing, or the
    /// network lost it) rather than the statement's.
    static func isConnectionFailure(_ error: any Error) -> Bool {
        guard let error = error as? PSQLError else { return !(error is PostgresDecodingError) }
        switch error.code {
        case .server:
            // Class 08: connection exceptions; 57P0x: the server is shutting down or starting;
            // 53300: too many connections; class 28 and 3D000: it refuses this user or has no
            // such database (a role disabled, a database being restored): not a statement's fault.
            let state = error.serverInfo?[.sqlState] ?? ""
            return ["08", "57P", "28"].contains(where: state.hasPrefix) || ["53300", "3D000"].contains(state)
        case .connectionError, .serverClosedConnection, .clientClosedConnection, .poolClosed, .uncleanShutdown:
            return true
        default:
            return false
        }
    }

    /// Why a connection failed, short: "connection refused by 127.0.0.1:5432".
    static func reason(_ error: any Error) -> String {
        guard let failure = error as? NIOConnectionError else { return "\(error)" }
        guard let first = failure.connectionErrors.first else { return "no address found for \(failure.host)" }
        if let io = first.error as? IOError { return String(cString: strerror(io.errnoCode)).lowercased() + " by \(first.target)" }
        return "\(first.error) at \(first.target)"
    }

    /// What happened, in one phrase.
    static func words(_ error: any Error) -> String {
        guard let error = error as? PSQLError else { return "\(error)" }
        if let message = error.serverInfo?[.message] {
            let state = error.serverInfo?[.sqlState].map { " [\($0)]" } ?? ""
            return "the server said: \(message)\(state)"
        }
        switch error.code {
        case .connectionError: return "cannot connect: " + (error.underlying.map(reason) ?? "no reason given")
        case .serverClosedConnection: return "the server closed the connection"
        case .clientClosedConnection, .poolClosed: return "the connection pool is closed"
        case .authMechanismRequiresPassword: return "the server asks for a password; put it in the URL"
        case .unsupportedAuthMechanism: return "the server asks for a way of signing in that places does not speak"
        default: return "\(error.code)" + (error.underlying.map { ": \($0)" } ?? "")
        }
    }
}
