import Foundation
import HTTPTypes
import HummingbirdTesting
import PlaceBytes
import PlacesKit
import PlacesServer
import Testing

/// The endpoints answer with the CLI's `--format json` documents: the same flow, called by the
/// server, gives the same document as PlacesKit gives the CLI.
@Suite(.timeLimit(.minutes(10))) struct FlowEndpointTests {
    /// A document without what differs from one run to the next (the providers' milliseconds).
    static func comparable(_ document: JSONValue) -> JSONValue {
        guard case .object(var object) = document else { return document }
        if let providers = object["providers"]?.arrayValue {
            object["providers"] = .array(
                providers.map { provider in
                    guard case .object(var fields) = provider else { return provider }
                    fields["ms"] = nil
                    return .object(fields)
                })
        }
        return .object(object)
    }

    @Test func coffeeIsTheCLIsDocument() async throws {
        let server = try TestServer()
        let token = try server.token(for: "ana")
        let direct = try await server.service.coffee(CoffeeQuery(near: .coordinate(Coordinate(52.37, 4.89)), top: 3)).document(explain: false)
        try await server.withClient { client in
            let response = try await client.get("/v1/coffee?near=52.37,4.89&top=3", token: token)
            #expect(response.status == .ok, "\(response.text)")
            #expect(response.headers[.contentType] == "application/json")
            let served = try response.json()
            #expect(Self.comparable(served) == Self.comparable(direct))
            #expect(served["results"]?.arrayValue?.count == 3)
            let geo = try await client.get("/v1/coffee?near=52.37,4.89&top=3&format=geojson", token: token)
            #expect(geo.headers[.contentType] == "application/geo+json")
            #expect(try geo.json()["features"]?.arrayValue?.count == 3)
        }
    }

    @Test func parkingAndRecommendationsAnswerLikeTheirCommands() async throws {
        let server = try TestServer()
        let token = try server.token(for: "ana")
        try await server.withClient { client in
            let parking = try await client.get("/v1/parking?near=52.3731,4.8926&advice&duration=2h&top=2", token: token)
            #expect(parking.status == .ok, "\(parking.text)")
            let first = try #require(try parking.json()["results"]?.arrayValue?.first)
            #expect(first["cost"]?["duration_min"]?.doubleValue == 120)
            let recommendations = try await client.get("/v1/recommendations?near=52.3731,4.8926&feed=example&top=3", token: token)
            #expect(recommendations.status == .ok, "\(recommendations.text)")
            let document = try recommendations.json()
            #expect(document["feed"]?["name"]?.stringValue == "Amsterdam centrum quiet spots")
            #expect(document["results"]?.arrayValue?.first?["points"] != nil)
        }
    }

    @Test func namesWorkWherePositionsDo() async throws {
        let server = try TestServer()
        try await server.importOSM(Extract.dam)
        let token = try server.token(for: "ana")
        try await server.withClient { client in
            let response = try await client.get("/v1/coffee?near=Dam&top=1", token: token)
            #expect(response.status == .ok, "\(response.text)")
            let near = try response.json()["query"]?["near"]
            #expect(near?["name"]?.stringValue == "Dam")
            #expect(near?["source"]?.stringValue == "index")
            #expect(near?["lat"]?.doubleValue == 52.3731)
            let unknown = try await client.get("/v1/coffee?near=Xqzzyville&top=1", token: token)
            #expect(unknown.status == .notFound || unknown.status == .serviceUnavailable, "\(unknown.text)")
        }
    }

    @Test func detailsRouteAndReverse() async throws {
        let server = try TestServer()
        try await server.importOSM(Extract.dam)
        let token = try server.token(for: "ana")
        try await server.withClient { client in
            let route = try await client.get("/v1/route?from=52.3731,4.8926&to=52.3676,4.9041", token: token)
            #expect(route.status == .ok, "\(route.text)")
            #expect(try route.json()["route"]?["provider"]?.stringValue == "osrm")
            let gpx = try await client.get("/v1/route?from=52.3731,4.8926&to=52.3676,4.9041&format=gpx", token: token)
            #expect(gpx.text.hasPrefix("<?xml"))
            let reverse = try await client.get("/v1/reverse?at=52.3740,4.8935&radius=100m", token: token)
            #expect(reverse.status == .ok, "\(reverse.text)")
            let names = try reverse.json()["results"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
            #expect(names.contains("Koffiebar Damrak"))
            let cafe = try await client.get("/v1/places/osm:node/2724001437", token: token)
            #expect(cafe.status == .ok, "\(cafe.text)")
            #expect(try cafe.json()["id"]?.stringValue == "osm:node/2724001437")
            let unknownProvider = try await client.get("/v1/places/yelp:123", token: token)
            #expect(unknownProvider.status == .badRequest)
        }
    }

    @Test func completionIsFromTheImportedNames() async throws {
        let server = try TestServer()
        let token = try server.token(for: "ana")
        try await server.withClient { client in
            let nothing = try await client.get("/v1/complete?text=Damr", token: token)
            #expect(nothing.status == .notFound)
            #expect(try nothing.json()["remedy"]?.stringValue != nil)
        }
        try await server.importOSM(Extract.dam)
        try await server.withClient { client in
            let response = try await client.get("/v1/complete?text=Damr&near=52.3731,4.8926", token: token)
            #expect(response.status == .ok, "\(response.text)")
            let document = try response.json()
            #expect(document["query"]?.stringValue == "Damr")
            let names = document["suggestions"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
            #expect(names.contains("Damrak"))
            #expect(document["suggestions"]?.arrayValue?.first?["distance_m"] != nil)
            let streets = try await client.get("/v1/complete?text=Dam&kind=street", token: token).json()
            #expect(streets["suggestions"]?.arrayValue?.allSatisfy { $0["kind"]?.stringValue == "street" } == true)
        }
    }

    @Test func anImportWhileServingIsSeenByTheNextRequest() async throws {
        let server = try TestServer()
        try await server.importOSM(Extract.dam)
        let token = try server.token(for: "ana")
        try await server.withClient { client in
            let before = try await client.get("/v1/complete?text=Nieuwm", token: token).json()
            #expect(before["suggestions"]?.arrayValue?.isEmpty == true)
            try await server.importOSM(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <osm version="0.6"><node id="100" lat="52.3727" lon="4.9006"><tag k="name" v="Nieuwmarkt"/><tag k="place" v="square"/></node></osm>
                """)
            let after = try await client.get("/v1/complete?text=Nieuwm", token: token).json()
            #expect(after["suggestions"]?.arrayValue?.first?["name"]?.stringValue == "Nieuwmarkt")
        }
    }
}
