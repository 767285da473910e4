import Foundation
import PlacesKit
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// What the output goes to: a terminal (colour, fitted width) or a pipe (plain text).
enum Terminal {
    enum ColorChoice: String, CaseIterable {
        case auto, always, never
    }

    /// How results look on standard output: marked with colours and fitted to the width on a
    /// terminal, plain when piped; `color` and NO_COLOR say otherwise.
    static func style(_ color: ColorChoice, environment: [String: String] = ProcessInfo.processInfo.environment) -> TextStyle {
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
        let width = interactive ? columns(environment) : nil
        return useColor ? TextStyle(width: width) { mark, text in "\u{1B}[\(code(mark))m\(text)\u{1B}[0m" } : TextStyle(width: width)
    }

    /// SGR codes: bold, faint, green, yellow, red.
    private static func code(_ mark: TextStyle.Mark) -> String {
        switch mark {
        case .strong: "1"
        case .faint: "2"
        case .good: "32"
        case .caution: "33"
        case .bad: "31"
        }
    }

    private static func columns(_ environment: [String: String]) -> Int {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return environment["COLUMNS"].flatMap(Int.init) ?? 100
    }
}

/// Writes to standard error, one line at a time. A stderr that cannot be written is ignored:
/// there is nowhere left to say so.
enum StandardError {
    /// The configured keys: every line is scrubbed of them, whatever error produced it.
    private static let secrets = Mutex(Redactor())

    static func hide(_ values: [String]) {
        secrets.withLock { $0 = Redactor(knownSecrets: $0.knownSecrets + values) }
    }

    static func line(_ text: String) {
        let shown = oneLine(secrets.withLock { $0.scrub(text) })
        try? FileHandle.standardError.write(contentsOf: Data((shown + "\n").utf8))
    }

    /// Control characters from the input a message quotes (a newline in a GPX `<time>`, an escape
    /// in a feed's id) would break the one line a script reads, or drive the terminal: shown escaped.
    static func oneLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += " "
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += String(format: "\\x%02X", scalar.value)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}

/// Writes results to standard output.
enum StandardOutput {
    /// - Throws: ``CLIError`` (ioError) when stdout cannot take them; a reader that went away
    ///   (`places coffee | head -1`) ends the program quietly, as other tools do.
    static func write(_ text: String) throws {
        // write(2) itself: FileHandle reports a closed pipe as a generic Cocoa error (512), and
        // `places … | head` must end quietly rather than with a message.
        var text = text
        let failure: Int32? = text.withUTF8 { buffer -> Int32? in
            guard let start = buffer.baseAddress else { return nil }  // nothing to write
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(STDOUT_FILENO, start + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
        guard let failure else { return }
        if failure == EPIPE { exit(0) }
        throw CLIError("cannot write the results to standard output: \(String(cString: strerror(failure)))", status: .ioError)
    }
}
