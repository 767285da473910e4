import Foundation
import PlaceBytes
import PlaceCore
import Tracking
import Testing

/// The library example for following a walk (docs/library.md), on a trace written here.
struct ReadmeFollowExampleTests {
    @Test func theFollowExampleSeesTheDetourAndTheArrival() throws {
        let walk = ConstructedWalk.self
        let path = try Polyline.decode(Polyline.encode(walk.route, precision: 5), precision: 5)
        var gpx = #"<?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>"#
        for fix in walk.fixes(seconds: 0...800, offset: { (100..<103).contains($0) ? 60 : 0 }) {
            let time = ISO8601Text.format(fix.time ?? walk.t0)
            gpx += #"<trkpt lat="\#(fix.coordinate.latitude)" lon="\#(fix.coordinate.longitude)"><time>\#(time)</time></trkpt>"#
        }
        gpx += "</trkseg></trk></gpx>"

        var monitor = try RouteMonitor(route: path, settings: RouteMonitor.Settings(arrivalRadius: 50))
        var check = FixCheck()
        var trace = try TraceReader.source(data: Data(gpx.utf8), name: "walk.gpx")
        var said: [String] = []
        while let item = try trace.next() {
            guard case .fix(let fix) = item, case .accepted(let good) = check.check(fix) else { continue }
            switch monitor.process(good) {
            case .offRoute(let off)?: said.append("off route by \(Int(off.distance)) m")
            case .backOnRoute?: said.append("back on route")
            case .arrived?: said.append("arrived")
            case nil: break
            }
        }
        #expect(said == ["off route by 60 m", "back on route", "arrived"])
    }
}
