import Dispatch

/// A pass of the build run on another thread, beside the one that started it; ``result()`` waits
/// for it and hands back its error.
final class ConcurrentPass: @unchecked Sendable {
    private let body: () throws(IndexBuildError) -> Void
    private let done = DispatchGroup()
    private var error: IndexBuildError?

    init(_ body: @escaping () throws(IndexBuildError) -> Void) {
        self.body = body
        DispatchQueue.global().async(group: done) { self.run() }
    }

    private func run() {
        do throws(IndexBuildError) {
            try body()
        } catch {
            self.error = error
        }
    }

    /// Waits for the body to finish; its error, if it failed.
    func result() throws(IndexBuildError) {
        done.wait()
        if let error { throw error }
    }

    deinit { done.wait() }
}
