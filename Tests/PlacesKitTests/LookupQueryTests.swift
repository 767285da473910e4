import Foundation
import Autocomplete
import PlaceCore
import PlacesKit
import Testing

/// `complete` and `reverse` are checked once, in PlacesKit, for every edge: the error names the
/// parameter, and each edge words it (`--limit`, `limit`).
struct LookupQueryTests {
    @Test(arguments: [
        (CompleteQuery("Dam", limit: 0), "limit"), (CompleteQuery("Dam", limit: 101), "limit"),
        (CompleteQuery("Dam", kinds: ["cafe"]), "kind"),
    ])
    func aCompletionOutOfBoundsNamesItsParameter(query: CompleteQuery, parameter: String) {
        #expect {
            try query.validate()
        } throws: { error in
            (error as? PlacesError)?.kind == .usage && (error as? PlacesError)?.parameter == parameter
        }
    }

    @Test func aCompletionWithinBoundsAsksTheLookupItDescribes() throws {
        let query = CompleteQuery("Rokin 1", limit: 100, kinds: ["address", "street"], typoTolerance: false)
        try query.validate()
        #expect(query.lookup.kinds == [.address, .street])
        #expect(query.lookup.limit == 100)
        #expect(!query.lookup.typoTolerance)
        #expect(CompleteQuery("Dam").lookup.kinds == nil)
    }

    @Test(arguments: [(0.0, 5, "radius"), (10_001, 5, "radius"), (250, 0, "limit"), (250, 21, "limit")])
    func aReverseOutOfBoundsNamesItsParameter(radius: Double, limit: Int, parameter: String) throws {
        let query = ReverseQuery(try Coordinate(latitude: 52.37, longitude: 4.89), radius: Distance(meters: radius), limit: limit)
        #expect {
            try query.validate()
        } throws: { error in
            (error as? PlacesError)?.parameter == parameter
        }
        try ReverseQuery(try Coordinate(latitude: 52.37, longitude: 4.89), radius: Distance(meters: 10_000), limit: 20).validate()
    }
}
