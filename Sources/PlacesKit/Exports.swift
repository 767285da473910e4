// An app imports PlacesKit alone: the model (places, coordinates), the ranking's results and the
// provider seam come with it, as swift-nio's umbrella module brings its parts.
@_exported public import PlaceRanking
@_exported public import PlaceSearch
@_exported public import PlaceHTTP
@_exported public import PlaceProviders
// The import's reports, options and progress steps, which the import flows take and give.
@_exported public import PlaceImport
