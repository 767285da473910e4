import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What the output goes to: a terminal (colour, fitted width) or a pipe (plain text).
struct Terminal {
    let isInteractive: Bool
    let useColor: Bool
    /// Columns to fit a table into; nil when not a terminal.
    let width: Int?

    enum ColorChoice: String, CaseIterable {
        case auto, always, never
    }

    static func detect(environment: [String: String], color: ColorChoice) -> Terminal {
        let interactive = isatty(STDOUT_FILENO) == 1
        // https://no-color.org: any non-empty NO_COLOR turns colour off, whatever else is asked.
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        let dumb = environment["TERM"] == "dumb"
        let useColor: Bool
        switch color {
        case .always: useColor = !noColor
        case .never: useColor = false
        case .auto: useColor = interactive && !noColor && !dumb
        }
        return Terminal(isInteractive: interactive, useColor: useColor, width: interactive ? columns(environment) : nil)
    }

    private static func columns(_ environment: [String: String]) -> Int {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return environment["COLUMNS"].flatMap(Int.init) ?? 100
    }

    func style(_ text: String, _ codes: String) -> String {
        useColor ? "\u{1B}[\(codes)m\(text)\u{1B}[0m" : text
    }

    func bold(_ text: String) -> String { style(text, "1") }
    func dim(_ text: String) -> String { style(text, "2") }
    func green(_ text: String) -> String { style(text, "32") }
    func yellow(_ text: String) -> String { style(text, "33") }
    func red(_ text: String) -> String { style(text, "31") }
}

/// Writes to standard error, one line at a time.
enum StandardError {
    static func line(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
