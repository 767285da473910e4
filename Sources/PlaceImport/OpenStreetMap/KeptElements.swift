import OSMFormat
import PlaceBytes
import PlaceCore

/// The elements an import keeps as places or POIs, as bytes (``ByteChunks``), from their element
/// until the file is read and the places are made: at a country's size a struct and a tag array
/// each took about 400 bytes of memory; these take about 150, in chunks the system may page out.
///
///     type, role and flags (1 byte), id (8), latitude and longitude (8 each),
///     [a car park's box: south, west, north, east (8 each)], tags: a count, then each key and value
struct KeptElements: RandomAccessCollection {
    struct Element {
        var type: OSMElementType
        var id: Int64
        var point: OSMPoint
        var tags: [String: String]
        var role: OSMFeatures.Role
        /// A car park's box, when it is an area.
        var area: PointBox?
    }

    private static let types = OSMElementType.allCases
    private static let roles: [OSMFeatures.Role] = [.poi, .parking, .place]
    private static let hasArea: UInt8 = 1 << 4

    private var records: ByteRecordList

    /// - Parameter directory: where full chunks go (``ByteChunks``); nil keeps them in memory.
    init(spillingTo directory: String? = nil) {
        records = ByteRecordList(spillingTo: directory)
    }

    var startIndex: Int { 0 }
    var endIndex: Int { records.count }

    mutating func append(_ element: Element) {
        var flags = UInt8(Self.types.firstIndex(of: element.type) ?? 0) | UInt8(Self.roles.firstIndex(of: element.role) ?? 0) << 2
        if element.area != nil { flags |= Self.hasArea }
        records.append { bytes in
            bytes.append(flags)
            ByteRecordWriter.append(UInt64(bitPattern: element.id), width: 8, to: &bytes)
            ByteRecordWriter.append(element.point.latitude.bitPattern, width: 8, to: &bytes)
            ByteRecordWriter.append(element.point.longitude.bitPattern, width: 8, to: &bytes)
            if let area = element.area {
                for side in [area.south, area.west, area.north, area.east] { ByteRecordWriter.append(side.bitPattern, width: 8, to: &bytes) }
            }
            ByteRecordWriter.appendLength(element.tags.count, to: &bytes)
            for (key, value) in element.tags {
                ByteRecordWriter.append(key, to: &bytes)
                ByteRecordWriter.append(value, to: &bytes)
            }
        }
    }

    subscript(position: Int) -> Element {
        records.withRecord(at: position) { reader in
            let flags = reader.byte()
            let id = Int64(bitPattern: reader.number(width: 8))
            let latitude = Double(bitPattern: reader.number(width: 8))
            let point = OSMPoint(latitude: latitude, longitude: Double(bitPattern: reader.number(width: 8)))
            var area: PointBox?
            if flags & Self.hasArea != 0 {
                let sides = (0..<4).map { _ in Double(bitPattern: reader.number(width: 8)) }
                area = PointBox(south: sides[0], west: sides[1], north: sides[2], east: sides[3])
            }
            let count = reader.length()
            var tags = [String: String](minimumCapacity: count)
            for _ in 0..<count {
                let key = reader.text()
                tags[key] = reader.text()
            }
            return Element(
                type: Self.types[Int(flags & 0b11)], id: id, point: point, tags: tags, role: Self.roles[Int(flags >> 2 & 0b11)], area: area)
        }
    }
}
