import Foundation
import HTTPTypes
import HummingbirdTesting
import PlaceBytes
import PlacesKit
import PlacesServer
import Testing

/// `/search`, `/reverse`, `/lookup` and `/status` in Nominatim's shapes, so that geocoding clients
/// made for Nominatim read them unchanged (geopy's own client is run against them by
/// Scripts/protocol-clients.sh).
@Suite(.timeLimit(.minutes(10))) struct NominatimTests {
    @Test func searchAnswersAsNominatimWritesJSON() async throws {
        let server = try TestServer { $0.openSearch = true }
        try await server.importOSM(Extract.dam)
        try await server.withClient { client in
            let response = try await client.get("/search?q=Koffiebar&format=json&addressdetails=1&limit=1&email=me@example.org&dedupe=1")
            #expect(response.status == .ok, "\(response.text)")
            let place = try #require(try response.json().arrayValue?.first)
            // Strings, as Nominatim writes them.
            #expect(place["lat"]?.stringValue == "52.3740000")
            #expect(place["lon"]?.stringValue == "4.8935000")
            #expect(place["osm_type"]?.stringValue == "node")
            #expect(place["osm_id"]?.doubleValue == 2)
            #expect(place["class"]?.stringValue == "amenity")
            #expect(place["type"]?.stringValue == "cafe")
            #expect(place["display_name"]?.stringValue == "Koffiebar Damrak, Damrak 1, Amsterdam")
            let box = try #require(place["boundingbox"]?.arrayValue?.compactMap { $0.stringValue })
            #expect(box.count == 4)
            let numbers = box.compactMap(Double.init)
            #expect(numbers[0] < 52.374 && 52.374 < numbers[1] && numbers[2] < 4.8935 && 4.8935 < numbers[3], "\(box)")
            let address = try #require(place["address"])
            #expect(address["amenity"]?.stringValue == "Koffiebar Damrak")
            #expect(address["road"]?.stringValue == "Damrak")
            #expect(address["house_number"]?.stringValue == "1")
            #expect(address["postcode"]?.stringValue == "1012 LG")
            #expect(address["city"]?.stringValue == "Amsterdam")
            // Without addressdetails a search gives none, as Nominatim's does.
            let bare = try await client.get("/search?q=Koffiebar&format=json")
            #expect(try bare.json().arrayValue?.first?["address"] == nil)
        }
    }

    @Test func everyFormatHasItsOwnShape() async throws {
        let server = try TestServer { $0.openSearch = true }
        try await server.importOSM(Extract.dam)
        try await server.withClient { client in
            let v2 = try await client.get("/search?q=Koffiebar")
            let place = try #require(try v2.json().arrayValue?.first, "jsonv2 is the default: \(v2.text)")
            #expect(place["category"]?.stringValue == "amenity")
            #expect(place["place_rank"]?.doubleValue == 30)
            #expect(place["class"] == nil)

            let geojson = try await client.get("/search?q=Koffiebar&format=geojson")
            #expect(geojson.headers[.contentType] == "application/geo+json")
            let feature = try #require(try geojson.json()["features"]?.arrayValue?.first)
            #expect(feature["geometry"]?["coordinates"]?.arrayValue?.map(\.doubleValue) == [4.8935, 52.374])
            #expect(feature["properties"]?["display_name"]?.stringValue == "Koffiebar Damrak, Damrak 1, Amsterdam")
            #expect(feature["bbox"]?.arrayValue?.count == 4)

            let geocodejson = try await client.get("/search?q=Koffiebar&format=geocodejson")
            let document = try geocodejson.json()
            #expect(document["geocoding"]?["query"]?.stringValue == "Koffiebar")
            let geocoding = try #require(document["features"]?.arrayValue?.first?["properties"]?["geocoding"])
            #expect(geocoding["label"]?.stringValue == "Koffiebar Damrak, Damrak 1, Amsterdam")
            #expect(geocoding["street"]?.stringValue == "Damrak")
            #expect(geocoding["housenumber"]?.stringValue == "1")

            let xml = try await client.get("/search?q=Koffiebar&format=xml")
            #expect(xml.status == .badRequest)
            #expect(xml.text.contains("json, jsonv2, geojson or geocodejson"), "\(xml.text)")
        }
    }

    @Test func structuredFieldsAreOneQueryAndCannotBeMixedWithQ() async throws {
        let server = try TestServer { $0.openSearch = true }
        try await server.importOSM(Extract.dam)
        try await server.withClient { client in
            let structured = try await client.get("/search?amenity=Koffiebar&street=Damrak&format=json")
            #expect(try structured.json().arrayValue?.first?["osm_id"]?.doubleValue == 2, "\(structured.text)")
            let mixed = try await client.get("/search?q=Dam&city=Amsterdam&format=json")
            #expect(mixed.status == .badRequest)
            #expect(try mixed.json()["error"]?["message"]?.stringValue?.contains("cannot be used together with 'q'") == true)
            let empty = try await client.get("/search?format=json")
            #expect(empty.status == .badRequest)
            let miss = try await client.get("/search?q=Zzyzx&format=json")
            #expect(miss.status == .ok)
            #expect(try miss.json().arrayValue?.isEmpty == true)
        }
    }

    @Test func filtersNarrowTheAnswer() async throws {
        let server = try TestServer { $0.openSearch = true }
        try await server.importOSM(Extract.dam)
        try await server.withClient { client in
            func ids(_ uri: String) async throws -> [Double] {
                let response = try await client.get(uri)
                #expect(response.status == .ok, "\(uri): \(response.text)")
                return try response.json().arrayValue?.compactMap { $0["osm_id"]?.doubleValue } ?? []
            }
            let all = try await ids("/search?q=Dam&format=json")
            #expect(all.contains(1) && all.contains(5), "\(all)")
            // The box north of the square holds the street only.
            let bounded = try await ids("/search?q=Dam&format=json&viewbox=4.8930,52.3735,4.9000,52.3800&bounded=1")
            #expect(Set(bounded).isSubset(of: [2, 10]) && bounded.contains(10), "\(bounded)")
            let first = try await client.get("/search?q=Dam&format=json&limit=1")
            let placeID = try #require(try first.json().arrayValue?.first?["place_id"]?.doubleValue)
            let excluded = try await client.get("/search?q=Dam&format=json&exclude_place_ids=\(Int(placeID))")
            #expect(try excluded.json().arrayValue?.contains { $0["place_id"]?.doubleValue == placeID } == false)
        }
    }

    @Test func reverseAnswersOnePlaceOrNominatimsError() async throws {
        let server = try TestServer { $0.openSearch = true }
        try await server.importOSM(Extract.dam)
        try await server.withClient { client in
            let near = try await client.get("/reverse?lat=52.37401&lon=4.89351&format=json")
            #expect(near.status == .ok, "\(near.text)")
            let place = try near.json()
            #expect(place["osm_id"]?.doubleValue == 2, "\(near.text)")
            #expect(place["address"]?["road"]?.stringValue == "Damrak", "reverse gives the address unasked")
            // Zoom 16 asks for a street, not a café or a house (a street is judged by its point, the
            // middle of its longest way, not by its line: near the street's point here).
            let street = try await client.get("/reverse?lat=52.3766&lon=4.8962&format=jsonv2&zoom=16")
            #expect(try street.json()["osm_type"]?.stringValue == "way", "\(street.text)")
            let sea = try await client.get("/reverse?lat=0&lon=-30&format=json")
            #expect(sea.status == .ok)
            #expect(try sea.json()["error"]?.stringValue == "Unable to geocode")
            // Without `format` it is Photon's /reverse, as before.
            let photon = try await client.get("/reverse?lat=52.37401&lon=4.89351")
            #expect(try photon.json()["type"]?.stringValue == "FeatureCollection")
        }
    }

    @Test func lookupFindsOSMObjectsByIdAndStatusAnswersWithoutAToken() async throws {
        let server = try TestServer { $0.openSearch = false }
        try await server.importOSM(Extract.dam)
        let token = try server.token(for: "ana")
        try await server.withClient { client in
            let closed = try await client.get("/lookup?osm_ids=N2&format=json")
            #expect(closed.status == .unauthorized)
            let found = try await client.get("/lookup?osm_ids=N2,W10,N999&format=json", token: token)
            #expect(found.status == .ok, "\(found.text)")
            #expect(try found.json().arrayValue?.compactMap { $0["osm_id"]?.doubleValue } == [2, 10])
            let bad = try await client.get("/lookup?osm_ids=X2", token: token)
            #expect(bad.status == .badRequest)
            let status = try await client.get("/status?format=json")
            #expect(status.status == .ok)
            #expect(try status.json()["message"]?.stringValue == "OK")
            let text = try await client.get("/status")
            #expect(text.text == "OK")
        }
    }
}
