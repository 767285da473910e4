package import ArgumentParser

/// The one file of `places import remove`, declared once for both executables (the CLI hands it
/// to places-server's `import remove` with `--database`).
package struct ImportedFileArgument: ParsableArguments {
    @Argument(help: ArgumentHelp("The file as 'places import list' shows it (its name or its path).", valueName: "file"))
    package var file: String

    package init() {}
}
