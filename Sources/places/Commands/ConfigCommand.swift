import ArgumentParser
import Foundation
import PlacesKit

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

        static func checkKey(_ key: String) throws { try PlacesError.validating { try PlacesService.checkSettingKey(key) } }
    }
}

extension Places.ConfigCommand {
    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Save a setting.",
            discussion: """
                center takes LAT,LON, or a name or address among the imported names, saved as where it is:
                  places config set center 52.370216,4.895168
                  places config set center "Rokin 18"
                """)

        @Argument(help: ArgumentHelp("The setting, e.g. center.", valueName: "key")) var key: String
        @Argument(
            help: ArgumentHelp("Its value, e.g. 52.370216,4.895168 or \"Rokin 18\".", valueName: "value"),
            completion: ShellCompletion.places) var value: String
        @OptionGroup var storeOptions: StoreOptions

        func validate() throws {
            try Places.ConfigCommand.checkKey(key)
            try PlacesError.validating { _ = try PlacesService.settingKeys[key]?(value) }
        }

        func run() async throws {
            let normalised = try await CLIService.service(store: storeOptions.store).setSetting(key, to: value)
            try StandardOutput.write("\(key) = \(normalised)\n")
        }
    }

    struct Get: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print a setting (exit 66 when it is not set).")

        @Argument(help: ArgumentHelp("The setting, e.g. center.", valueName: "key")) var key: String
        @OptionGroup var storeOptions: StoreOptions

        func validate() throws { try Places.ConfigCommand.checkKey(key) }

        func run() throws {
            guard let setting = try CLIService.service(store: storeOptions.store).setting(key) else {
                let hint = key == "center" ? " (searches start at Amsterdam's centre, \(PlacesService.amsterdamText))" : ""
                throw CLIError("\(key) is not set\(hint); set it with 'places config set \(key) VALUE'", status: .noInput)
            }
            try StandardOutput.write(setting.value + "\n")
            StandardError.line("places: (from \(Places.ConfigCommand.sourceText(setting.source)))")
        }
    }

    struct Unset: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Forget a setting (back to the default).")

        @Argument(help: ArgumentHelp("The setting, e.g. center.", valueName: "key")) var key: String
        @OptionGroup var storeOptions: StoreOptions

        func validate() throws { try Places.ConfigCommand.checkKey(key) }

        func run() throws { try CLIService.service(store: storeOptions.store).unsetSetting(key) }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print every setting as KEY = VALUE, from the store and the config file, each with where it is set.")

        @OptionGroup var storeOptions: StoreOptions

        func run() throws {
            let values = try CLIService.service(store: storeOptions.store).settingValues()
            try StandardOutput.write(
                values.map { value in
                    let note = Places.ConfigCommand.sourceText(value.source) + (value.isEffective ? "" : "; the store's value wins")
                    return "\(value.key) = \(value.value)  # \(note)\n"
                }.joined())
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

extension Places.ConfigCommand {
    static func sourceText(_ source: SettingValue.Source) -> String {
        switch source {
        case .store(let path): "the store \(path)"
        case .configFile(let path): "the config file \(path)"
        }
    }
}
