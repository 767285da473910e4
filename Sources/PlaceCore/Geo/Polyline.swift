import PlaceBytes
/// Google's encoded polyline format, as Google Directions (precision 5) and OSRM (`polyline`,
/// precision 5, or `polyline6`, precision 6) send a path.
///
/// Each point is the difference from the previous one (the first from 0,0), latitude then
/// longitude, each rounded to `precision` decimals, zig-zag encoded and written in 5-bit chunks
/// as the characters `?`…`~`. `_p~iF~ps|U_ulLnnqC_mqNvxq`@` is (38.5, -120.2), (40.7, -120.95),
/// (43.252, -126.453).
public enum Polyline {
    /// The precisions this type reads and writes: 0 to 9 decimals (1e-9 degrees is 0.1 mm).
    public static let precisions = 0...9

    /// `path` as an encoded polyline. Each coordinate is rounded to `precision` decimals before
    /// the differences are taken, so rounding errors do not add up along the path.
    /// - Parameter precision: decimals kept; values outside ``precisions`` are clamped to it.
    public static func encode(_ path: [Coordinate], precision: Int = 5) -> String {
        let factor = scale(min(max(precision, precisions.lowerBound), precisions.upperBound))
        var output: [UInt8] = []
        output.reserveCapacity(path.count * 8)
        var previousLatitude: Int64 = 0
        var previousLongitude: Int64 = 0
        for point in path {
            // A coordinate is within ±180, so at 1e9 this is at most 1.8e11: no overflow.
            let latitude = Int64((point.latitude * factor).rounded())
            let longitude = Int64((point.longitude * factor).rounded())
            append(latitude - previousLatitude, to: &output)
            append(longitude - previousLongitude, to: &output)
            previousLatitude = latitude
            previousLongitude = longitude
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The path `text` encodes.
    /// - Throws: ``PolylineError`` naming the offset of the first character that cannot be read:
    ///   one outside `?`…`~`, a value cut off at the end, a value too long to be a coordinate, or a
    ///   point off the globe. Hostile input fails; it never traps.
    public static func decode(_ text: String, precision: Int = 5) throws(PolylineError) -> [Coordinate] {
        guard precisions.contains(precision) else {
            throw PolylineError(offset: 0, problem: .unsupportedPrecision(precision))
        }
        let factor = scale(precision)
        // Bounds in encoded units; checking every point against them also keeps the sums small.
        let latitudeLimit = Int64(90 * factor)
        let longitudeLimit = Int64(180 * factor)
        var path: [Coordinate] = []
        var latitude: Int64 = 0
        var longitude: Int64 = 0
        var bytes = Array(text.utf8)[...]
        var offset = 0
        while !bytes.isEmpty {
            let pointOffset = offset
            latitude += try value(from: &bytes, offset: &offset)
            guard (-latitudeLimit...latitudeLimit).contains(latitude) else {
                throw PolylineError(offset: pointOffset, problem: .latitudeOutOfRange(Double(latitude) / factor))
            }
            guard !bytes.isEmpty else { throw PolylineError(offset: offset, problem: .truncated) }
            longitude += try value(from: &bytes, offset: &offset)
            guard (-longitudeLimit...longitudeLimit).contains(longitude) else {
                throw PolylineError(offset: pointOffset, problem: .longitudeOutOfRange(Double(longitude) / factor))
            }
            do {
                path.append(try Coordinate(latitude: Double(latitude) / factor, longitude: Double(longitude) / factor))
            } catch {
                // Unreachable after the checks above; kept so that a change there cannot trap.
                throw PolylineError(offset: pointOffset, problem: .latitudeOutOfRange(Double(latitude) / factor))
            }
        }
        return path
    }

    // MARK: - Chunks

    /// More chunks than this (60 bits) cannot be a coordinate at any supported precision.
    private static let maximumChunks = 12

    private static func scale(_ precision: Int) -> Double {
        var factor = 1.0
        for _ in 0..<precision { factor *= 10 }
        return factor
    }

    private static func append(_ value: Int64, to output: inout [UInt8]) {
        var bits = UInt64(bitPattern: value < 0 ? ~(value << 1) : value << 1)
        while bits >= 0x20 {
            output.append(UInt8(truncatingIfNeeded: (bits & 0x1F) | 0x20) + 63)
            bits >>= 5
        }
        output.append(UInt8(truncatingIfNeeded: bits) + 63)
    }

    /// One zig-zag value; `offset` moves past its chunks.
    private static func value(from bytes: inout ArraySlice<UInt8>, offset: inout Int) throws(PolylineError) -> Int64 {
        let start = offset
        var result: UInt64 = 0
        var shift: UInt64 = 0
        var chunks = 0
        while true {
            guard let byte = bytes.popFirst() else { throw PolylineError(offset: offset, problem: .truncated) }
            guard (63...126).contains(byte) else {
                throw PolylineError(offset: offset, problem: .invalidCharacter(byte))
            }
            offset += 1
            chunks += 1
            guard chunks <= maximumChunks else { throw PolylineError(offset: start, problem: .valueTooLong) }
            let chunk = UInt64(byte - 63)
            result |= (chunk & 0x1F) << shift
            shift += 5
            if chunk < 0x20 { break }
        }
        // At most 60 bits, so both halves fit an Int64.
        let magnitude = Int64(bitPattern: result >> 1)
        return result & 1 == 1 ? ~magnitude : magnitude
    }
}

/// Why a text is not an encoded polyline, and where.
public struct PolylineError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong with the text.
    public enum Problem: Equatable, Sendable {
        /// A byte outside `?`…`~` (63…126).
        case invalidCharacter(UInt8)
        /// The text ends inside a value, or after a latitude without its longitude.
        case truncated
        /// A value longer than any coordinate needs.
        case valueTooLong
        /// A point's latitude, in degrees, is outside −90…90.
        case latitudeOutOfRange(Double)
        /// A point's longitude, in degrees, is outside −180…180.
        case longitudeOutOfRange(Double)
        /// A precision outside ``Polyline/precisions``.
        case unsupportedPrecision(Int)
    }

    /// Where in the text (in UTF-8 bytes, which is characters for a valid polyline): the bad
    /// character, the end, or the start of the value or point that is wrong.
    public let offset: Int
    /// What is wrong at `offset`.
    public let problem: Problem

    /// Makes an error for `problem` found at UTF-8 byte `offset` of the text.
    public init(offset: Int, problem: Problem) {
        self.offset = offset
        self.problem = problem
    }

    /// ``reason`` after "not an encoded polyline: ", or, for an unsupported precision, the reason alone.
    public var description: String {
        if case .unsupportedPrecision = problem { return reason }
        return "not an encoded polyline: \(reason)"
    }

    /// What is wrong, without the "not an encoded polyline" preamble: for messages that name the
    /// field the polyline came from.
    public var reason: String {
        switch problem {
        case .invalidCharacter(let byte):
            let shown = (32..<127).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte \(byte)"
            return "\(shown) at offset \(offset) is outside '?'…'~' (63…126)"
        case .truncated:
            return "it ends in the middle of a point at offset \(offset)"
        case .valueTooLong:
            return "the value at offset \(offset) is too long to be a coordinate"
        case .latitudeOutOfRange(let value):
            return "the point at offset \(offset) has latitude \(NumberText.trimmed(value, 9)), outside -90…90"
        case .longitudeOutOfRange(let value):
            return "the point at offset \(offset) has longitude \(NumberText.trimmed(value, 9)), outside -180…180"
        case .unsupportedPrecision(let precision):
            return
                "cannot read a polyline with precision \(precision); use 0…9 decimals (5 for Google, 6 for OSRM polyline6)"
        }
    }
}
