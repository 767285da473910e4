import PlaceBytes
public import PlaceCore

/// Every provider (`providers`): whether it can answer now, where from, and why not, in `wording`.
public struct ProvidersRendering: Sendable {
    /// Every provider, built in and the app's.
    public let providers: [any Provider]
    /// How remedies are said (the CLI names its flags).
    public let wording: Wording
    /// How words are marked (a terminal's colours, an app's own, or plain).
    public let style: TextStyle

    /// The list of `providers`, remedies said in `wording`.
    public init(providers: [any Provider], wording: Wording, style: TextStyle = .plain) {
        self.providers = providers
        self.wording = wording
        self.style = style
    }

    /// The providers as a table or as a JSON document.
    public func render(_ format: ReportFormat) -> String {
        switch format {
        case .json: json().serialized(pretty: true) + "\n"
        case .table: table()
        }
    }

    private func answers(_ provider: any Provider) -> [String] {
        let categories = (provider as? any PlaceProvider)?.capabilities.categories.sorted().map(\.rawValue) ?? []
        return categories + provider.features.filter { $0 != .search }.map(\.rawValue)
    }

    func table() -> String {
        var table = TextTable([.init("Provider"), .init("Ready"), .init("Answers from"), .init("Answers"), .init("Details", shrinks: true)])
        for provider in providers {
            let status = provider.status
            table.rows.append([
                provider.id.rawValue, status.isReady ? "yes" : "no", wording.mode(status), answers(provider).joined(separator: ", "),
                wording.detail(status),
            ])
        }
        return table.render(width: style.width, header: style.faint) { row, column, text in
            guard column == 1 else { return text }
            return providers[row].status.isReady ? style.good(text) : style.bad(text)
        }.joined(separator: "\n") + "\n"
    }

    func json() -> JSONValue {
        .array(
            providers.map { provider in
                let status = provider.status
                return [
                    "id": .string(provider.id.rawValue),
                    "ready": .bool(status.isReady),
                    "mode": .string(wording.mode(status)),
                    "detail": .string(wording.detail(status)),
                    "categories": .array(((provider as? any PlaceProvider)?.capabilities.categories.sorted() ?? []).map { .string($0.rawValue) }),
                    "features": .array(provider.features.map { .string($0.rawValue) }),
                ]
            })
    }
}
