public import Foundation
public import OSMFormat
public import PlaceSearch

/// Reads an OpenStreetMap file (XML, PBF, Overpass JSON; gzip or bzip2 too) into the places an
/// import writes. Nothing is written here: the caller stores the result in one transaction, so a
/// file that fails half-way changes nothing.
public enum OSMImport {
    public struct Result: Sendable {
        public var places: [ImportedPlace]
        public var format: OSMFileFormat
        public var elements: Int
        /// Places that could not be given a position (their nodes are outside the extract).
        public var unplaced: Int
    }

    /// - Parameter also: sees every element too, in the same pass (the walking graph's builder).
    public static func read(contentsOf url: URL, progress: OSMReadProgress? = nil, also: (OSMElement) -> Void = { _ in }) throws -> Result {
        var extractor = OSMExtractor()
        var format = OSMFileFormat.xml
        try OSMFileReader.read(
            contentsOf: url, progress: progress, header: { format = $0.format },
            element: { element in
                extractor.consume(element)
                also(element)
            })
        let places = extractor.finish()
        return Result(places: places, format: format, elements: extractor.elementCount, unplaced: extractor.unplaced)
    }
}
