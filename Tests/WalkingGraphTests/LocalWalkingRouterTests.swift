import PlaceCore
import Testing
import WalkingGraph

struct LocalWalkingRouterTests {
    @Test func routesOnFootAsTheLocalProvider() async throws {
        let router = LocalWalkingRouter(graph: try TestGraphs.canalTown())
        #expect(router.id == "local")
        #expect(router.features == [.routing])
        let route = try await router.route(
            RouteRequest(origin: CanalTown.zuidkade(4.8905), destination: CanalTown.noordkade(4.8905)))
        #expect(route.provider == "local")
        #expect(route.distance > 600)
    }

    @Test func noWalkIsNotFoundWithTheTypedCause() async throws {
        let router = LocalWalkingRouter(graph: try TestGraphs.canalTown())
        do {
            _ = try await router.route(RouteRequest(origin: CanalTown.island, destination: CanalTown.zuidkade(4.8920)))
            Issue.record("routed off the island")
        } catch let error as ProviderError {
            #expect(error.kind == .notFound)
            #expect(error.underlyingError is WalkingRouteError)
        }
        await #expect(throws: ProviderError.self) {
            try await router.route(
                RouteRequest(origin: CanalTown.island, destination: CanalTown.island, mode: .driving))
        }
    }
}
