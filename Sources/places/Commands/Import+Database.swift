import Foundation
import PlacesKit

/// `places import --database`: the files go to places-server, which writes them into PostgreSQL
/// (`places` itself links no database client).
extension Places.Import.Files {
    /// This command's options as `places-server import` takes them.
    var serverArguments: [String] {
        var arguments = nameLists.flatMap { ["--names", $0] } + detailColumn.flatMap { ["--detail-column", $0] }
        for (option, value) in [
            ("--name-column", nameColumn), ("--lat-column", latColumn), ("--lon-column", lonColumn), ("--importance-column", importanceColumn),
            ("--delimiter", delimiter), ("--store", storeOptions.store),
        ] {
            if let value { arguments += [option, value] }
        }
        if let header { arguments.append(header ? "--header" : "--no-header") }
        // The files last, after "--": a file named like an option stays a file.
        return arguments + ["--kind", kind, "--format", format.rawValue, "--"] + files
    }
}
