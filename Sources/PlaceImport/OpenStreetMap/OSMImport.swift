package import Foundation
package import OSMFormat
package import PlaceCore

/// Reads an OpenStreetMap file (XML, PBF, Overpass JSON, GeoJSON; gzip or bzip2 too) into the
/// places an import writes. Nothing is written here: the caller stores the result in one transaction, so a
/// file that fails half-way changes nothing.
package enum OSMImport {
    package struct Result: Sendable {
        package var places: ImportedPlaceList
        package var format: OSMFileFormat
        package var elements: Int
        /// Places that could not be given a position (their nodes are outside the extract).
        package var unplaced: Int
        /// Ways with some of their nodes outside the file, placed by the ones inside.
        package var cutWays = 0
        /// What the read passed over, in words: "16 lines skipped (a line is not a place)".
        package var notes: [String]
        /// OpenStreetMap's (ODbL) for OSM files and for GeoJSON exported from OpenStreetMap (by
        /// overpass-turbo, or with OSM ids); nil for a GeoJSON of other data.
        package var licence: DataLicence?
        /// Elements the overlay's checked changes create that the file already has.
        package var createdButPresent: [String] = []
    }

    /// - Parameters:
    ///   - progress: bytes of the file read.
    ///   - finishing: how far the places, streets and addresses are made once the file is read.
    ///   - overlay: change files applied to the file's elements as they are read (nil: the file as it is).
    ///   - afterReading: called once the file is read, before the places are made: the caller
    ///     finishes and lets go of what `also` built, so that it and the places are never held
    ///     at once.
    ///   - also: sees every element too, in the same pass (the walking graph's builder).
    ///   - spillDirectory: a folder where the addresses and places wait, read back through
    ///     mappings, rather than all in memory (``OSMExtractor/init(provider:spillDirectory:)``).
    package static func read(
        contentsOf url: URL, progress: OSMReadProgress? = nil, finishing: OSMReadProgress? = nil, overlay: OSMChangeOverlay? = nil,
        spillDirectory: String? = nil, afterReading: () -> Void = {},
        also: (OSMElement) -> Void = { _ in }
    ) throws -> Result {
        try read(
            contentsOf: url, progress: progress, finishing: finishing, overlay: overlay, spillDirectory: spillDirectory,
            nodes: LocationIndex(spillingTo: spillDirectory), afterReading: afterReading, also: also)
    }

    /// As ``read(contentsOf:progress:finishing:overlay:spillDirectory:afterReading:also:)``, keeping
    /// every node's position in `nodes`: a node is there by the time `also` sees it, so the
    /// walking graph's builder reads the positions the extractor keeps instead of keeping its own.
    package static func read(
        contentsOf url: URL, progress: OSMReadProgress? = nil, finishing: OSMReadProgress? = nil, overlay: OSMChangeOverlay? = nil,
        spillDirectory: String? = nil, nodes: LocationIndex, afterReading: () -> Void = {},
        also: (OSMElement) -> Void = { _ in }
    ) throws -> Result {
        var extractor = OSMExtractor(spillDirectory: spillDirectory, nodes: nodes)
        var format = OSMFileFormat.xml
        var generator: String?
        var overlay = overlay
        func consume(_ element: OSMElement) {
            extractor.consume(element)
            also(element)
        }
        let read = try OSMFileReader.read(
            contentsOf: url, progress: progress,
            header: {
                format = $0.format
                generator = $0.generator
            },
            element: { element in
                if overlay == nil { consume(element) } else { overlay?.pass(element, to: consume) }
            })
        overlay?.finish(to: consume)
        let fromOSM = format != .geoJSON || read.featuresWithOSMIDs > 0 || (generator?.lowercased().contains("overpass") ?? false)
        afterReading()
        let places = extractor.finish(progress: finishing)
        return Result(
            places: places, format: format, elements: format == .geoJSON ? read.features : extractor.elementCount,
            unplaced: extractor.unplaced, cutWays: extractor.cutWays, notes: notes(read) + nothingKept(format, read, places),
            licence: fromOSM ? .openStreetMap : nil,
            createdButPresent: overlay?.createdButPresent ?? [])
    }

    /// A GeoJSON of something other than OpenStreetMap data (a city's parking bays) keeps nothing:
    /// say why instead of a bare "nothing to keep".
    private static func nothingKept(_ format: OSMFileFormat, _ read: OSMReadNotes, _ places: ImportedPlaceList) -> [String] {
        let placed = read.features - read.skipped.values.reduce(0, +)
        guard format == .geoJSON, places.isEmpty, placed > 0 else { return [] }
        let features: String = placed == 1 ? "1 feature has" : "\(placed) features have"
        let tags = "(a name with amenity, shop, tourism, leisure, historic, craft, office or place; amenity=parking)"
        return ["none of its \(features) the OpenStreetMap tags a place is kept for \(tags)"]
    }

    private static func notes(_ read: OSMReadNotes) -> [String] {
        read.skipped.sorted { $0.key < $1.key }.map { what, count -> String in
            let noun: String = count == 1 ? what : plural(what)
            let why: String = what == "line" ? " (a line is not a place)" : ""
            return "\(count) \(noun) skipped\(why)"
        }
    }

    /// "line" → "lines", "Point geometry" → "Point geometries", "feature without a geometry" → "features without a geometry".
    private static func plural(_ noun: String) -> String {
        var words = noun.split(separator: " ").map(String.init)
        let head = words.firstIndex(of: "without").map { $0 - 1 } ?? words.count - 1
        guard head >= 0 else { return noun }
        let word = words[head]
        words[head] = word.hasSuffix("y") ? word.dropLast() + "ies" : word + "s"
        return words.joined(separator: " ")
    }
}
