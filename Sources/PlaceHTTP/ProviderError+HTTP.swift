public import Foundation
public import HTTPTypes
public import PlaceCore

extension CassetteError: ProviderErrorConvertible {
    /// No matching recording becomes `noRecording` (remedy: ask the live service); an expired recording becomes
    /// `badRecording`, as does a damaged or unreadable file, which also gets the remedy to record again.
    public func providerError(for provider: ProviderID) -> ProviderError {
        switch self {
        case .noMatch:
            ProviderError(provider: provider, kind: .noRecording, message: shortDescription, remedy: .askLiveService, underlyingError: self)
        case .expired:
            ProviderError(provider: provider, kind: .badRecording, message: description, underlyingError: self)
        case .corrupt, .unreadable:
            ProviderError(provider: provider, kind: .badRecording, message: description, remedy: .recordAgain, underlyingError: self)
        }
    }
}

extension TransportError: ProviderErrorConvertible {
    /// A timeout becomes `timedOut`, an answer too large `unexpectedResponse`, and any other failure `unavailable`;
    /// the message is the error's `description`.
    public func providerError(for provider: ProviderID) -> ProviderError {
        let kind: ProviderError.Kind =
            switch code {
            case .timedOut: .timedOut
            // More than any answer of the service's should be: the answer is wrong, not late.
            case .tooLarge: .unexpectedResponse
            default: .unavailable
            }
        return ProviderError(provider: provider, kind: kind, message: description, underlyingError: self)
    }
}

extension HTTPClient {
    /// Sends a provider's request; anything that goes wrong on the way (no recording, no
    /// connection, a timeout) comes back as that provider's ``ProviderError``.
    public func send(_ request: HTTPRequest, body: Data? = nil, for provider: ProviderID) async throws -> (HTTPResponse, Data) {
        do {
            return try await send(request, body: body)
        } catch {
            throw ProviderError(provider: provider, wrapping: error)
        }
    }
}
