/// One ``ImportedPlace`` as bytes, for ``ImportedPlaceList``:
///
///     kind, flags, importance (4 bytes), [latitude, longitude (8 bytes each)], id, name,
///     [detail], [locality], [country], [category], alternate names (count, then each),
///     tags (count, then key and value each, in the order of the keys)
///
/// Texts are a length (LEB128) and their UTF-8 bytes; numbers are little-endian bit patterns, so
/// a place comes back exactly as it went in. Fields in brackets are there when their flag is.
/// The id comes at a place that depends only on the coordinate flag: sorting by id reads no more.
enum PlaceBytes {
    static let indexed: UInt8 = 1 << 0
    static let located: UInt8 = 1 << 1
    static let detailed: UInt8 = 1 << 2
    static let localised: UInt8 = 1 << 3
    static let countried: UInt8 = 1 << 4
    static let categorised: UInt8 = 1 << 5

    /// Writes `place`'s bytes over what `bytes` held (its capacity is kept: one buffer serves a whole import).
    static func encode(_ place: ImportedPlace, into bytes: inout [UInt8]) {
        let record = place.record
        var flags: UInt8 = place.isIndexed ? indexed : 0
        if record.coordinate != nil { flags |= located }
        if record.detail != nil { flags |= detailed }
        if record.locality != nil { flags |= localised }
        if record.countryCode != nil { flags |= countried }
        if record.category != nil { flags |= categorised }
        bytes.removeAll(keepingCapacity: true)
        bytes.append(record.kind.rawValue)
        bytes.append(flags)
        ByteRecordWriter.append(UInt64(record.importance.bitPattern), width: 4, to: &bytes)
        if let coordinate = record.coordinate {
            ByteRecordWriter.append(coordinate.latitude.bitPattern, width: 8, to: &bytes)
            ByteRecordWriter.append(coordinate.longitude.bitPattern, width: 8, to: &bytes)
        }
        ByteRecordWriter.append(record.id, to: &bytes)
        ByteRecordWriter.append(record.name, to: &bytes)
        for text in [record.detail, record.locality, record.countryCode, record.category] {
            if let text { ByteRecordWriter.append(text, to: &bytes) }
        }
        ByteRecordWriter.appendLength(record.alternateNames.count, to: &bytes)
        for name in record.alternateNames { ByteRecordWriter.append(name, to: &bytes) }
        ByteRecordWriter.appendLength(place.tags.count, to: &bytes)
        // In the keys' order: the store writes them so, straight from the bytes.
        for (key, value) in place.tags.sorted(by: { $0.key < $1.key }) {
            ByteRecordWriter.append(key, to: &bytes)
            ByteRecordWriter.append(value, to: &bytes)
        }
    }

    static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> ImportedPlace {
        var reader = ByteRecordReader(bytes, at: 0)
        let record = decodeRecord(&reader)
        let tagCount = reader.length()
        var tags = [String: String](minimumCapacity: tagCount)
        for _ in 0..<tagCount {
            let key = reader.text()
            tags[key] = reader.text()
        }
        return ImportedPlace(record: record, isIndexed: bytes[1] & indexed != 0, tags: tags)
    }

    /// The record of the place that starts `bytes`, without its tags.
    static func decodeRecord(_ bytes: UnsafeBufferPointer<UInt8>) -> NameRecord {
        var reader = ByteRecordReader(bytes, at: 0)
        return decodeRecord(&reader)
    }

    /// Hands `body` each tag's key and value as UTF-8, in the keys' order.
    static func forEachTag(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Void) {
        var reader = ByteRecordReader(bytes, at: 0)
        _ = decodeRecord(&reader, making: false)
        for _ in 0..<reader.length() {
            let key = reader.textBytes()
            body(key, reader.textBytes())
        }
    }

    /// Reads the record and leaves `reader` at the tags. With `making` false it only moves past it.
    private static func decodeRecord(_ reader: inout ByteRecordReader, making: Bool = true) -> NameRecord {
        let bytes = reader.bytes
        reader.offset = 2
        let flags = bytes[1]
        let importance = Float(bitPattern: UInt32(truncatingIfNeeded: reader.number(width: 4)))
        var coordinate: Coordinate?
        if flags & located != 0 {
            let latitude = Double(bitPattern: reader.number(width: 8))
            // It was a Coordinate when it went in: the check passes, and a trap is never the way out.
            coordinate = try? Coordinate(latitude: latitude, longitude: Double(bitPattern: reader.number(width: 8)))
        }
        guard making else {
            reader.skipText()  // id
            reader.skipText()  // name
            for flag in [detailed, localised, countried, categorised] where flags & flag != 0 { reader.skipText() }
            for _ in 0..<reader.length() { reader.skipText() }
            return NameRecord(id: "", name: "", kind: .poi, importance: 0, coordinate: nil)
        }
        let id = reader.text()
        let name = reader.text()
        let detail = flags & detailed != 0 ? reader.text() : nil
        let locality = flags & localised != 0 ? reader.text() : nil
        let country = flags & countried != 0 ? reader.text() : nil
        let category = flags & categorised != 0 ? reader.text() : nil
        var alternates: [String] = []
        let alternateCount = reader.length()
        alternates.reserveCapacity(alternateCount)
        for _ in 0..<alternateCount { alternates.append(reader.text()) }
        return NameRecord(
            id: id, name: name, kind: NameKind(rawValue: bytes[0]) ?? .poi, importance: importance, coordinate: coordinate,
            detail: detail, alternateNames: alternates, locality: locality, countryCode: country, category: category)
    }

    /// Hands `body` the UTF-8 bytes of the id of the place that starts `bytes`.
    static func withID<Result>(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        var reader = ByteRecordReader(bytes, at: bytes[1] & located != 0 ? 22 : 6)
        let length = reader.length()
        return body(UnsafeBufferPointer(rebasing: bytes[reader.offset..<reader.offset + length]))
    }

    /// The category of the place that starts `bytes`, read past the texts before it.
    static func category(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let flags = bytes[1]
        guard flags & categorised != 0 else { return nil }
        var reader = ByteRecordReader(bytes, at: flags & located != 0 ? 22 : 6)
        reader.skipText()
        reader.skipText()
        for flag in [detailed, localised, countried] where flags & flag != 0 { reader.skipText() }
        return reader.text()
    }
}
