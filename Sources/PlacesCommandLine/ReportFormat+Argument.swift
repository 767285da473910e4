public import ArgumentParser
public import PlacesKit

// Here rather than beside places' other formats: ``ImportArguments`` takes a report format, and
// places-server parses it too.
extension ReportFormat: ExpressibleByArgument {}
