public import ArgumentParser
import PlacesKit
import Tracking

// What a command writes in is PlacesKit's to render; the command line only names it.
extension OutputFormat: ExpressibleByArgument {}
extension RouteFormat: ExpressibleByArgument {}
extension StopsFormat: ExpressibleByArgument {}
extension FollowFormat: ExpressibleByArgument {}
extension ReportFormat: ExpressibleByArgument {}
extension PlaceFormat: ExpressibleByArgument {}
extension TraceFormat: ExpressibleByArgument {}

extension CaseIterable where Self: RawRepresentable, RawValue == String {
    /// "table, json or geojson": every value the option accepts, for its help, so the two cannot disagree.
    static var choices: String {
        let names = allCases.map(\.rawValue)
        guard names.count > 1, let last = names.last else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " or " + last
    }
}
