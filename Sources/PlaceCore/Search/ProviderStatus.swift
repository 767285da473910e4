/// Whether a provider can answer now, where its answers come from, and why: a value that each
/// edge (the CLI's `places providers`, the server's `/health`) words in its own way.
public struct ProviderStatus: Sendable, Equatable {
    /// Where answers come from.
    public enum Source: String, Sendable, Equatable, CaseIterable {
        /// The provider's live service.
        case live
        /// Recordings (cassettes), bundled or the user's own.
        case recorded
        /// The live service, writing what it answers into recordings.
        case recording
        /// Data imported into the local store.
        case imported
        /// Something on this machine: a feed file, a walking graph, a fixed list.
        case local
        /// It cannot answer; ``reason`` says what is missing.
        case notReady = "not ready"
    }

    /// Why the source is what it is.
    public enum Reason: Sendable, Equatable {
        /// It needs no key, so it asks its service.
        case keyless
        /// A key was given, so it asks its service.
        case keyGiven(Credential)
        /// Its service needs a key and none was given: recordings answer.
        case noKey(variable: String)
        /// A key was given but recordings were asked for.
        case keyUnused(Credential)
        /// The live service no longer exists: the data it ships with answers.
        case serviceRetired(String)
        /// The network cannot be reached: recordings (or imported data) answer instead.
        case unreachable(String)
        /// `count` places imported from these sources.
        case importedData(count: Int, sources: [String])
        /// A file or other local thing, described.
        case localSource(String)
        /// Its service needs a key for what was asked, and none was given.
        case missingKey(variable: String, configSection: String)
        /// A setting is wrong: what and why.
        case misconfigured(String)
        /// Nothing is imported into the store at this path.
        case nothingImported(store: String)
        /// Only name lists are imported there: names to complete, no places to search by kind.
        case onlyNameListsImported(store: String)
        /// It has not been told what to read (a feed without a file or URL): what to set.
        case unconfigured(String)
        /// It answers from recordings only, and none of `service` are there: in `location`, or
        /// no folder of them at all (nil). `keyVariable`: the key that would let it go live instead.
        case noRecordings(service: String, location: String?, keyVariable: String?)
    }

    /// Where answers come from; `.notReady` when the provider cannot answer.
    public var source: Source
    /// Why the source is what it is.
    public var reason: Reason
    /// The service it talks to ("places-api.foursquare.com"), when it does.
    public var service: String?
    /// Where recordings are read or written, for messages ("cassettes/foursquare (2 files)").
    public var recordings: String?
    /// Whose data it is ("OpenStreetMap data, ODbL"), in words for a listing.
    public var attribution: String?
    /// Whose data its answers are, where a licence asks to say so (OpenStreetMap's ODbL); each
    /// source once, with its own licence: what an answer credits.
    public var credits: [DataCredit]

    /// Makes a status from its source and reason, and whatever is known of its service, recordings, attribution and credits.
    public init(
        source: Source, reason: Reason, service: String? = nil, recordings: String? = nil, attribution: String? = nil,
        credits: [DataCredit] = []
    ) {
        self.source = source
        self.reason = reason
        self.service = service
        self.recordings = recordings
        self.attribution = attribution
        self.credits = credits
    }

    /// Whether the provider can answer: any source but `.notReady`.
    public var isReady: Bool { source != .notReady }

    /// Not ready, for `reason`.
    public static func notReady(_ reason: Reason) -> ProviderStatus { ProviderStatus(source: .notReady, reason: reason) }

    /// Ready from something on this machine.
    public static func local(_ what: String) -> ProviderStatus { ProviderStatus(source: .local, reason: .localSource(what)) }
}
