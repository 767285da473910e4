import ArgumentParser

/// Options every command that talks to providers shares.
struct GlobalOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "How to reach provider APIs: auto, live, replay, record or missing.",
            discussion: "auto (the default) goes live when an API key is configured and replays the bundled cassettes otherwise. Also PLACES_HTTP_MODE.",
            valueName: "mode"))
    var httpMode: String?

    @Option(
        help: ArgumentHelp(
            "Folder of recorded HTTP interactions (several separated by ':').",
            discussion: "Default: the cassettes/ folder of the places checkout. Also PLACES_CASSETTE_DIR.", valueName: "dir"))
    var cassetteDir: String?

    @Option(help: ArgumentHelp("How long each provider may take, e.g. 10 or 2.5s (default 10 s).", valueName: "time"))
    var deadline: String?

    @Option(help: ArgumentHelp("Config file (default $XDG_CONFIG_HOME/places/config.toml; also PLACES_CONFIG).", valueName: "file"))
    var config: String?

    @Option(help: ArgumentHelp("The store file (default $XDG_DATA_HOME/places/places.sqlite; also PLACES_STORE).", valueName: "path"))
    var store: String?

    @Option(help: ArgumentHelp("Colour: auto, always or never. NO_COLOR is always honoured.", valueName: "when"))
    var color: String = "auto"

    @Flag(name: .shortAndLong, help: "Log each HTTP request (secrets redacted) to stderr.")
    var verbose = false

    func validate() throws {
        if let httpMode, !HTTPModeChoice.allNames.contains(httpMode) {
            throw ValidationError("--http-mode '\(httpMode)' is not a mode; use one of \(HTTPModeChoice.allNames.joined(separator: ", "))")
        }
        if let deadline, !Runtime.acceptableDeadline(ValueParsing.seconds(deadline, defaultUnit: 1)) {
            throw ValidationError("--deadline '\(deadline)' must be a time from 10 ms to 1 hour, such as 10 or 2.5s")
        }
        if Terminal.ColorChoice(rawValue: color) == nil {
            throw ValidationError("--color '\(color)' must be auto, always or never")
        }
    }
}

enum HTTPModeChoice {
    static let allNames = ["auto", "live", "replay", "record", "missing"]
}
