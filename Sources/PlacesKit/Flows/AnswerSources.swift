import PlaceProviders
import Foundation
import PlaceCore

extension PlacesService {
    /// Says, once, where this run's answers came from when they were not live: which recordings,
    /// how old, why (no key, no network, asked for), and how to go live. Also what was recorded.
    public func sayWhereAnswersCameFrom() async {
        if let note = await replayNote() { notices.say(note) }
        if let note = await recordNote() { notices.say(note) }
        for problem in cache?.takeProblems() ?? [] { notices.warn(problem) }
        if let cache, cache.counts.stale > 0 {
            notices.say(
                "the network cannot be reached; \(cache.counts.stale) answer\(cache.counts.stale == 1 ? "" : "s") came from the HTTP cache, older than their services allow"
            )
        }
    }

    /// One line when answers came from recordings not said before, saying which and how to go live.
    func replayNote() async -> String? {
        var files: [String] = []
        var oldest: Date?
        var keyVariables: [String] = []
        var unreachable: String?
        for id in registry.ids {
            guard let setup = setups[id], let cassettes = setup.cassettes else { continue }
            let replayed = await cassettes.replayed()
            guard !replayed.isEmpty else { continue }
            if let reason = await cassettes.fallbackReason(), unreachable == nil { unreachable = reason }
            if setup.client.mode == .replay, setup.credential == nil, let variable = setup.factory.keyVariable, !keyVariables.contains(variable) {
                keyVariables.append(variable)
            }
            for record in replayed {
                if !files.contains(record.file) { files.append(record.file) }
                oldest = min(oldest ?? record.recordedAt, record.recordedAt)
            }
        }
        // Each file is said once: a flow that looks names up, then routes, names each recording once.
        files = said.new(files)
        guard !files.isEmpty, let oldest else { return nil }
        let day = oldest.formatted(.iso8601.year().month().day())
        var note = "replayed from \(files.joined(separator: ", ")) (recorded \(day)), not live data"
        if let unreachable { note += ": the network cannot be reached (\(unreachable))" }
        if !keyVariables.isEmpty {
            note += "; set \(keyVariables.joined(separator: " or ")) to ask the live APIs"
        } else if httpMode == .replay {
            note += "; " + wording(Remedy(.goLive))
        }
        return note
    }

    /// One line when this run recorded interactions.
    func recordNote() async -> String? {
        var count = 0
        for setup in setups.values { count += await setup.cassettes?.recordedCount() ?? 0 }
        guard count > 0 else { return nil }
        return "recorded \(count) interaction\(count == 1 ? "" : "s") into \(locator.roots.first.map(locator.display) ?? "cassettes")"
    }
}
