import ArgumentParser
import Foundation
import PlaceSearch
import PlaceStore

/// `--store` for the commands that only touch the store (favourites list and remove, config),
/// which start without building providers: a listing must start as fast as `--help`.
struct StoreOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The store file (default $XDG_DATA_HOME/places/places.sqlite; also PLACES_STORE).", valueName: "path"))
    var store: String?
}

/// Where the store is and how to open it, with its errors turned into one line and an exit code.
struct StoreAccess {
    let location: StoreLocation

    init(option: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        guard let location = StoreLocation.resolve(option: option, environment: environment) else {
            throw CLIError("no place for the store: HOME is not set; give --store PATH or set PLACES_STORE", status: .config)
        }
        self.location = location
    }

    /// The store, or nil when there is none yet (nothing is created to find that out).
    func reading() throws -> SQLitePlaceStore? {
        do { return try SQLitePlaceStore.openForReading(at: location.path) } catch { throw Self.cliError(error) }
    }

    /// The store, created (with its folder) when there is none yet.
    func writing() throws -> SQLitePlaceStore {
        do { return try SQLitePlaceStore.openForWriting(at: location.path) } catch { throw Self.cliError(error) }
    }

    /// Runs a store operation, turning its error into the CLI's.
    static func run<T>(_ body: () throws(StoreError) -> T) throws -> T {
        do { return try body() } catch { throw cliError(error) }
    }

    static func cliError(_ error: StoreError) -> CLIError {
        let status: ExitStatus =
            switch error.kind {
            case .isDirectory, .newerSchema: .config
            case .notADatabase, .corruptRecord: .data
            case .unavailable: .cannotCreate
            case .busy: .temporaryFailure
            }
        return CLIError(error.description, status: status)
    }
}
