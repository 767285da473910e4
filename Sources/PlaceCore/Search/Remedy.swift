/// What to do about a failure, as a value: the library says what is needed, and each edge says it
/// in its own words (the CLI names flags and variables; a server a problem document; an app its
/// own settings screen).
public struct Remedy: Sendable, Equatable, CustomStringConvertible {
    /// What is needed, with what an edge needs to say it in its own words.
    public enum Action: Sendable, Equatable {
        /// The provider's service needs a key (`variable` is where `places` conventionally reads it).
        case provideKey(provider: ProviderID, variable: String, configSection: String)
        /// The key was refused; `also` adds what else to check ("that the Directions API is enabled").
        case checkKey(provider: ProviderID, variable: String, credential: Credential?, also: String?)
        /// The answer did not come in time.
        case allowMoreTime
        /// Nothing recorded answers this request: ask the live service, or record it.
        case askLiveService
        /// Nothing recorded answers, but the imported data covers the spot.
        case useImportedData
        /// Nothing recorded answers and nothing imported covers the spot; the recordings cover `areas`.
        case importOrGoLive(areas: [String])
        /// No folder of recordings was found at all.
        case chooseRecordings
        /// The folder of recordings has none of a service's: give one that has.
        case giveRecordings
        /// Answers came from recordings because recordings were asked for: ask the live services.
        case goLive
        /// A recording is broken.
        case recordAgain
        /// The area asked about is too large for the service.
        case askSmallerArea
        /// The service is busy or failing; `why` says which when known.
        case tryLater(why: String?)
        /// The answer did not have the documented shape.
        case reportAPIChange
        /// Another store path is needed.
        case chooseStore
        /// The store is someone else's, or on a read-only disk: changes need a store of one's own.
        case useOwnStore
        /// The store path names a folder: give a file, such as `example`.
        case chooseStoreFile(example: String)
        /// The store was written by a newer places.
        case updatePlaces
        /// Nothing is imported: import data first.
        case importData
        /// What was built from the imported data (the name index) is lost: import it again.
        case importAgain
        /// No provider is ready for what was asked: see which are, and what each needs.
        case reviewProviders
        /// An OpenStreetMap file was given as a name list: import `file` as the extract it is.
        case importAsExtract(file: String)
        /// A name list (CSV, TSV) was given as an OpenStreetMap file: import `file` as a name list.
        case importAsNameList(file: String)
        /// A change file (osmChange) was given as an extract: apply `file` to the import it belongs to.
        case applyChanges(file: String)
        /// No recommendation feed is given or configured.
        case chooseFeed
        /// Save a setting (`center`), or pass it with the request.
        case setSetting(key: String, example: String)
        /// Plain advice that needs no translation ("check that both points are on land").
        case advice(String)
    }

    /// What is needed.
    public let action: Action

    /// Makes a remedy from its action.
    public init(_ action: Action) { self.action = action }

    /// Plain advice that needs no translation, worded by `text`.
    public static func advice(_ text: String) -> Remedy { Remedy(.advice(text)) }
    /// The answer did not come in time: allow more time.
    public static let allowMoreTime = Remedy(.allowMoreTime)
    /// Nothing recorded answers the request: ask the live service, or record it.
    public static let askLiveService = Remedy(.askLiveService)
    /// A recording is broken: fix it or record it again.
    public static let recordAgain = Remedy(.recordAgain)
    /// The area asked about is too large for the service: ask about a smaller one.
    public static let askSmallerArea = Remedy(.askSmallerArea)
    /// The answer did not have the documented shape: the API may have changed.
    public static let reportAPIChange = Remedy(.reportAPIChange)
    /// The service is busy or failing (`why` says which, when known): try again later.
    public static func tryLater(_ why: String? = nil) -> Remedy { Remedy(.tryLater(why: why)) }

    /// Neutral words, for logs and apps that do not word it themselves.
    public var description: String {
        switch action {
        case .provideKey(let provider, _, _): "configure an API key for \(provider)"
        case .checkKey(let provider, _, _, let also): "check the API key for \(provider)" + (also.map { " and \($0)" } ?? "")
        case .allowMoreTime: "allow more time"
        case .askLiveService: "ask the live service, or record the request"
        case .useImportedData: "the imported data covers this spot: ask it instead"
        case .importOrGoLive(let areas):
            (areas.isEmpty ? "" : "the recordings cover \(areas.joined(separator: ", ")) only; ")
                + "import data for this area or ask the live services"
        case .chooseRecordings: "no folder of recordings was found"
        case .giveRecordings: "give a folder of recordings"
        case .goLive: "ask the live services for live data"
        case .recordAgain: "fix the recording or record it again"
        case .askSmallerArea: "ask about a smaller area, or try again later"
        case .tryLater(let why): (why.map { "\($0); " } ?? "") + "try again later"
        case .reportAPIChange: "the API may have changed; please report it"
        case .chooseStore: "use another store"
        case .useOwnStore: "use a store you may write to change things"
        case .chooseStoreFile(let example): "give the path of a file, e.g. \(example)"
        case .updatePlaces: "update places, or use another store"
        case .importData: "import OpenStreetMap data or a name list first"
        case .importAgain: "import the data again"
        case .reviewProviders: "see which providers are ready and what each needs"
        case .importAsExtract: "import it as an OpenStreetMap file, not as a name list"
        case .importAsNameList: "import it as a name list, not as an OpenStreetMap file"
        case .applyChanges: "apply it to the import it belongs to, on its own"
        case .chooseFeed: "give a feed file or URL, or set url in the [feed] section of the config"
        case .setSetting(let key, let example): "set \(key), e.g. \(example)"
        case .advice(let text): text
        }
    }
}
