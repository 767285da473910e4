import PlaceSearch

/// An element's tags as one array of bytes (a count, then each key and value as a length and its
/// UTF-8): a place or POI waits from its element until the file is read and the places are made,
/// and a dictionary of its tags took about four times the room.
struct PackedTags {
    private var bytes: [UInt8] = []

    init() {}

    init(_ tags: [String: String]) {
        bytes.reserveCapacity(1 + tags.reduce(0) { $0 + 2 + $1.key.utf8.count + $1.value.utf8.count })
        ByteRecordWriter.appendLength(tags.count, to: &bytes)
        for (key, value) in tags {
            ByteRecordWriter.append(key, to: &bytes)
            ByteRecordWriter.append(value, to: &bytes)
        }
    }

    var dictionary: [String: String] {
        guard !bytes.isEmpty else { return [:] }
        return bytes.withUnsafeBufferPointer { buffer in
            var reader = ByteRecordReader(buffer)
            let count = reader.length()
            var tags = [String: String](minimumCapacity: count)
            for _ in 0..<count {
                let key = reader.text()
                tags[key] = reader.text()
            }
            return tags
        }
    }
}
