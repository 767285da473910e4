public import PlaceCore

extension ProviderStatus {
    /// The status of a provider that needs no key: ready in every mode of `client`.
    /// - Parameters:
    ///   - service: the host it asks.
    ///   - attribution: whose data the service serves ("OpenStreetMap data, ODbL").
    public static func keyless(_ client: HTTPClient, service: String, attribution: String? = nil) -> ProviderStatus {
        ProviderStatus(
            source: client.mode.source, reason: client.offlineReason.map(Reason.unreachable) ?? .keyless, service: service,
            recordings: client.cassetteLocation, attribution: attribution)
    }

    /// The status of a provider whose live service is gone (`why`): it answers from what it ships with.
    public static func retired(_ client: HTTPClient, service: String, why: String) -> ProviderStatus {
        if client.mode == .replay, !client.hasRecordings {
            return .notReady(.noRecordings(service: service, location: client.cassetteLocation, keyVariable: nil))
        }
        let source: Source = client.mode == .live ? .live : client.mode.source
        return ProviderStatus(source: source, reason: .serviceRetired(why), service: service, recordings: client.cassetteLocation)
    }

    /// The status of a provider that needs a key: recordings answer without one; the other modes
    /// need it.
    public static func keyed(
        _ client: HTTPClient, key: Credential?, keyVariable: String, configSection: String, service: String, attribution: String? = nil
    ) -> ProviderStatus {
        let recordings = client.cassetteLocation
        if client.mode == .replay, !client.hasRecordings {
            return .notReady(.noRecordings(service: service, location: recordings, keyVariable: keyVariable))
        }
        switch (client.mode, key) {
        case (.replay, nil):
            let reason: Reason = client.offlineReason.map(Reason.unreachable) ?? .noKey(variable: keyVariable)
            return ProviderStatus(source: .recorded, reason: reason, service: service, recordings: recordings, attribution: attribution)
        case (.replay, let key?):
            let reason: Reason = client.offlineReason.map(Reason.unreachable) ?? .keyUnused(key)
            return ProviderStatus(source: .recorded, reason: reason, service: service, recordings: recordings, attribution: attribution)
        case (_, nil):
            return .notReady(.missingKey(variable: keyVariable, configSection: configSection))
        case (let mode, let key?):
            return ProviderStatus(source: mode.source, reason: .keyGiven(key), service: service, recordings: recordings, attribution: attribution)
        }
    }
}

extension HTTPMode {
    /// Where a client in this mode gets its answers.
    public var source: ProviderStatus.Source {
        switch self {
        case .live: .live
        case .replay: .recorded
        case .record, .missing: .recording
        }
    }
}
