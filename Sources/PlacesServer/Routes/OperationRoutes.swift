import Autocomplete
import Hummingbird
import NIOCore
import PlaceBytes
import PlacesKit

/// What operators and orchestrators ask: `/health` (ready: the store and the shared database
/// answer and the name index is loaded), `/health/live` (the process answers), `/metrics` (Prometheus), `/openapi.json`.
struct OperationRoutes {
    let state: ServerState

    func add(to router: Router<ServerContext>) {
        router.get("health", use: health)
        router.get("health/live") { _, _ in JSONResponse.make(["status": "ok"]) }
        router.get("metrics", use: metrics)
        router.get("openapi.json") { _, _ in JSONResponse.make(OpenAPIDocument.document) }
    }

    /// 200 when ready, 503 when not, with each check's answer.
    @Sendable func health(_ request: Request, context: ServerContext) async throws -> Response {
        var store: JSONObject = ["path": .string(state.service.store.path)]
        do {
            _ = try state.imported.importGeneration()
            store["ok"] = true
        } catch {
            store["ok"] = false
            store["detail"] = .string(error.message)
        }
        var index: JSONObject = [:]
        do {
            let names = try state.service.nameIndex()
            index["ok"] = true
            index["loaded"] = .bool(names != nil)
            index["names"] = JSONValue(names?.count ?? 0)
            if names == nil { index["detail"] = "nothing is imported: completion and the Photon endpoints answer 404 until an import" }
        } catch {
            index["ok"] = false
            index["loaded"] = false
            index["detail"] = .string(error.message)
        }
        // Accounts, favourites and points: the embedded store, or the database the instances share.
        var database: JSONObject = ["location": .string(state.shared.location)]
        do {
            try await state.shared.checkReachable()
            database["ok"] = true
        } catch {
            database["ok"] = false
            database["detail"] = .string(error.message)
        }
        let ready = store["ok"] == true && index["ok"] == true && database["ok"] == true
        return JSONResponse.make(
            [
                "status": ready ? "ok" : "unavailable", "live": true, "ready": .bool(ready), "store": .object(store), "index": .object(index),
                "database": .object(database),
            ],
            status: ready ? .ok : .serviceUnavailable)
    }

    @Sendable func metrics(_ request: Request, context: ServerContext) async throws -> Response {
        let bytes = state.metrics.emit(cache: state.service.cache?.counts)
        return Response(
            status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}
