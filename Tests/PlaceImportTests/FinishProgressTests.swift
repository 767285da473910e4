import Synchronization
import Testing

@testable import PlaceImport

/// The places step's progress counts what is made beside it on the other thread as it is made: its
/// time left is then the step's, not three to six times it.
struct FinishProgressTests {
    @Test func whatIsMadeAlongsideCountsAtEveryReport() {
        let heard = Mutex<[Int]>([])
        let alongside = Atomic<Int>(0)
        var progress = FinishProgress({ done, total in heard.withLock { $0.append(done) } }, total: 1000) {
            alongside.load(ordering: .relaxed)
        }
        progress.advance(by: 100)
        alongside.store(500, ordering: .relaxed)
        progress.advance(by: 100)
        progress.report()
        alongside.store(900, ordering: .relaxed)
        progress.advance(by: 100)
        progress.finish()
        // 0 at the start; this side's 100, then 200 + 500 twice, then 300 + 900 capped at the total.
        #expect(heard.withLock { $0 } == [0, 100, 700, 700, 1000, 1000])
    }
}
