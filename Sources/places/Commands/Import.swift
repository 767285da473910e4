import ArgumentParser

extension Places {
    /// `places import FILE…`, `places import list`, `places import remove FILE`.
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Import OpenStreetMap data and name lists into the local store, for offline search and completion.",
            discussion: """
                'places import FILE…' imports; its options (name-list columns, --format) are in \
                'places import files --help'.

                Examples:
                  places import amsterdam.osm.pbf
                  places import --names streets.csv --name-column 3 --kind street
                  places import list
                  places import remove amsterdam.osm.pbf
                  places import list --database postgres://places@db.internal/places
                """,
            subcommands: [Files.self, List.self, Remove.self],
            defaultSubcommand: Files.self)
    }
}
