package import ArgumentParser
package import PlacesKit

/// The name-list options and the report's format of `places import`, declared once for both
/// executables: `places import --database` hands the files to places-server's `import files`,
/// which parses them with this same group, so the two cannot come to disagree on a name, a
/// default or a check.
package struct ImportArguments: ParsableArguments {
    @Option(name: .customLong("names"), help: ArgumentHelp("A name list (CSV or TSV) to import (repeatable).", valueName: "file"))
    package var nameLists: [String] = []

    @Option(
        help: ArgumentHelp(
            "The column with the name: a number from 1 or a header name. Default: a header column called name.", valueName: "column"))
    package var nameColumn: String?

    @Option(help: ArgumentHelp("The column with the latitude (number or header name).", valueName: "column"))
    package var latColumn: String?

    @Option(help: ArgumentHelp("The column with the longitude (number or header name).", valueName: "column"))
    package var lonColumn: String?

    @Option(help: ArgumentHelp("A column with an importance (0–1) or a population.", valueName: "column"))
    package var importanceColumn: String?

    @Option(help: ArgumentHelp("Columns shown beside the name, e.g. admin1 (repeatable).", valueName: "column"))
    package var detailColumn: [String] = []

    @Option(help: ArgumentHelp("What a name list's names are: street, poi or place (default place).", valueName: "kind"))
    package var kind: String = "place"

    @Flag(inversion: .prefixedNo, help: "Whether the name list's first row is a header (default: recognised).")
    package var header: Bool?

    @Option(help: ArgumentHelp("Name-list delimiter: comma, tab or semicolon (default: tab for .tsv, else comma).", valueName: "delimiter"))
    package var delimiter: String?

    @Option(help: ArgumentHelp("\(ReportFormat.choices).", valueName: "format"))
    package var format: ReportFormat = .table

    package init() {}

    package func validate() throws {
        guard NameKind(kind) != nil else { throw ValidationError("--kind '\(kind)' must be \(NameKind.choices)") }
        if let delimiter, NameListOptions.delimiter(delimiter) == nil {
            throw ValidationError("--delimiter '\(delimiter)' must be comma, tab or semicolon")
        }
        let columns = [nameColumn, latColumn, lonColumn, importanceColumn].compactMap { $0 } + detailColumn
        if nameLists.isEmpty, !columns.isEmpty {
            throw ValidationError("column options describe a name list: give it with --names FILE")
        }
    }

    /// How the name lists are read.
    package var nameListOptions: NameListOptions {
        NameListOptions(
            name: nameColumn, latitude: latColumn, longitude: lonColumn, importance: importanceColumn, detail: detailColumn,
            hasHeader: header, kind: NameKind(kind) ?? .place, delimiter: delimiter.flatMap(NameListOptions.delimiter))
    }

    /// These options written out again, as places-server's `import files` takes them.
    package var arguments: [String] {
        var arguments = nameLists.flatMap { ["--names", $0] } + detailColumn.flatMap { ["--detail-column", $0] }
        for (option, value) in [
            ("--name-column", nameColumn), ("--lat-column", latColumn), ("--lon-column", lonColumn), ("--importance-column", importanceColumn),
            ("--delimiter", delimiter),
        ] {
            if let value { arguments += [option, value] }
        }
        if let header { arguments.append(header ? "--header" : "--no-header") }
        return arguments + ["--kind", kind, "--format", format.rawValue]
    }
}
