import Foundation
import HTTPTypes
import HummingbirdTesting
import PlaceBytes
import PlaceCore
import PlacesKit
import PlacesServer
import Testing

/// `/route/v1/foot/…` in OSRM's shape, from the imported streets (routingpy's OSRM client is run
/// against it by Scripts/protocol-clients.sh).
@Suite(.timeLimit(.minutes(10))) struct OSRMTests {
    @Test func aWalkAlongTheImportedStreetIsOSRMsDocument() async throws {
        let server = try TestServer { $0.openSearch = true }
        try await server.importOSM(Extract.dam)
        try await server.withClient { client in
            // Along the Damrak of the extract, from near one end to near the other.
            let response = try await client.get("/route/v1/foot/4.8941,52.3746;4.8963,52.3768?steps=true&overview=full")
            #expect(response.status == .ok, "\(response.text)")
            let document = try response.json()
            #expect(document["code"]?.stringValue == "Ok")
            let route = try #require(document["routes"]?.arrayValue?.first)
            let distance = try #require(route["distance"]?.doubleValue)
            #expect(distance > 250 && distance < 450, "\(distance)")
            #expect(route["weight_name"]?.stringValue == "duration")
            // At walking pace, not driving: about 1.3 m/s.
            let duration = try #require(route["duration"]?.doubleValue)
            #expect(distance / duration > 1 && distance / duration < 2, "\(distance) m in \(duration) s")
            let path = try Polyline.decode(try #require(route["geometry"]?.stringValue))
            #expect(path.count >= 2)
            let steps = try #require(route["legs"]?.arrayValue?.first?["steps"]?.arrayValue)
            #expect(steps.first?["maneuver"]?["type"]?.stringValue == "depart")
            #expect(steps.last?["maneuver"]?["type"]?.stringValue == "arrive")
            #expect(steps.allSatisfy { $0["mode"]?.stringValue == "walking" })
            #expect(document["waypoints"]?.arrayValue?.count == 2)
            let geojson = try await client.get("/route/v1/foot/4.8941,52.3746;4.8963,52.3768?geometries=geojson")
            #expect(try geojson.json()["routes"]?.arrayValue?.first?["geometry"]?["type"]?.stringValue == "LineString")
        }
    }

    @Test func carsAndBadCoordinatesAreOSRMsErrors() async throws {
        let server = try TestServer { $0.openSearch = true }
        try await server.importOSM(Extract.dam)
        try await server.withClient { client in
            let driving = try await client.get("/route/v1/driving/4.8941,52.3746;4.8963,52.3768")
            #expect(driving.status == .badRequest)
            #expect(try driving.json()["code"]?.stringValue == "InvalidValue")
            let malformed = try await client.get("/route/v1/foot/52.3746")
            #expect(try malformed.json()["code"]?.stringValue == "InvalidUrl")
            let far = try await client.get("/route/v1/foot/4.8941,52.3746;-30,0")
            #expect(far.status == .badRequest)
            #expect(try far.json()["code"]?.stringValue == "NoRoute", "\(far.text)")
        }
    }
}
