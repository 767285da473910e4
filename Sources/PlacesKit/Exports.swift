// An app imports PlacesKit alone: the model (places, coordinates), the ranking's results and the
// provider seam come with it, as swift-nio's umbrella module brings its parts.
@_exported public import PlaceRanking
@_exported public import PlaceCore
@_exported public import PlaceHTTP
@_exported public import PlaceProviders
// The import's reports, options and progress steps, which the import flows take and give.
@_exported public import PlaceImport
// Lower types the door's API hands out, re-exported one by one, so that an app (and the two
// executables) import PlacesKit alone, and the rest of those modules stays out of sight.
@_exported public import enum PlaceBytes.JSONValue
@_exported public import enum Tracking.TraceFormat
@_exported public import enum Tracking.TraceReader
@_exported public import struct Tracking.TraceError
@_exported public import protocol Tracking.TraceSource
@_exported public import struct Tracking.TraceItems
@_exported public import struct Tracking.RouteMonitor
@_exported public import enum Autocomplete.TypoMatcher
@_exported public import struct Autocomplete.LookupAnswer
@_exported public import struct PlaceStore.StoreLocation
