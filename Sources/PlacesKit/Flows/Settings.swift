import Foundation
import PlaceBytes
import PlaceCore
import PlaceHTTP
import PlaceStore

/// A setting and where it is set.
public struct SettingValue: Sendable, Equatable {
    /// Where a setting is set.
    public enum Source: Sendable, Equatable {
        /// Saved in the store (`places config set`), at this path.
        case store(String)
        /// In the config file, at this path.
        case configFile(String)
    }

    /// The key (`center`).
    public let key: String
    /// The value as stored.
    public let value: String
    /// Where it is set.
    public let source: Source
    /// False when another source's value wins (the store's over the config file's).
    public let isEffective: Bool
}

extension PlacesService {
    /// Every key places knows, with how to check and normalise a value. `center` takes LAT,LON or
    /// a name or address to look up (``setSetting(_:to:)`` stores where it is).
    public static let settingKeys: [String: @Sendable (String) throws(PlacesError) -> String] = [
        "center": { text throws(PlacesError) in
            let input: PositionInput
            do throws(PlacesError) { input = try PositionInput(parsing: text) } catch {
                throw PlacesError(.usage, "center '\(text)' \(error.message)")
            }
            switch input {
            case .coordinate(let coordinate): return centreText(coordinate)
            case .name(let name): return name
            }
        }
    ]

    /// "52.3702,4.8952" as a centre is saved.
    static func centreText(_ coordinate: Coordinate) -> String {
        "\(NumberText.trimmed(coordinate.latitude, 7)),\(NumberText.trimmed(coordinate.longitude, 7))"
    }

    /// Refuses a key places does not know, naming the known ones.
    /// - Throws: ``PlacesError`` of kind usage.
    public static func checkSettingKey(_ key: String) throws(PlacesError) {
        guard settingKeys[key] != nil else {
            throw PlacesError(.usage, "unknown setting '\(key)'; known settings: \(settingKeys.keys.sorted().joined(separator: ", "))")
        }
    }

    /// `key`'s value from the store, else from the config file; nil when neither sets it.
    /// - Throws: ``PlacesError`` (`configuration`) when the store does not set it and a line of the
    ///   config file that cannot be read may have.
    public func setting(_ key: String) throws(PlacesError) -> SettingValue? {
        try Self.checkSettingKey(key)
        if let value = try settingValues().first(where: { $0.key == key && $0.isEffective }) { return value }
        _ = try settings.config.value(key)
        return nil
    }

    /// Every setting from the store, then every value the config file sets (keys of a section as
    /// `section.key`; API keys shown as REDACTED). A setting set in both is listed twice, the config
    /// file's marked as not effective. Lines of the config file that cannot be read are left out
    /// (``ConfigFile/warnings(_:)`` says them).
    public func settingValues() throws(PlacesError) -> [SettingValue] {
        var values: [SettingValue] = []
        if let opened = try store.reading() {
            let saved = try StoreAccess.run { () throws(StoreError) in try opened.settings() }
            for key in saved.keys.sorted() {
                values.append(SettingValue(key: key, value: saved[key] ?? "", source: .store(store.path), isEffective: true))
            }
        }
        let saved = Set(values.map(\.key))
        for (key, value) in settings.config.values.sorted(by: { $0.key < $1.key }) {
            let shown = key == "api_key" || key.hasSuffix(".api_key") ? Redactor.placeholder : value
            values.append(
                SettingValue(key: key, value: shown, source: .configFile(settings.config.displayName), isEffective: !saved.contains(key)))
        }
        return values
    }

    /// Saves `value` for `key` in the store; returns it as stored. A centre given by name or
    /// address ("Rokin 18", "Senaatintori, Helsinki") is looked up among the imported names and
    /// saved as the position found (said as a notice).
    public func setSetting(_ key: String, to value: String) async throws(PlacesError) -> String {
        try Self.checkSettingKey(key)
        var normalised = try Self.settingKeys[key]?(value) ?? value
        if key == "center", case .name(let name) = try PositionInput(parsing: value) {
            normalised = Self.centreText(try await resolve(name: name, parameter: "center").coordinate)
        }
        let opened = try store.writing()
        try StoreAccess.run { () throws(StoreError) in try opened.setSetting(key, to: normalised) }
        return normalised
    }

    /// Forgets `key` in the store (nothing to do when there is no store).
    public func unsetSetting(_ key: String) throws(PlacesError) {
        try Self.checkSettingKey(key)
        guard try store.reading() != nil else { return }
        let opened = try store.writing()
        try StoreAccess.run { () throws(StoreError) in try opened.setSetting(key, to: nil) }
    }
}
