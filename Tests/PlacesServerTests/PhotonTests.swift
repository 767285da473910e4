import Foundation
import HTTPTypes
import HummingbirdTesting
import PlaceBytes
import PlacesKit
import PlacesServer
import Testing

/// `/api` and `/reverse` in Photon's own shape (`../shared/api-formats.md` §8.3), so that clients
/// made for Photon read them unchanged.
@Suite(.timeLimit(.minutes(10))) struct PhotonTests {
    @Test func searchAnswersInPhotonsPropertyNames() async throws {
        let server = try TestServer { $0.openSearch = true }
        try await server.importOSM(Extract.dam)
        try await server.withClient { client in
            let response = try await client.get("/api?q=Koffiebar&lat=52.3731&lon=4.8926&limit=5&lang=en")
            #expect(response.status == .ok, "\(response.text)")
            let collection = try response.json()
            #expect(collection["type"]?.stringValue == "FeatureCollection")
            let feature = try #require(collection["features"]?.arrayValue?.first)
            #expect(feature["type"]?.stringValue == "Feature")
            #expect(feature["geometry"]?["type"]?.stringValue == "Point")
            // [lon, lat], as GeoJSON and Photon have it.
            #expect(feature["geometry"]?["coordinates"]?.arrayValue?.map(\.doubleValue) == [4.8935, 52.374])
            let properties = try #require(feature["properties"])
            #expect(properties["osm_type"]?.stringValue == "N")
            #expect(properties["osm_id"]?.doubleValue == 2)
            #expect(properties["osm_key"]?.stringValue == "amenity")
            #expect(properties["osm_value"]?.stringValue == "cafe")
            #expect(properties["type"]?.stringValue == "house")
            #expect(properties["name"]?.stringValue == "Koffiebar Damrak")
            #expect(properties["street"]?.stringValue == "Damrak")
            #expect(properties["housenumber"]?.stringValue == "1")
            #expect(properties["postcode"]?.stringValue == "1012 LG")
            #expect(properties["city"]?.stringValue == "Amsterdam")
        }
    }

    @Test func layersTagsAndBoxesFilterAsPhotonsDo() async throws {
        let server = try TestServer { $0.openSearch = true }
        try await server.importOSM(Extract.dam)
        try await server.withClient { client in
            func names(_ uri: String) async throws -> [String] {
                let response = try await client.get(uri)
                #expect(response.status == .ok, "\(uri): \(response.text)")
                return try response.json()["features"]?.arrayValue?.compactMap { $0["properties"]?["name"]?.stringValue } ?? []
            }
            let streets = try await names("/api?q=Dam&layer=street")
            #expect(streets == ["Damrak"])
            let bakeries = try await names("/api?q=Dam&osm_tag=shop:bakery")
            #expect(bakeries == ["Damstraat Bakery"])
            let noShops = try await names("/api?q=Dam&osm_tag=!shop")
            #expect(!noShops.contains("Damstraat Bakery") && noShops.contains("Dam"))
            let boxed = try await names("/api?q=Dam&bbox=4.8930,52.3735,4.9000,52.3800")
            // The box holds the street and the café on it, not the square or the bakery south of it.
            #expect(Set(boxed) == ["Damrak", "Koffiebar Damrak"])
        }
    }

    @Test func reverseFindsTheNearestImportedPlace() async throws {
        let server = try TestServer { $0.openSearch = true }
        try await server.importOSM(Extract.dam)
        try await server.withClient { client in
            let near = try await client.get("/reverse?lat=52.37401&lon=4.89351")
            #expect(near.status == .ok, "\(near.text)")
            let feature = try #require(try near.json()["features"]?.arrayValue?.first)
            #expect(feature["properties"]?["name"]?.stringValue == "Koffiebar Damrak")
            // Far from anything imported: an empty collection, as Photon answers.
            let far = try await client.get("/reverse?lat=48.85&lon=2.35")
            #expect(far.status == .ok)
            #expect(try far.json()["features"]?.arrayValue?.isEmpty == true)
        }
    }
}
