public import Logging
public import PlacesKit
import Synchronization

/// The notices a request's flows say (where answers came from, a provider that failed while others
/// answered), gathered for that request's log line rather than mixed with other requests'.
final class NoticeCollector: Sendable {
    private let notices = Mutex<[Notice]>([])

    func add(_ notice: Notice) { notices.withLock { if $0.count < 50 { $0.append(notice) } } }

    var all: [Notice] { notices.withLock { $0 } }
}

enum RequestNotices {
    /// The collector of the request this task is answering.
    @TaskLocal static var collector: NoticeCollector?

    /// The sink a server's ``PlacesService`` says its notices to: the request's collector, else
    /// the log (a streamed answer goes on after its request's line is written).
    static func sink(_ logger: Logger) -> NoticeSink {
        NoticeSink { notice in
            if let collector { collector.add(notice) } else { logger.notice("\(notice.text)") }
        }
    }
}

/// Where a server's ``PlacesService`` says its notices: to the log line of the request that caused
/// them.
public enum ServerNotices {
    /// The sink for a server's ``PlacesService``: a notice goes to the log line of the request being answered, else
    /// straight to `logger` (a streamed answer goes on after its request's line is written).
    public static func sink(_ logger: Logger) -> NoticeSink { RequestNotices.sink(logger) }
}
