import ArgumentParser

/// `--store` for the commands that only touch the store (favourites list and remove, config),
/// which start without building providers: a listing must start as fast as `--help`.
struct StoreOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The store file (default $XDG_DATA_HOME/places/places.sqlite; also PLACES_STORE).", valueName: "path"))
    var store: String?
}
