import Foundation
import HTTPTypes
import PlaceCore
import PlaceHTTP
import Testing

struct RedactorTests {
    let redactor = Redactor(knownSecrets: ["fsq3-known-secret-key"])

    @Test func secretParametersAreRedactedInURLs() {
        let url = "https://maps.googleapis.com/maps/api/directions/json?origin=1,2&key=AIzaSECRET&client_secret=s3cr3t&mode=walking"
        let shown = redactor.redactedURL(url)
        #expect(!shown.contains("AIzaSECRET"))
        #expect(!shown.contains("s3cr3t"))
        #expect(shown.contains("key=REDACTED"))
        #expect(shown.contains("mode=walking"))
    }

    @Test func knownSecretsAreScrubbedWhereverTheyAppearEvenPercentEncoded() {
        let secret = "a b/c+d=e"
        let text = "error for key \(secret) and \(QueryString.encodeComponent(secret)) and fsq3-known-secret-key"
        let scrubbed = redactor.scrub(text, secrets: [secret])
        #expect(!scrubbed.contains(secret))
        #expect(!scrubbed.contains(QueryString.encodeComponent(secret)))
        #expect(!scrubbed.contains("fsq3-known-secret-key"))
        #expect(scrubbed.components(separatedBy: "REDACTED").count == 4)
    }

    /// A service that echoes the key base64-encoded (in a token, a debug field), alone or inside a
    /// longer base64 text at any byte offset, in standard or URL-safe letters.
    @Test(arguments: 0..<3)
    func knownSecretsAreScrubbedInBase64(_ offset: Int) {
        let key = "fsq3-known-secret-key"
        let standard = (Data("xy".utf8.prefix(offset)) + Data(key.utf8) + Data("-tail".utf8)).base64EncodedString()
        let urlSafe = standard.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        for text in [Data(key.utf8).base64EncodedString(), standard, urlSafe] {
            let scrubbed = redactor.scrub("token: \(text)")
            #expect(scrubbed.contains("REDACTED"), "\(text) kept in \(scrubbed)")
            #expect(!(Data(base64Encoded: String(scrubbed.dropFirst(7))).map { String(decoding: $0, as: UTF8.self).contains(key) } ?? false))
            let data = redactor.scrub(Data("token: \(text)".utf8))
            #expect(String(decoding: data, as: UTF8.self).contains("REDACTED"))
        }
    }

    @Test func ordinaryTextIsNotTakenForABase64Secret() {
        let text = "Café de Jaren, Nieuwe Doelenstraat 20, 52.3675,4.8951 — open Mo-Su 09:30-01:00"
        #expect(redactor.scrub(text) == text)
    }

    @Test func secretsInARequestIncludeTheBearerTokenWithoutItsScheme() {
        var fields = HTTPFields()
        fields[.authorization] = "Bearer tok-123456"
        let request = HTTPRequest(method: .get, scheme: "https", authority: "x.example", path: "/a?oauth_token=oauth-999&q=1", headerFields: fields)
        let secrets = redactor.secrets(in: request, body: nil)
        #expect(secrets.contains("tok-123456"))
        #expect(secrets.contains("Bearer tok-123456"))
        #expect(secrets.contains("oauth-999"))
        #expect(!secrets.contains("1"))
    }

    @Test func secretFormFieldsAreFound() {
        var fields = HTTPFields()
        fields[.contentType] = "application/x-www-form-urlencoded"
        let request = HTTPRequest(method: .post, scheme: "https", authority: "x.example", path: "/", headerFields: fields)
        let secrets = redactor.secrets(in: request, body: Data("api_key=form-secret-1&data=hello".utf8))
        #expect(secrets.contains("form-secret-1"))
        #expect(!secrets.contains("hello"))
    }

    @Test func queryStringsKeepCommasAndColonsReadable() {
        #expect(QueryString.encode([("ll", "52.37,4.89"), ("q", "a b&c")]) == "ll=52.37,4.89&q=a%20b%26c")
        #expect(QueryString.decode("q=a+b%26c&x") == [("q", "a b&c"), ("x", "")].map { $0 })
    }
}

extension Array where Element == (String, String) {
    static func == (lhs: [(String, String)], rhs: [(String, String)]) -> Bool {
        lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    }
}
