import PlaceBytes
/// One place's fields where its bytes hold them (``ImportedPlaceList/withFields(at:_:)``): for a
/// store that binds them as they are, without making the place's strings and record first. The
/// texts point into the list and are valid only inside that call.
package struct PlaceFields {
    package let kind: NameKind
    package let isIndexed: Bool
    package let importance: Float
    package let coordinate: Coordinate?
    package let id: UnsafeBufferPointer<UInt8>
    package let name: UnsafeBufferPointer<UInt8>
    package let detail: UnsafeBufferPointer<UInt8>?
    package let locality: UnsafeBufferPointer<UInt8>?
    package let countryCode: UnsafeBufferPointer<UInt8>?
    package let category: UnsafeBufferPointer<UInt8>?
    package let alternateNameCount: Int
    /// At the first alternate name.
    private let rest: ByteRecordReader

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        var reader = ByteRecordReader(bytes, at: 2)
        let flags = bytes[1]
        kind = NameKind(rawValue: bytes[0]) ?? .poi
        isIndexed = flags & PlaceBytes.indexed != 0
        importance = Float(bitPattern: UInt32(truncatingIfNeeded: reader.number(width: 4)))
        if flags & PlaceBytes.located != 0 {
            let latitude = Double(bitPattern: reader.number(width: 8))
            // It was a Coordinate when it went in: the check passes, and a trap is never the way out.
            coordinate = try? Coordinate(latitude: latitude, longitude: Double(bitPattern: reader.number(width: 8)))
        } else {
            coordinate = nil
        }
        id = reader.textBytes()
        name = reader.textBytes()
        detail = flags & PlaceBytes.detailed != 0 ? reader.textBytes() : nil
        locality = flags & PlaceBytes.localised != 0 ? reader.textBytes() : nil
        countryCode = flags & PlaceBytes.countried != 0 ? reader.textBytes() : nil
        category = flags & PlaceBytes.categorised != 0 ? reader.textBytes() : nil
        alternateNameCount = reader.length()
        rest = reader
    }

    /// The alternate names, as strings (few places have any).
    package func alternateNames() -> [String] {
        var reader = rest
        return (0..<alternateNameCount).map { _ in reader.text() }
    }

    /// The place's record, its texts made into strings.
    var record: NameRecord {
        func string(_ bytes: UnsafeBufferPointer<UInt8>?) -> String? { bytes.map { String(decoding: $0, as: UTF8.self) } }
        return NameRecord(
            id: String(decoding: id, as: UTF8.self), name: String(decoding: name, as: UTF8.self), kind: kind, importance: importance,
            coordinate: coordinate, detail: string(detail), alternateNames: alternateNames(), locality: string(locality),
            countryCode: string(countryCode), category: string(category))
    }

    /// Where the tags start: past the alternate names, at the tags' count.
    private var tags: ByteRecordReader {
        var reader = rest
        for _ in 0..<alternateNameCount { reader.skipText() }
        return reader
    }

    var tagCount: Int {
        var reader = tags
        return reader.length()
    }

    /// Hands `body` each tag's key and value as UTF-8, in the keys' order.
    package func forEachTag(_ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Void) {
        var reader = tags
        for _ in 0..<reader.length() {
            let key = reader.textBytes()
            body(key, reader.textBytes())
        }
    }
}

extension ImportedPlaceList {
    /// Hands `body` the fields of the place at `position` where its bytes are.
    package func withFields<Result>(at position: Int, _ body: (PlaceFields) -> Result) -> Result {
        withBytes(at: position) { body(PlaceFields($0)) }
    }
}
