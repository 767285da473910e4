import Foundation
import Hummingbird
import PlaceBytes
import PlacesKit

/// `/v1/favorites` and `/v1/points`: each account's own, in the store the instances share. Another
/// account's favourite is not found (404), never forbidden, which would say that it exists.
struct PersonalRoutes {
    let state: ServerState

    func add(to group: RouterGroup<ServerContext>) {
        group.get("v1/favorites", use: list)
        group.post("v1/favorites", use: add)
        group.get("v1/favorites/**", use: show)
        group.delete("v1/favorites/**", use: remove)
        group.get("v1/points", use: points)
    }

    static func owner(_ context: ServerContext) throws(Problem) -> UserID {
        guard let account = context.account else { throw Problem.unauthorized("this endpoint needs a token: send 'Authorization: Bearer TOKEN'") }
        return account.id
    }

    @Sendable func list(_ request: Request, context: ServerContext) async throws -> Response {
        try QueryParameters(request.uri.query).only([])
        let owner = try Self.owner(context)
        return JSONResponse.make(DocumentParts.favorites(try await state.service.favorites(owner: owner)))
    }

    /// `{"id": "osm:node/42", "note": "…"}`: asks the place's provider for it, keeps it; 201 when it
    /// is new, 200 when it was refreshed. `?offline=true` keeps it from the imported data, as
    /// `places favorites add ID --offline` does.
    @Sendable func add(_ request: Request, context: ServerContext) async throws -> Response {
        let query = try QueryParameters(request.uri.query)
        try query.only(["offline"])
        let offline = try query.flag("offline")
        let owner = try Self.owner(context)
        let body = try await state.bodies.collect(request, context: context)
        let object: JSONObject
        do {
            guard case .object(let parsed) = try JSONValue.parse(Data(body.readableBytesView)) else {
                throw Problem.parameter("body", "must be a JSON object")
            }
            object = parsed
        } catch let problem as Problem {
            throw problem
        } catch {
            throw Problem(.badRequest, "bad-body", "the body is not JSON (\(error)); send {\"id\": \"osm:node/42\", \"note\": \"…\"}")
        }
        for member in object.members where !["id", "note"].contains(member.key) {
            throw Problem.parameter(member.key, "is not a field of a favourite; send id and, if you like, note")
        }
        guard let text = object["id"]?.stringValue else { throw Problem.parameter("id", "is required: the place's id, such as osm:node/42") }
        let id: PlaceID
        do { id = try PlaceID(parsing: text) } catch { throw Problem.parameter("id", error.description) }
        var note: String?
        if let value = object["note"], value != .null {
            guard let string = value.stringValue else { throw Problem.parameter("note", "must be text") }
            guard string.count <= 1000 else { throw Problem.parameter("note", "is \(string.count) characters; keep it under 1000") }
            note = string
        }
        // The place as its provider gives it now (or the imported data, offline); then one write.
        let (change, _) = try await state.service.addFavorite(id, as: text, note: note, offline: offline, owner: owner)
        let summaries = try await state.service.favorites(owner: owner)
        guard let kept = summaries.first(where: { $0.id == id }) else {
            throw Problem(.internalServerError, "server-error", "\(id) was kept but cannot be read back")
        }
        return JSONResponse.make(
            ["change": .string(change.rawValue), "favorite": DocumentParts.favorite(kept)], status: change == .added ? .created : .ok)
    }

    @Sendable func show(_ request: Request, context: ServerContext) async throws -> Response {
        try QueryParameters(request.uri.query).only([])
        let (id, _) = try LookupRoutes.placeID(context)
        let owner = try Self.owner(context)
        guard let favorite = try await state.service.favorite(id, owner: owner) else {
            throw Self.notFound(id)
        }
        var document = PlaceDocument(place: favorite.place, now: state.service.now).json()
        if case .object(var object) = document {
            object["note"] = DocumentParts.optional(favorite.note)
            object["added_at"] = .string(ISO8601Text.format(favorite.addedAt))
            document = .object(object)
        }
        return JSONResponse.make(document)
    }

    @Sendable func remove(_ request: Request, context: ServerContext) async throws -> Response {
        try QueryParameters(request.uri.query).only([])
        let (id, _) = try LookupRoutes.placeID(context)
        let owner = try Self.owner(context)
        guard try await state.service.removeFavorite(id, owner: owner) else { throw Self.notFound(id) }
        return Response(status: .noContent)
    }

    static func notFound(_ id: PlaceID) -> Problem {
        Problem(.notFound, "not-found", "\(id) is not one of your favourites", remedy: "list them with GET /v1/favorites")
    }

    @Sendable func points(_ request: Request, context: ServerContext) async throws -> Response {
        try QueryParameters(request.uri.query).only([])
        let owner = try Self.owner(context)
        let (balance, history) = try await state.service.points(owner: owner)
        let refusals = try await state.service.pointsRefusals(owner: owner)
        return JSONResponse.make(DocumentParts.points(balance: balance, history: history, refusals: refusals))
    }
}
