import Foundation
import NIOSSL
import PlaceCore
import PostgresNIO

/// The URL's `sslmode` and `sslrootcert` as postgres-nio's TLS settings, with libpq's meanings:
/// `prefer` and `require` encrypt without checking the certificate, `verify-full` checks that an
/// authority the client trusts signed it for the host.
enum PostgresTLS {
    /// The TLS settings of `database`; nil for plain text.
    static func configuration(_ database: PostgresLocation) -> TLSConfiguration? {
        var configuration = TLSConfiguration.makeClientConfiguration()
        switch database.tls {
        case .disable:
            return nil
        case .prefer, .require:
            configuration.certificateVerification = .none
        case .verifyFull:
            configuration.certificateVerification = .fullVerification
            if let file = database.rootCertificate { configuration.trustRoots = .file(file) }
        }
        return configuration
    }

    /// For the pool.
    static func client(_ database: PostgresLocation) -> PostgresClient.Configuration.TLS {
        guard let configuration = configuration(database) else { return .disable }
        return database.tls == .prefer ? .prefer(configuration) : .require(configuration)
    }

    /// For a single connection (migrating, checking that the database is back): its context made once.
    /// - Throws: `.unreachable` when the settings cannot be used (a root certificate file that is not PEM).
    static func connection(_ database: PostgresLocation) throws(StoreError) -> PostgresConnection.Configuration.TLS {
        guard let configuration = configuration(database) else { return .disable }
        // NIOSSL calls a missing file `noSuchFilesystemObject`; the person gave a path, so name it.
        if database.tls == .verifyFull, let file = database.rootCertificate, !FileManager.default.fileExists(atPath: file) {
            throw StoreError(
                .unreachable, path: database.redacted, detail: "its sslrootcert \(file) does not exist",
                advice: "give sslrootcert= the path of a PEM file of certificate authorities")
        }
        let context: NIOSSLContext
        do { context = try NIOSSLContext(configuration: configuration) } catch {
            throw StoreError(
                .unreachable, path: database.redacted, detail: "its TLS cannot be set up: \(error)",
                advice: "check that sslrootcert= names a PEM file of certificate authorities")
        }
        return database.tls == .prefer ? .prefer(context) : .require(context)
    }

    /// What went wrong with TLS, and what to do, when that is what `error` is.
    static func failure(_ error: any Error) -> (words: String, advice: String)? {
        if let error = error as? PSQLError {
            if error.code == .sslUnsupported {
                return ("the server does not offer TLS", "turn ssl on in its postgresql.conf, or give sslmode=prefer or sslmode=disable in the URL")
            }
            return error.underlying.flatMap(failure)
        }
        let ssl: String
        if let error = error as? NIOSSLError {
            ssl = "\(error)"
        } else if let error = error as? NIOSSLExtraError {
            ssl = "\(error)"
        } else if let error = error as? BoringSSLError {
            ssl = "\(error)"
        } else {
            return nil
        }
        return (
            "its TLS certificate is not trusted (\(ssl))",
            "give the authority that signed it with sslrootcert=FILE in the URL, or sslmode=require to encrypt without checking"
        )
    }
}
