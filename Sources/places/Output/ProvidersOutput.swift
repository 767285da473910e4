import PlaceSearch
import PlacesKit

/// Writes `places providers`: for each provider what it will do now (live, recorded, imported
/// data, not ready) and why.
struct ProvidersOutput {
    let providers: [any Provider]
    let terminal: Terminal

    private func answers(_ provider: any Provider) -> [String] {
        let categories = (provider as? any PlaceProvider)?.capabilities.categories.sorted().map(\.rawValue) ?? []
        return categories + provider.features.filter { $0 != .search }.map(\.rawValue)
    }

    func table() -> String {
        var table = TextTable([.init("Provider"), .init("Ready"), .init("Answers from"), .init("Answers"), .init("Details", shrinks: true)])
        for provider in providers {
            let status = provider.status
            table.rows.append([
                provider.id.rawValue, status.isReady ? "yes" : "no", CLIWording.wording.mode(status), answers(provider).joined(separator: ", "),
                CLIWording.wording.detail(status),
            ])
        }
        return table.render(width: terminal.width, header: terminal.dim) { row, column, text in
            guard column == 1 else { return text }
            return providers[row].status.isReady ? terminal.green(text) : terminal.red(text)
        }.joined(separator: "\n") + "\n"
    }

    func json() -> JSONValue {
        .array(
            providers.map { provider in
                let status = provider.status
                return [
                    "id": .string(provider.id.rawValue),
                    "ready": .bool(status.isReady),
                    "mode": .string(CLIWording.wording.mode(status)),
                    "detail": .string(CLIWording.wording.detail(status)),
                    "categories": .array(((provider as? any PlaceProvider)?.capabilities.categories.sorted() ?? []).map { .string($0.rawValue) }),
                    "features": .array(provider.features.map { .string($0.rawValue) }),
                ]
            })
    }
}
