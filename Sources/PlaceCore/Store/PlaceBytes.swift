import PlaceBytes
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
        let fields = PlaceFields(bytes)
        var tags = [String: String](minimumCapacity: fields.tagCount)
        fields.forEachTag { key, value in tags[String(decoding: key, as: UTF8.self)] = String(decoding: value, as: UTF8.self) }
        return ImportedPlace(record: fields.record, isIndexed: fields.isIndexed, tags: tags)
    }

    static func decodeRecord(_ bytes: UnsafeBufferPointer<UInt8>) -> NameRecord {
        PlaceFields(bytes).record
    }

    /// Hands `body` the UTF-8 bytes of the id of the place that starts `bytes`.
    static func withID<Result>(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        var reader = ByteRecordReader(bytes, at: bytes[1] & located != 0 ? 22 : 6)
        let length = reader.length()
        return body(UnsafeBufferPointer(rebasing: bytes[reader.offset..<reader.offset + length]))
    }
}
