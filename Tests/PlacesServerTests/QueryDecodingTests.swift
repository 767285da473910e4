import Foundation
import PlacesServer
import Testing

/// The query string and the token hash, read on every request, decoded by hand: the same answers
/// Foundation's form decoding and a hex digest give, and the same refusals.
@Suite(.timeLimit(.minutes(10))) struct QueryDecodingTests {
    @Test(arguments: [
        ("text=Damr", "Damr"),
        ("text=Nieuwe+Markt", "Nieuwe Markt"),
        ("text=Caf%C3%A9", "Café"),
        ("text=caf%c3%a9", "café"),
        ("text=1%2B1", "1+1"),
        ("text=%D0%9C%D1%8E%D0%BD%D1%85%D0%B5%D0%BD", "Мюнхен"),
        ("text=", ""),
        ("text", ""),
    ])
    func aFormEncodedValueIsDecoded(_ query: String, _ expected: String) throws {
        let parameters = try QueryParameters(query)
        #expect(parameters.string("text") == expected)
        #expect(parameters.string("text") == Self.foundation(query))
    }

    @Test(arguments: ["text=%zz", "text=50%", "text=%4", "text=%C3", "text=%FF%FE", "te%xt=a"])
    func textThatIsNotPercentEncodedIsRefused(_ query: String) {
        #expect(throws: Problem.self) { try QueryParameters(query) }
        #expect(Self.foundation(query) == nil, "Foundation accepts \(query) too")
    }

    @Test func theTokenHashIsTheHexSHA256() {
        // FIPS 180-2's example: SHA-256 of "abc".
        #expect(APIToken.hash("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    /// What the decoding was before: Foundation's, for the one pair the tests send.
    static func foundation(_ query: String) -> String? {
        guard let pair = query.split(separator: "&").first else { return nil }
        let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts[0].replacingOccurrences(of: "+", with: " ").removingPercentEncoding != nil else { return nil }
        return parts.count > 1 ? parts[1].replacingOccurrences(of: "+", with: " ").removingPercentEncoding : ""
    }
}
