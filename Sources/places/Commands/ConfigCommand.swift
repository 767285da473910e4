import ArgumentParser
import Foundation
import PlaceSearch
import PlaceStore

extension Places {
    struct ConfigCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "config",
            abstract: "Your settings, kept in the local store: the default centre.",
            discussion: """
                Settings live in the store (see 'places config path'), next to your favourites; API keys stay in the \
                environment or the config file, never in the store.

                Keys:
                  center   where searches start without --near, as LAT,LON (first use: Amsterdam, 52.370216,4.895168)

                Examples:
                  places config set center 52.370216,4.895168
                  places config get center
                  places config unset center
                  places config list
                  places config path
                """,
            subcommands: [Set.self, Get.self, Unset.self, List.self, Path.self])

        /// Every key places knows, with how to check a value.
        static let keys: [String: @Sendable (String) throws -> String] = [
            "center": { text in
                do {
                    let coordinate = try Coordinate(parsing: text)
                    return "\(NumberText.trimmed(coordinate.latitude, 7)),\(NumberText.trimmed(coordinate.longitude, 7))"
                } catch let error as CoordinateError {
                    throw ValidationError("center \(error.description)")
                }
            }
        ]

        static func checkKey(_ key: String) throws {
            guard keys[key] != nil else {
                throw ValidationError("unknown setting '\(key)'; known settings: \(keys.keys.sorted().joined(separator: ", "))")
            }
        }
    }
}

extension Places.ConfigCommand {
    struct Set: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Save a setting.")

        @Argument(help: ArgumentHelp("The setting, e.g. center.", valueName: "key")) var key: String
        @Argument(help: ArgumentHelp("Its value, e.g. 52.370216,4.895168.", valueName: "value")) var value: String
        @OptionGroup var storeOptions: StoreOptions

        func validate() throws {
            try Places.ConfigCommand.checkKey(key)
            _ = try Places.ConfigCommand.keys[key]?(value)
        }

        func run() throws {
            let normalised = try Places.ConfigCommand.keys[key]?(value) ?? value
            let store = try StoreAccess(option: storeOptions.store).writing()
            try StoreAccess.run { () throws(StoreError) in try store.setSetting(key, to: normalised) }
            try StandardOutput.write("\(key) = \(normalised)\n")
        }
    }

    struct Get: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print a setting (exit 66 when it is not set).")

        @Argument(help: ArgumentHelp("The setting, e.g. center.", valueName: "key")) var key: String
        @OptionGroup var storeOptions: StoreOptions

        func validate() throws { try Places.ConfigCommand.checkKey(key) }

        func run() throws {
            let access = try StoreAccess(option: storeOptions.store)
            let value = try access.reading().flatMap { store in try StoreAccess.run { () throws(StoreError) in try store.setting(key) } }
            guard let value else {
                let hint = key == "center" ? " (searches start at Amsterdam's centre, \(DefaultCentre.amsterdam))" : ""
                throw CLIError("\(key) is not set\(hint); set it with 'places config set \(key) VALUE'", status: .noInput)
            }
            try StandardOutput.write(value + "\n")
        }
    }

    struct Unset: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Forget a setting (back to the default).")

        @Argument(help: ArgumentHelp("The setting, e.g. center.", valueName: "key")) var key: String
        @OptionGroup var storeOptions: StoreOptions

        func validate() throws { try Places.ConfigCommand.checkKey(key) }

        func run() throws {
            let access = try StoreAccess(option: storeOptions.store)
            guard try access.reading() != nil else { return }
            let store = try access.writing()
            try StoreAccess.run { () throws(StoreError) in try store.setSetting(key, to: nil) }
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print every saved setting as KEY = VALUE.")

        @OptionGroup var storeOptions: StoreOptions

        func run() throws {
            let access = try StoreAccess(option: storeOptions.store)
            let settings = try access.reading().map { store in try StoreAccess.run { () throws(StoreError) in try store.settings() } } ?? [:]
            try StandardOutput.write(settings.keys.sorted().map { "\($0) = \(settings[$0] ?? "")\n" }.joined())
        }
    }

    struct Path: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print where the store is, and why there.")

        @OptionGroup var storeOptions: StoreOptions

        func run() throws {
            let access = try StoreAccess(option: storeOptions.store)
            try StandardOutput.write("\(access.location.path)\n")
            StandardError.line("places: (from \(access.location.sourceDescription))")
        }
    }
}
