import Foundation
import PlaceSearch
import PlaceStore

/// A setting and where it is set.
public struct SettingValue: Sendable, Equatable {
    public enum Source: Sendable, Equatable {
        /// Saved in the store (`places config set`), at this path.
        case store(String)
        /// In the config file, at this path.
        case configFile(String)
    }

    public let key: String
    public let value: String
    public let source: Source
    /// False when another source's value wins (the store's over the config file's).
    public let isEffective: Bool
}

extension PlacesService {
    /// Every key places knows, with how to check and normalise a value.
    public static let settingKeys: [String: @Sendable (String) throws(PlacesError) -> String] = [
        "center": { text throws(PlacesError) in
            do {
                let coordinate = try Coordinate(parsing: text)
                return "\(NumberText.trimmed(coordinate.latitude, 7)),\(NumberText.trimmed(coordinate.longitude, 7))"
            } catch {
                throw PlacesError(.usage, "center \(String(describing: error))")
            }
        }
    ]

    public static func checkSettingKey(_ key: String) throws(PlacesError) {
        guard settingKeys[key] != nil else {
            throw PlacesError(.usage, "unknown setting '\(key)'; known settings: \(settingKeys.keys.sorted().joined(separator: ", "))")
        }
    }

    /// `key`'s value from the store, else from the config file; nil when neither sets it.
    public func setting(_ key: String) throws(PlacesError) -> SettingValue? {
        try Self.checkSettingKey(key)
        return try settingValues().first { $0.key == key && $0.isEffective }
    }

    /// Every setting from the store and from the config file, the store's first; a key set in
    /// both is listed twice, the config file's marked as not effective.
    public func settingValues() throws(PlacesError) -> [SettingValue] {
        var values: [SettingValue] = []
        if let opened = try store.reading() {
            let saved = try StoreAccess.run { () throws(StoreError) in try opened.settings() }
            for key in saved.keys.sorted() {
                values.append(SettingValue(key: key, value: saved[key] ?? "", source: .store(store.path), isEffective: true))
            }
        }
        for key in Self.settingKeys.keys.sorted() {
            guard let value = settings.config.value(key) else { continue }
            let overridden = values.contains { $0.key == key }
            values.append(SettingValue(key: key, value: value, source: .configFile(settings.config.displayName), isEffective: !overridden))
        }
        return values
    }

    /// Saves `value` for `key` in the store; returns it as stored.
    public func setSetting(_ key: String, to value: String) throws(PlacesError) -> String {
        try Self.checkSettingKey(key)
        let normalised = try Self.settingKeys[key]?(value) ?? value
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
