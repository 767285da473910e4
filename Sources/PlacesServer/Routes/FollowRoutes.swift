import Foundation
import Hummingbird
import HummingbirdWebSocket
import NIOCore
import NIOWebSocket
import PlaceBytes
import PlacesKit
import Synchronization
import Tracking

/// `/v1/follow`: a walker streams fixes and hears off route, back on route and arrived, as
/// `places follow` says them. Two ways: POST the fixes as NDJSON (or gpsd reports) while walking and
/// read server-sent events back; or open a WebSocket on the same path, send each fix as a text
/// message and receive each event as one. Arriving at a recommendation awards its points once, to
/// the walker's account, when the walk was live (``ServerLedger``).
struct FollowRoutes {
    let state: ServerState

    static let parameters = [
        "to", "feed", "provider", "off-route-distance", "tolerance", "off-route-time", "cooldown", "arrival-radius", "max-accuracy", "reroute",
    ]

    func add(to group: RouterGroup<ServerContext>) {
        group.post("v1/follow", use: followOverHTTP)
    }

    func add(webSocketsTo router: Router<ServerContext>) {
        router.ws("v1/follow") { request, context in
            // Planned before the upgrade, so that a bad parameter is a 400 with a problem, not a
            // WebSocket that closes at once.
            context.followPlan.set(try await plan(request, context: context))
            return .upgrade([:])
        } onUpgrade: { inbound, outbound, context in
            guard let (plan, owner) = context.requestContext.followPlan.take() else { return }
            try await followOverWebSocket(plan: plan, owner: owner, inbound: inbound, outbound: outbound)
        }
    }

    /// The walk's target, route and monitor settings, from the query.
    func plan(_ request: Request, context: ServerContext) async throws -> (FollowPlan, UserID) {
        let owner = try PersonalRoutes.owner(context)
        let query = try QueryParameters(request.uri.query)
        try query.only(Self.parameters)
        func distance(_ name: String, _ fallback: Double, _ range: ClosedRange<Double>) throws(Problem) -> Double {
            guard let value = try query.distance(name) else { return fallback }
            guard range.contains(value.meters) else {
                throw Problem.parameter(
                    name, "'\(value)' must be a distance from \(Int(range.lowerBound)) m to \(Int(range.upperBound)) m, such as 50m")
            }
            return value.meters
        }
        func time(_ name: String, _ fallback: Double) throws(Problem) -> Double {
            guard let value = try query.time(name, bare: false) else { return fallback }
            guard value.seconds >= 0, value.seconds <= 3600 else {
                throw Problem.parameter(name, "'\(value)' must be a time from 0 s to 1 hour, such as 15s")
            }
            return value.seconds
        }
        let tolerance = try distance("tolerance", 15, 0...1000)
        let threshold = try distance("off-route-distance", 50, 1...5000)
        guard tolerance < threshold else {
            throw Problem.parameter("tolerance", "(\(Int(tolerance)) m) must be less than off-route-distance (\(Int(threshold)) m)")
        }
        let arrivalRadius = try query.distance("arrival-radius") == nil ? nil : try distance("arrival-radius", 50, 1...5000)
        let settings = RouteMonitor.Settings(
            offRouteDistance: threshold, tolerance: tolerance, offRouteTime: try time("off-route-time", 15), cooldown: try time("cooldown", 30),
            maximumAccuracy: try distance("max-accuracy", 100, 1...100_000))
        let follow = FollowQuery(
            to: try query.required("to", example: "rec-waterlooplein"), feed: try SearchRoutes(state: state).offeredFeed(query.string("feed")),
            provider: query.string("provider").map { ProviderID($0) }, settings: settings, arrivalRadius: arrivalRadius,
            reroute: try query.flag("reroute"))
        return (try await state.service.planFollow(follow), owner)
    }

    /// The walk's events for `trace`, with points awarded only to a live walk.
    func events(_ plan: FollowPlan, owner: UserID, trace: some AsyncSequence<TraceItem, any Error> & Sendable) -> AsyncThrowingStream<
        FollowEvent, any Error
    > {
        let witness = WalkWitness(clock: state.settings.clock)
        let ledger = ServerLedger(
            store: state.shared, owner: owner, witness: witness, check: LiveWalkCheck(rules: state.settings.liveWalk), clock: state.settings.clock,
            metrics: state.metrics)
        return state.service.follow(plan, trace: WitnessedItems(base: trace, witness: witness), name: "the walk", ledger: ledger)
    }

    @Sendable func followOverHTTP(_ request: Request, context: ServerContext) async throws -> Response {
        let (plan, owner) = try await plan(request, context: context)
        let trace = BodyTraceItems(body: request.body, limit: state.settings.maximumBodyBytes, longest: state.settings.longestWalk)
        let events = events(plan, owner: owner, trace: trace)
        let body = ResponseBody { writer in
            do {
                for try await event in events {
                    let document = event.document()
                    let name = document["event"]?.stringValue ?? "event"
                    try await writer.write(ByteBuffer(string: "event: \(name)\ndata: \(document.serialized())\n\n"))
                }
            } catch {
                // The stream has begun with 200: the failure is its last event, as a problem document.
                let problem = Self.problem(error)
                try await writer.write(ByteBuffer(string: "event: problem\ndata: \(problem.document(instance: "/v1/follow").serialized())\n\n"))
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-store"], body: body)
    }

    func followOverWebSocket(plan: FollowPlan, owner: UserID, inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async throws {
        let (trace, fixes) = AsyncThrowingStream<TraceItem, any Error>.makeStream(bufferingPolicy: .bufferingOldest(4096))
        let limit = state.settings.maximumBodyBytes
        let reader = Task {
            var decoder = TraceLineDecoder()
            var read = 0
            do {
                for try await message in inbound.messages(maxSize: 64 * 1024) {
                    let bytes: [UInt8] =
                        switch message {
                        case .text(let text): Array(text.utf8)
                        case .binary(let buffer): Array(buffer.readableBytesView)
                        }
                    read += bytes.count
                    guard read <= limit else {
                        fixes.finish(throwing: Problem(.contentTooLarge, "too-large", "the walk sent more than \(BodyReader.size(limit))"))
                        return
                    }
                    // Each message is whole: one fix, or several lines of them.
                    for item in decoder.feed(bytes + [0x0A]) { fixes.yield(item) }
                }
                fixes.finish()
            } catch {
                fixes.finish(throwing: error)
            }
        }
        defer { reader.cancel() }
        do {
            for try await event in events(plan, owner: owner, trace: trace) {
                try await outbound.write(.text(event.document().serialized()))
            }
            try await outbound.close(.normalClosure, reason: "end of the walk")
        } catch {
            try await outbound.write(
                .text(JSONValue.object(["event": "problem", "problem": Self.problem(error).document(instance: "/v1/follow")]).serialized()))
            try await outbound.close(.unexpectedServerError, reason: "the walk could not be followed")
        }
    }

    static func problem(_ error: any Error) -> Problem {
        switch error {
        case let problem as Problem: problem
        case let error as PlacesError: Problem(error)
        default: Problem(.internalServerError, "server-error", "the walk could not be followed (\(error))")
        }
    }
}

/// A plan made while deciding to upgrade, handed to the WebSocket handler that follows it.
final class PlanBox: Sendable {
    private let plan = Mutex<(FollowPlan, UserID)?>(nil)

    func set(_ value: (FollowPlan, UserID)) { plan.withLock { $0 = value } }

    func take() -> (FollowPlan, UserID)? {
        plan.withLock { value in
            defer { value = nil }; return value
        }
    }
}
