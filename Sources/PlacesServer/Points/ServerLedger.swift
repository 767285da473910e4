import Foundation
import PlaceBytes
import PlaceStore
import PlacesKit
import Tracking

/// The ledger of one walker's walk on the server: an arrival earns points only when the walk was
/// live (``LiveWalkCheck``), the offer still valid by the server's clock, and the fixes never sent
/// before; every refusal is written to the walker's ledger with its reason.
struct ServerLedger: AwardLedger {
    let store: any SharedStore
    let owner: UserID
    let witness: WalkWitness
    let check: LiveWalkCheck
    let clock: @Sendable () -> Date
    let metrics: ServerMetrics

    func refusal(for entry: PointsEntry, offer: RecommendationOffer, at fix: LocationFix) async throws(PlacesError) -> String? {
        let now = clock()
        var found = check.refusal(witness.fixes)
        if found == nil, let expires = offer.expires, offer.hasExpired(at: now) {
            found = WalkRefusal("expired", "the offer expired at \(ISO8601Text.format(expires)); the server's clock says \(ISO8601Text.format(now))")
        }
        guard let refusal = found else { return nil }
        do { try await store.recordRefusal(PointsRefusal(entry, reason: refusal.reason, detail: refusal.detail), owner: owner) } catch {
            throw StoreAccess.error(error)
        }
        metrics.refused(refusal.reason)
        return refusal.description
    }

    func award(_ entry: PointsEntry) async throws(PlacesError) -> AwardOutcome {
        let walk = LiveWalkCheck.fingerprint(witness.fixes)
        let outcome: AwardOutcome
        do { outcome = try await store.award(entry, owner: owner, walk: walk) } catch { throw StoreAccess.error(error) }
        switch outcome {
        case .awarded: metrics.awarded(entry.points)
        case .sameWalk: metrics.refused("same-walk")
        case .alreadyAwarded: metrics.refused("already-awarded")
        }
        return outcome
    }
}
