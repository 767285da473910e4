import OSMFormat
import PlaceBytes
import PlaceCore

/// Every address of an import as bytes (``ByteChunks``), from its element until the places are
/// made: a country's addresses are most of what an import holds while the file is read, and an
/// ``Addresses/Address`` took about 200 bytes where these take about 50.
///
///     type and flags (1 byte), id (8), latitude and longitude (8 each), number, street,
///     [postcode], [city], [country], [suffix]
struct PackedAddresses: RandomAccessCollection {
    private static let hasPostcode: UInt8 = 1 << 2
    private static let hasCity: UInt8 = 1 << 3
    private static let hasCountry: UInt8 = 1 << 4
    private static let hasSuffix: UInt8 = 1 << 5
    private static let interpolated: UInt8 = 1 << 6
    private static let types = OSMElementType.allCases

    private var records: ByteRecordList

    /// - Parameter directory: where full chunks go (``ByteChunks``); nil keeps them in memory.
    init(spillingTo directory: String? = nil) {
        records = ByteRecordList(spillingTo: directory)
    }

    var startIndex: Int { 0 }
    var endIndex: Int { records.count }

    mutating func append(_ address: Addresses.Address) {
        var flags = UInt8(Self.types.firstIndex(of: address.type) ?? 0)
        if address.postcode != nil { flags |= Self.hasPostcode }
        if address.city != nil { flags |= Self.hasCity }
        if address.country != nil { flags |= Self.hasCountry }
        if address.suffix != nil { flags |= Self.hasSuffix }
        if address.interpolated { flags |= Self.interpolated }
        records.append { bytes in
            bytes.append(flags)
            ByteRecordWriter.append(UInt64(bitPattern: address.id), width: 8, to: &bytes)
            ByteRecordWriter.append(address.point.latitude.bitPattern, width: 8, to: &bytes)
            ByteRecordWriter.append(address.point.longitude.bitPattern, width: 8, to: &bytes)
            ByteRecordWriter.append(address.number, to: &bytes)
            ByteRecordWriter.append(address.street, to: &bytes)
            // Each by itself: an array of the four would be made for every address.
            if let postcode = address.postcode { ByteRecordWriter.append(postcode, to: &bytes) }
            if let city = address.city { ByteRecordWriter.append(city, to: &bytes) }
            if let country = address.country { ByteRecordWriter.append(country, to: &bytes) }
            if let suffix = address.suffix { ByteRecordWriter.append(suffix, to: &bytes) }
        }
    }

    subscript(position: Int) -> Addresses.Address {
        records.withRecord(at: position) { reader in
            let flags = reader.byte()
            let id = Int64(bitPattern: reader.number(width: 8))
            let latitude = Double(bitPattern: reader.number(width: 8))
            let point = OSMPoint(latitude: latitude, longitude: Double(bitPattern: reader.number(width: 8)))
            let number = reader.text()
            let street = reader.text()
            let postcode = flags & Self.hasPostcode != 0 ? reader.text() : nil
            let city = flags & Self.hasCity != 0 ? reader.text() : nil
            let country = flags & Self.hasCountry != 0 ? reader.text() : nil
            let suffix = flags & Self.hasSuffix != 0 ? reader.text() : nil
            return Addresses.Address(
                type: Self.types[Int(flags & 0b11)], id: id, point: point, number: number, street: street, postcode: postcode, city: city,
                country: country, suffix: suffix, interpolated: flags & Self.interpolated != 0)
        }
    }
}
