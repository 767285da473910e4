import Foundation
public import PlaceCore

/// How an edge words what the library leaves as values: a remedy ("allow more time" or "allow more
/// time with --deadline") and an input's name (`near` or `--near`). The CLI passes its own; a
/// server and an app get ``neutral``.
public struct Wording: Sendable {
    private let remedyText: @Sendable (Remedy) -> String
    private let parameterText: @Sendable (String) -> String

    /// Wording that says remedies with `remedy` and inputs with `parameter`.
    public init(remedy: @escaping @Sendable (Remedy) -> String, parameter: @escaping @Sendable (String) -> String) {
        self.remedyText = remedy
        self.parameterText = parameter
    }

    /// The library's own words: no flags, no variables.
    public static let neutral = Wording(remedy: { $0.description }, parameter: { $0 })

    /// What to do, in this edge's words.
    public func callAsFunction(_ remedy: Remedy) -> String { remedyText(remedy) }

    /// An input's name in this edge's words (`--near`, `near`).
    public func parameter(_ name: String) -> String { parameterText(name) }

    /// An error as one line: `--near '52.37,' is not a coordinate …; what to do`.
    public func line(_ error: PlacesError) -> String {
        (error.parameter.map { parameterText($0) + " " } ?? "") + error.message + (error.remedy.map { "; " + remedyText($0) } ?? "")
    }

    /// A provider's failure as one line: `foursquare: … ; what to do`.
    public func line(_ failure: ProviderError) -> String {
        "\(failure.provider): \(failure.message)" + (failure.remedy.map { "; " + remedyText($0) } ?? "")
    }

    /// A provider's status as a sentence: where its answers come from, or what it needs.
    public func detail(_ status: ProviderStatus) -> String {
        let recordings = status.recordings ?? "cassettes"
        let service = status.service ?? "its service"
        let about = status.attribution.map { " (\($0))" } ?? ""
        switch (status.source, status.reason) {
        case (.notReady, .missingKey(let variable, let section)):
            return remedyText(Remedy(.provideKey(provider: "", variable: variable, configSection: section)))
        case (.notReady, .nothingImported(let store)):
            return "nothing is imported into \(store); " + remedyText(Remedy(.importData))
        case (.notReady, .onlyNameListsImported(let store)):
            return "only name lists are imported into \(store), no places to search by kind; " + remedyText(Remedy(.importData))
        case (.notReady, .misconfigured(let why)), (.notReady, .unconfigured(let why)):
            return why
        case (.notReady, .noRecordings(let service, let location, let keyVariable)):
            return "no recordings of \(service) to answer from (\(location ?? "no cassettes folder")); " + remedyText(Remedy(.giveRecordings))
                + (keyVariable.map { "; or set \($0) to go live" } ?? "")
        case (.notReady, _):
            return "not ready"
        case (_, .unreachable(let why)):
            return "\(why); answers from \(recordings)"
        case (.recorded, .noKey(let variable)):
            return "no \(variable); answers from \(recordings); set \(variable) to go live"
        case (.recorded, .keyUnused(let key)):
            return "answers from \(recordings) (\(key) is not used in replay mode)"
        case (.recorded, .serviceRetired(let why)), (.live, .serviceRetired(let why)):
            return "\(service): \(why); answers from the recordings it ships with, \(recordings)"
        case (.recorded, _):
            return "keyless; answers from \(recordings)"
        case (.live, .keyGiven(let key)):
            return "\(service) with \(key)"
        case (.live, _):
            return "keyless; \(service)\(about)"
        case (.recording, .keyGiven(let key)):
            return "\(service) with \(key), recording into \(recordings)"
        case (.recording, _):
            return "keyless; \(service), recording into \(recordings)"
        case (.imported, .importedData(let count, let sources)):
            return "\(ImportRendering.grouped(count)) places imported from \(sources.joined(separator: ", "))\(about)"
        case (.imported, _):
            return "imported data\(about)"
        case (.local, .localSource(let what)):
            return "keyless; \(what)"
        case (.local, _):
            return "local"
        }
    }

    /// A country's English name from its ISO 3166-1 code ("FI" → "Finland"); the code when the
    /// system knows no name for it.
    public static func countryName(_ code: String) -> String {
        Locale(identifier: "en").localizedString(forRegionCode: code) ?? code
    }

    /// One word for the source: live, recorded, recording, imported, local, not ready.
    public func mode(_ status: ProviderStatus) -> String { status.source.rawValue }
}
