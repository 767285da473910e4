import Foundation
import HTTPTypes
import PlaceSearch
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
