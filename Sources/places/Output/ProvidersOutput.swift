import PlaceSearch

/// Writes `places providers`.
struct ProvidersOutput {
    let providers: [any PlaceProvider]
    let terminal: Terminal

    func table() -> String {
        var table = TextTable([.init("Provider"), .init("Ready"), .init("Mode"), .init("Answers"), .init("Details", shrinks: true)])
        for provider in providers {
            let status = provider.status
            let can = provider.capabilities.categories.sorted().map(\.rawValue)
                + provider.capabilities.features.subtracting([.search]).sorted().map(\.rawValue)
            table.rows.append([provider.id.rawValue, status.isReady ? "yes" : "no", status.mode, can.joined(separator: ", "), status.detail])
        }
        return table.render(width: terminal.width, header: terminal.dim) { row, column, text in
            guard column == 1 else { return text }
            return providers[row].status.isReady ? terminal.green(text) : terminal.red(text)
        }.joined(separator: "\n") + "\n"
    }

    func json() -> JSONValue {
        .array(providers.map { provider in
            let status = provider.status
            return [
                "id": .string(provider.id.rawValue),
                "ready": .bool(status.isReady),
                "mode": .string(status.mode),
                "detail": .string(status.detail),
                "categories": .array(provider.capabilities.categories.sorted().map { .string($0.rawValue) }),
                "features": .array(provider.capabilities.features.sorted().map { .string($0.rawValue) }),
            ]
        })
    }
}
