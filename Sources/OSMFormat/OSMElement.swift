/// The three kinds of OpenStreetMap element, as every OSM format (XML, PBF, Overpass JSON) has them.
///
/// Readers hand elements to a callback one at a time, so that a file of any size is read in bounded
/// memory; what to keep is the caller's decision.
public enum OSMElement: Sendable, Equatable {
    case node(OSMNode)
    case way(OSMWay)
    case relation(OSMRelation)
}

public enum OSMElementType: String, Sendable, Hashable, CaseIterable {
    case node, way, relation
}

/// Tags in the order the file gives them. Most nodes have none, so the empty case must cost nothing.
public typealias OSMTagList = [String: String]

public struct OSMNode: Sendable, Equatable {
    public var id: Int64
    /// Degrees, as the file gives them (PBF: granularity and offsets already applied).
    public var latitude: Double
    public var longitude: Double
    public var tags: OSMTagList

    public init(id: Int64, latitude: Double, longitude: Double, tags: OSMTagList = [:]) {
        self.id = id
        self.latitude = latitude
        self.longitude = longitude
        self.tags = tags
    }
}

public struct OSMWay: Sendable, Equatable {
    public var id: Int64
    public var nodeRefs: [Int64]
    public var tags: OSMTagList
    /// Overpass JSON `out center` gives a way's centre and no node list; files give node refs instead.
    public var center: OSMPoint?

    public init(id: Int64, nodeRefs: [Int64], tags: OSMTagList = [:], center: OSMPoint? = nil) {
        self.id = id
        self.nodeRefs = nodeRefs
        self.tags = tags
        self.center = center
    }
}

public struct OSMRelation: Sendable, Equatable {
    public struct Member: Sendable, Equatable {
        public var type: OSMElementType
        public var ref: Int64
        public var role: String

        public init(type: OSMElementType, ref: Int64, role: String) {
            self.type = type
            self.ref = ref
            self.role = role
        }
    }

    public var id: Int64
    public var members: [Member]
    public var tags: OSMTagList
    public var center: OSMPoint?

    public init(id: Int64, members: [Member], tags: OSMTagList = [:], center: OSMPoint? = nil) {
        self.id = id
        self.members = members
        self.tags = tags
        self.center = center
    }
}

/// A point as OSM data carries it (not checked against the globe: a reader reports bad values itself).
public struct OSMPoint: Sendable, Equatable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// What a file says about itself before its elements (XML `<bounds>`, PBF HeaderBlock bbox).
public struct OSMFileHeader: Sendable, Equatable {
    public var format: OSMFileFormat
    public var generator: String?
    /// south, west, north, east in degrees, when the file gives them.
    public var bounds: (south: Double, west: Double, north: Double, east: Double)?

    public init(format: OSMFileFormat, generator: String? = nil, bounds: (south: Double, west: Double, north: Double, east: Double)? = nil) {
        self.format = format
        self.generator = generator
        self.bounds = bounds
    }

    public static func == (lhs: OSMFileHeader, rhs: OSMFileHeader) -> Bool {
        lhs.format == rhs.format && lhs.generator == rhs.generator
            && lhs.bounds.map { [$0.south, $0.west, $0.north, $0.east] } == rhs.bounds.map { [$0.south, $0.west, $0.north, $0.east] }
    }
}

public enum OSMFileFormat: String, Sendable, Hashable {
    case xml, pbf, overpassJSON = "overpass-json", geoJSON = "geojson"
}

/// Why a file could not be read, and where: the reader stops at the first problem.
public struct OSMFormatError: Error, Sendable, Equatable, CustomStringConvertible {
    /// "line 12, column 4" for XML and malformed JSON; "elements[12]" for an Overpass JSON element;
    /// "byte 123456 (blob 7)" for PBF (the offset where that blob starts; the OSMHeader is blob 1).
    public var location: String?
    public var message: String
    /// What a file that is no OpenStreetMap file looks like, when that says what to do instead
    /// (a name list given as an extract): each edge words the remedy.
    public var looksLike: FileKind?

    public init(location: String? = nil, message: String, looksLike: FileKind? = nil) {
        self.location = location
        self.message = message
        self.looksLike = looksLike
    }

    public var description: String { location.map { "\($0): \(message)" } ?? message }
}

/// Progress for a long read: bytes consumed of the total, for a progress bar.
public typealias OSMReadProgress = @Sendable (_ bytesRead: Int, _ totalBytes: Int) -> Void
