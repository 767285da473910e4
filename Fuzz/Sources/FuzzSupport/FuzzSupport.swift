import Foundation
import HTTPTypes
@testable import PlaceBytes
@testable import PlaceHTTP
@testable import PlaceCore
import Tracking

/// Reads a trace of `format` to its end, as `places stops` does, then as `places follow --route`
/// reads a route's path. The bytes are not copied, so a read past their end is seen by ASan.
public func readTrace(_ start: UnsafeRawPointer, _ count: Int, format: TraceFormat) {
    let data = Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: start), count: count, deallocator: .none)
    // Which GPX points to yield matters for GPX only: other formats are read once.
    for points in format == .gpx ? [GPXPointKinds.trackPoints, .all] : [.all] {
        guard var source = try? TraceReader.source(data: data, name: "fuzz", format: format, gpxPoints: points) else {
            continue
        }
        do {
            while try source.next() != nil {}
        } catch {}
    }
    _ = try? TraceReader.readPath(data: data, name: "fuzz", format: format)
}

/// Reads an HTTP answer body as a provider does: the status check of an error answer (which looks for
/// the service's own message), then the JSON and the provider's reader.
public func readAnswer(_ start: UnsafeRawPointer, _ count: Int, _ read: (JSONCursor) throws(JSONShapeError) -> Void) {
    let data = Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: start), count: count, deallocator: .none)
    let response = ProviderResponse(provider: "fuzz", endpoint: "fuzz.example/api", redactor: Redactor())
    _ = try? response.check(HTTPResponse(status: .internalServerError), body: data)
    _ = try? response.read(data, read)
}
