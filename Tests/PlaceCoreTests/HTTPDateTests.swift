import Foundation
import Testing

@testable import PlaceHTTP

/// HTTP dates (`Retry-After`, `Date`), as a server sends them and as a broken one might.
struct HTTPDateTests {
    @Test func httpDatesParse() throws {
        let date = try #require(HTTPDate.parse("Sat, 21 Nov 2026 12:00:00 GMT"))
        #expect(date.timeIntervalSince1970 == 1_795_262_400)
        #expect(HTTPDate.parse("Saturday, 21-Nov-26 12:00:00 GMT") == nil)
        // An absurd year from a broken server is not a date (and must not overflow).
        #expect(HTTPDate.parse("Sat, 21 Nov 300000000000 12:00:00 GMT") == nil)
        #expect(HTTPDate.parse("Sat, 21 Nov 1969 12:00:00 GMT") == nil)
    }
}
