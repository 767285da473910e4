public import ArgumentParser
import PlacesKit

// What a command writes in is PlacesKit's to render; the command line only names it. ReportFormat is
// named in PlacesCommandLine, which places-server's import shares.
extension OutputFormat: ExpressibleByArgument {}
extension RouteFormat: ExpressibleByArgument {}
extension StopsFormat: ExpressibleByArgument {}
extension FollowFormat: ExpressibleByArgument {}
extension PlaceFormat: ExpressibleByArgument {}
extension TraceFormat: ExpressibleByArgument {}
