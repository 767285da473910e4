import GRDB
import PlaceCore

extension StoreError {
    /// Turns what SQLite or GRDB threw into the store's own error, so that callers never see a
    /// result code. A `StoreError` thrown from inside a transaction passes through unchanged.
    init(_ error: any Error, path: String) {
        if let error = error as? StoreError {
            self = error
            return
        }
        guard let error = error as? DatabaseError else {
            self.init(.unavailable, path: path, detail: String(describing: error))
            return
        }
        let message = error.message ?? "SQLite error \(error.extendedResultCode.rawValue)"
        switch error.resultCode {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT:
            self.init(.notADatabase, path: path, detail: message)
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            self.init(.busy, path: path, detail: message)
        case .SQLITE_CANTOPEN, .SQLITE_READONLY, .SQLITE_IOERR, .SQLITE_FULL, .SQLITE_PERM, .SQLITE_AUTH:
            self.init(.unavailable, path: path, detail: message)
        default:
            // Anything else is a statement this build got wrong or a schema someone edited by
            // hand; the message is all there is to say.
            self.init(
                .unavailable, path: path, detail: "\(message) (SQLite error \(error.extendedResultCode.rawValue))")
        }
    }
}
