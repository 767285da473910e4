import PlaceCore

/// Why a cassette could not answer.
public enum CassetteError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No recorded interaction matches the request (replay mode).
    case noMatch(NoMatch)
    /// The file is not a readable cassette.
    case corrupt(file: String, location: String, problem: String)
    /// The file could not be read at all.
    case unreadable(file: String, reason: String)
    /// The matching recording is older than the configured maximum age.
    case expired(file: String, interaction: Int, recordedAt: String, maximumAge: String)

    /// What was asked, where we looked, and the nearest thing we found.
    public struct NoMatch: Equatable, Sendable {
        /// `GET https://…` with secrets redacted.
        public let request: String
        /// The cassette files that were searched.
        public let searched: [String]
        /// The recording most like the request; nil when there are none to compare.
        public let closest: Closest?
        /// Why the service itself was not asked, when the recordings stood in for it ("overpass-api.de
        /// does not resolve"): said with the missing recording, or a user never learns the network
        /// is gone.
        public var unreachable: String?

        /// A failed search for `request` in the `searched` files, with the `closest` recording and, when the recordings stood in for
        /// the service, why it was `unreachable`.
        public init(request: String, searched: [String], closest: Closest?, unreachable: String? = nil) {
            self.request = request
            self.searched = searched
            self.closest = closest
            self.unreachable = unreachable
        }
    }

    /// The recording nearest to a request that had none, and how the two differ.
    public struct Closest: Equatable, Sendable {
        /// The cassette file that holds it, as shown to people.
        public let file: String
        /// 1-based position in the file's interactions.
        public let interaction: Int
        /// Its method and URL, secrets redacted.
        public let request: String
        /// One phrase per differing part: "query ll: 52.3800,4.9000 here, 52.3700,4.8900 recorded".
        public let differences: [String]

        /// The recording at position `interaction` in `file`, of `request`, which differs in `differences`.
        public init(file: String, interaction: Int, request: String, differences: [String]) {
            self.file = file
            self.interaction = interaction
            self.request = request
            self.differences = differences
        }
    }

    /// One short line for a person: what had no recording, without the search's details (those
    /// are in ``description``, which `--verbose` logs).
    public var shortDescription: String {
        guard case .noMatch(let noMatch) = self else { return description }
        let request = noMatch.request.split(separator: "?", maxSplits: 1).first.map(String.init) ?? noMatch.request
        let searched =
            noMatch.searched.isEmpty
            ? "no recordings to search" : "\(noMatch.searched.count) recording\(noMatch.searched.count == 1 ? "" : "s") searched"
        let text = "no recording of this request to \(request) (\(searched))"
        return noMatch.unreachable.map { "the network cannot be reached (\($0)) and there is \(text)" } ?? text
    }

    /// The whole story: for a missing recording, the files searched and how the closest recording differs; otherwise the file
    /// and the problem, as `file:location: problem` for a damaged one.
    public var description: String {
        switch self {
        case .noMatch(let noMatch):
            let searched: String
            switch noMatch.searched.count {
            case 0: searched = "there are no cassettes to search"
            case 1: searched = "searched \(noMatch.searched[0])"
            default: searched = "searched \(noMatch.searched.count) cassettes (\(noMatch.searched.joined(separator: ", ")))"
            }
            var text = "no recording matches \(noMatch.request); \(searched)"
            if let closest = noMatch.closest {
                text += "; closest is \(closest.file) #\(closest.interaction) (\(closest.request)), which differs in "
                text += closest.differences.joined(separator: "; ")
            }
            return text
        case .corrupt(let file, let location, let problem):
            return "\(file):\(location): \(problem)"
        case .unreadable(let file, let reason):
            return "cannot read cassette \(file): \(reason)"
        case .expired(let file, let interaction, let recordedAt, let maximumAge):
            return "\(file) #\(interaction) was recorded \(recordedAt), more than \(maximumAge) ago; re-record it"
        }
    }
}
