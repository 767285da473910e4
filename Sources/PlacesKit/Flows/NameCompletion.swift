public import Foundation
import Autocomplete
import PlaceStore

/// Names for a shell's TAB: what the name index holds that starts with the word typed, read
/// straight from the store's index file, without opening the store, reading the config or asking
/// a provider. A TAB costs a process start, so this is all it does.
public enum NameCompletion {
    /// Up to `limit` names (and addresses) the index completes `prefix` to, best first, each once;
    /// none when nothing is imported or the index cannot be read (a TAB says nothing).
    /// - Parameter storeOption: the `--store` on the command line being completed, if any.
    public static func names(
        _ prefix: String, storeOption: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment, limit: Int = 20
    ) -> [String] {
        guard !prefix.trimmingCharacters(in: .whitespaces).isEmpty,
            let location = StoreLocation.resolve(option: storeOption, environment: environment),
            // No index, no names: a TAB never waits for one to be built from the store.
            [NameIndex.manifestPath(forStore: location.path), NameIndex.path(forStore: location.path)].contains(where: {
                FileManager.default.fileExists(atPath: $0)
            }),
            let index = try? NameIndex.open(storePath: location.path, notices: .ignore)
        else { return [] }
        let answer = PlaceLookup(index).lookup(LookupQuery(prefix, limit: limit * 2, typoTolerance: false))
        var seen: Set<String> = []
        var names: [String] = []
        for suggestion in answer.suggestions where names.count < limit {
            let name = suggestion.record.name
            if seen.insert(name).inserted { names.append(name) }
        }
        return names
    }

    /// The feeds the config file names in `[feeds]`, for `--feed`; none when it cannot be read.
    public static func feeds(configOption: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        let path = configOption ?? environment["PLACES_CONFIG"] ?? PlacesSettings.configHome(environment) + "/places/config.toml"
        guard FileManager.default.fileExists(atPath: path), let config = try? ConfigFile.load(path: path, displayPath: path) else { return [] }
        return config.readableSection("feeds").keys.sorted()
    }
}
