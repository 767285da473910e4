public import Foundation
public import PlaceProviders
public import PlaceCore

/// Executable provider plugins: `places-provider-NAME` on PATH, or `[plugins] NAME = "/path"` in
/// the config (which wins for the same NAME). Each is asked `describe` once per call, all at once,
/// under the deadline; one that cannot answer is listed as not ready, with why.
public enum PluginDiscovery {
    /// What a plugin's executable is named on PATH, before the plugin's name.
    public static let prefix = "places-provider-"

    /// Every plugin found, by name, with where it is.
    /// - Throws: ``PlacesError`` (`configuration`) when `[plugins]` in the config cannot be read.
    public static func executables(environment: [String: String], config: ConfigFile) throws(PlacesError) -> [(name: String, url: URL)] {
        var found: [String: URL] = [:]
        var order: [String] = []
        for folder in (environment["PATH"] ?? "").split(separator: ":") where !folder.isEmpty {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: String(folder)) else { continue }
            for file in names.sorted() where file.hasPrefix(prefix) && file.count > prefix.count {
                let name = String(file.dropFirst(prefix.count))
                let url = URL(fileURLWithPath: String(folder)).appendingPathComponent(file)
                guard found[name] == nil, FileManager.default.isExecutableFile(atPath: url.path) else { continue }
                found[name] = url
                order.append(name)
            }
        }
        for (name, path) in try config.section("plugins").sorted(by: { $0.key < $1.key }) {
            let expanded = path.hasPrefix("~/") ? (environment["HOME"] ?? NSHomeDirectory()) + path.dropFirst(1) : path
            if found[name] == nil { order.append(name) }
            found[name] = URL(fileURLWithPath: expanded)
        }
        return order.compactMap { name in found[name].map { (name, $0) } }
    }

    /// The catalog's factory for each plugin found: described, or broken with the reason.
    /// - Throws: ``PlacesError`` (`configuration`) when `[plugins]` in the config cannot be read.
    public static func factories(
        environment: [String: String], config: ConfigFile, builtIn: Set<ProviderID>, deadline: Duration, notices: NoticeSink
    ) async throws(PlacesError) -> [ProviderFactory] {
        let plugins = try executables(environment: environment, config: config)
        guard !plugins.isEmpty else { return [] }
        return await withTaskGroup(of: (Int, ProviderFactory).self) { group in
            for (index, plugin) in plugins.enumerated() {
                group.addTask {
                    let said: @Sendable (String) -> Void = { notices.warn("\(plugin.name): \($0)") }
                    func broken(_ why: String) -> ProviderFactory {
                        ProviderFactory(id: ProviderID(plugin.name), categories: [], access: .local) { _ in
                            BrokenPlugin(id: ProviderID(plugin.name), problem: "the plugin \(plugin.url.path) \(why)")
                        }
                    }
                    guard FileManager.default.isExecutableFile(atPath: plugin.url.path) else {
                        return (index, broken("is not an executable file"))
                    }
                    do {
                        let description = try await PluginProvider.describe(plugin.url, deadline: deadline, stderrLine: said)
                        guard !builtIn.contains(ProviderID(description.id)) else {
                            return (index, broken("calls itself '\(description.id)', the name of a built-in provider"))
                        }
                        let factory = ProviderFactory(id: ProviderID(description.id), categories: Set(description.categories), access: .local) { _ in
                            PluginProvider(description: description, executable: plugin.url, stderrLine: said)
                        }
                        return (index, factory)
                    } catch {
                        return (index, broken("cannot say what it is: \(error)"))
                    }
                }
            }
            var factories: [(Int, ProviderFactory)] = []
            for await factory in group { factories.append(factory) }
            return factories.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }
}

extension PlacesService {
    /// A service with the executable plugins found on PATH and in the config added to `catalog`.
    public static func withPlugins(
        settings: PlacesSettings, catalog: ProviderCatalog = ProviderCatalog(), recordingName: String = "places", notices: NoticeSink = .ignore,
        wording: Wording = .neutral, timeZone: TimeZone = .current, store: StoreAccess? = nil
    ) async throws(PlacesError) -> PlacesService {
        var catalog = catalog
        let found = try await PluginDiscovery.factories(
            environment: settings.environment, config: settings.config, builtIn: Set(catalog.ids), deadline: try settings.deadline,
            notices: notices)
        for factory in found { catalog.register(factory) }
        return try PlacesService(
            settings: settings, catalog: catalog, recordingName: recordingName, notices: notices, wording: wording, timeZone: timeZone,
            store: store)
    }
}
