import ArgumentParser
import PlacesKit

/// Options every command that talks to providers shares.
struct GlobalOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "How to reach provider APIs: \(HTTPModeChoice.allCases.map(\.rawValue).joined(separator: ", ")).",
            discussion: "auto (the default) lets each provider decide: keyless services live, keyed ones live with their key, "
                + "ParkShark from its recordings; recordings when the network cannot be reached. Also PLACES_HTTP_MODE.",
            valueName: "mode"),
        transform: Parse.choice(HTTPModeChoice.self, noun: "mode"))
    var httpMode: HTTPModeChoice?

    @Option(
        help: ArgumentHelp(
            "Folder of recorded HTTP interactions (several separated by ':').",
            discussion: "Default: ./cassettes, else the recordings installed with places. Also PLACES_CASSETTE_DIR.", valueName: "dir"))
    var cassetteDir: String?

    @Option(
        help: ArgumentHelp("How long each provider may take, e.g. 10s or 2.5s (default 10 s).", valueName: "time"),
        transform: { try Parse.deadline($0) })
    var deadline: StatedDuration?

    @Option(help: ArgumentHelp("Config file (default $XDG_CONFIG_HOME/places/config.toml; also PLACES_CONFIG).", valueName: "file"))
    var config: String?

    @Option(help: ArgumentHelp("The store file (default $XDG_DATA_HOME/places/places.sqlite; also PLACES_STORE).", valueName: "path"))
    var store: String?

    @Option(help: ArgumentHelp("Colour: auto, always or never. NO_COLOR is always honoured.", valueName: "when"))
    var color: Terminal.ColorChoice = .auto

    @Flag(name: .shortAndLong, help: "Log each HTTP request (secrets redacted) to stderr.")
    var verbose = false

    @Flag(help: "Ask the services even where the HTTP cache holds a fresh answer.")
    var noCache = false
}
