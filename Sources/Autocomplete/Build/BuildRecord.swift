import PlaceBytes
import PlaceCore

/// A name record as the build carries it through its sorts, with the folded forms it is found by
/// (computed once, when it is added). Encoded as a payload after a sort key:
///
/// ```
/// u8 kind   u32 importance   u8 has position   i32 latitude   i32 longitude   (1e-7°)
/// str id   str name   u8 has detail [str detail]   u8 has locality [str locality]
/// str country (0 or 2 bytes)   u8 has category [str category]
/// u16 count, str alternate name …   u16 count, str other source id …
/// u16 count, (u8 secondary, u16 alternate number or 0xFFFF, str folded) …
/// ```
/// with `str` a u16 length and UTF-8 bytes. ``PayloadReader`` reads it without copying.
struct BuildRecord {
    var id: [UInt8]
    var name: [UInt8]
    var kind: NameKind
    var importance: Float
    /// Latitude and longitude in 1e-7°, nil without a position.
    var position: (Int32, Int32)?
    var detail: [UInt8]?
    var locality: [UInt8]?
    /// Two upper-case ASCII letters, or empty.
    var country: [UInt8]
    var category: [UInt8]?
    var alternateNames: [[UInt8]]
    /// Ids of the other sources merged into this one.
    var otherSources: [[UInt8]] = []
    var forms: [Form] = []

    struct Form {
        var folded: [UInt8]
        var isSecondary: Bool
        /// Which alternate name it is a form of; nil for the record's own name.
        var alternate: Int?
    }

    /// At most this many alternate names per place (GeoNames has up to a few hundred).
    static let maximumAlternateNames = 400
    /// Longer ids, names and details are cut: a record must fit a sorter's read buffer.
    static let maximumStringBytes = 1_000

    /// The record's own forms first, then each alternate name's own folding, then their
    /// transcriptions: each folded form once, shown as the name it is the folding of where it can
    /// be ("muenchen" is Muenchen's own, not München's transcription). Alternate names with control
    /// characters are not forms.
    static func forms(name: [UInt8], alternates: [[UInt8]]) -> [Form] {
        forms(name: String(decoding: name, as: UTF8.self), alternates: alternates)
    }

    /// ``forms(name:alternates:)`` of a name already made a string.
    static func forms(name: String, alternates: [[UInt8]]) -> [Form] {
        var forms: [Form] = []
        // A name has one to three forms; a set only pays off for a city's hundred alternate names.
        var seen = Set<[UInt8]>()
        func isNew(_ folded: [UInt8]) -> Bool {
            if forms.count < 8 { return !forms.contains { $0.folded == folded } }
            if seen.isEmpty { seen = Set(forms.map(\.folded)) }
            return seen.insert(folded).inserted
        }
        for form in NameForms.forms(of: name, secondary: false) where isNew(form.folded) {
            forms.append(Form(folded: form.folded, isSecondary: form.isSecondary, alternate: nil))
        }
        guard !forms.isEmpty else { return [] }
        let alternateForms = alternates.map { alternate in
            alternate.contains(where: { $0 < 0x20 || $0 == 0x7F })
                ? [] : NameForms.forms(of: String(decoding: alternate, as: UTF8.self), secondary: true)
        }
        for (number, own) in alternateForms.enumerated() {
            if let first = own.first, isNew(first.folded) { forms.append(Form(folded: first.folded, isSecondary: true, alternate: number)) }
        }
        for (number, own) in alternateForms.enumerated() {
            for form in own.dropFirst() where isNew(form.folded) { forms.append(Form(folded: form.folded, isSecondary: true, alternate: number)) }
        }
        return forms
    }

    /// "NL" as two bytes; anything but two ASCII letters is no country.
    static func countryBytes(_ code: String?) -> [UInt8] {
        guard let code else { return [] }
        let bytes = Array(code.utf8)
        guard bytes.count == 2, bytes.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else { return [] }
        return bytes.map { $0 & 0xDF }
    }

    static func cut(_ text: String) -> [UInt8] {
        var text = text
        return text.withUTF8 { Array($0[..<cutEnd($0)]) }
    }

    /// Where the record came from, as far as its id tells: `osm` for `osm:node/1`,
    /// `names:cities.csv` for `names:cities.csv#12` and `names:cities.csv:amsterdam`, the part
    /// before the first colon otherwise. Records of one source are never merged: two cafés of one
    /// chain in one street are two cafés.
    var source: ArraySlice<UInt8> { Self.source(ofID: id[...]) }

    /// ``source`` of an id's bytes.
    static func source(ofID id: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        guard let colon = id.firstIndex(of: UInt8(ascii: ":")) else { return id[id.startIndex..<id.startIndex] }
        let scheme = id[..<colon]
        guard scheme.elementsEqual("names".utf8) else { return scheme }
        let rest = id[(colon + 1)...]
        let end = rest.firstIndex { $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: ":") } ?? id.endIndex
        return id[..<end]
    }

    func encode(into writer: inout ByteWriter) {
        writer.u8(kind.rawValue)
        writer.u32(importance.bitPattern)
        writer.u8(position == nil ? 0 : 1)
        writer.u32(UInt32(bitPattern: position?.0 ?? 0))
        writer.u32(UInt32(bitPattern: position?.1 ?? 0))
        writer.string(id)
        writer.string(name)
        writer.u8(detail == nil ? 0 : 1)
        if let detail { writer.string(detail) }
        writer.u8(locality == nil ? 0 : 1)
        if let locality { writer.string(locality) }
        writer.string(country)
        writer.u8(category == nil ? 0 : 1)
        if let category { writer.string(category) }
        writer.u16(UInt16(alternateNames.count))
        for alternate in alternateNames { writer.string(alternate) }
        writer.u16(UInt16(otherSources.count))
        for other in otherSources { writer.string(other) }
        writer.u16(UInt16(forms.count))
        for form in forms {
            writer.u8(form.isSecondary ? 1 : 0)
            writer.u16(form.alternate.map { UInt16($0) } ?? 0xFFFF)
            writer.string(form.folded)
        }
    }

    /// Decodes a payload (for merging: the rare group of several records).
    init(decoding payload: UnsafeRawBufferPointer) throws(IndexBuildError) {
        let reader = try PayloadReader(payload)
        kind = reader.kind
        importance = reader.importance
        position = reader.position
        id = Array(reader.id)
        name = Array(reader.name)
        detail = reader.detail.map { Array($0) }
        locality = reader.locality.map { Array($0) }
        country = Array(reader.country)
        category = reader.category.map { Array($0) }
        alternateNames = reader.alternates.map { Array($0) }
        otherSources = reader.otherSources.map { Array($0) }
        forms = reader.forms.map {
            Form(folded: Array($0.folded), isSecondary: $0.isSecondary, alternate: $0.alternate)
        }
    }

    var latitude: Double? { position.map { Double($0.0) / 1e7 } }
    var longitude: Double? { position.map { Double($0.1) / 1e7 } }
}

/// The fields of an encoded ``BuildRecord``, as slices of the payload (valid while it is).
struct PayloadReader {
    let kind: NameKind
    let importance: Float
    let position: (Int32, Int32)?
    let id: UnsafeRawBufferPointer
    let name: UnsafeRawBufferPointer
    let detail: UnsafeRawBufferPointer?
    let locality: UnsafeRawBufferPointer?
    /// Empty or two bytes.
    let country: UnsafeRawBufferPointer
    let category: UnsafeRawBufferPointer?
    let alternates: [UnsafeRawBufferPointer]
    let otherSources: [UnsafeRawBufferPointer]
    let forms: [(folded: UnsafeRawBufferPointer, isSecondary: Bool, alternate: Int?)]

    /// The importance of an encoded record, without reading the rest.
    static func importance(_ payload: UnsafeRawBufferPointer) -> UInt32 {
        payload.count >= 5 ? UInt32(littleEndian: payload.loadUnaligned(fromByteOffset: 1, as: UInt32.self)) : 0
    }

    init(_ payload: UnsafeRawBufferPointer) throws(IndexBuildError) {
        var cursor = ByteReader(payload)
        kind = NameKind(rawValue: try cursor.u8()) ?? .poi
        importance = Float(bitPattern: try cursor.u32())
        let hasPosition = try cursor.u8() == 1
        let latitude = Int32(bitPattern: try cursor.u32())
        let longitude = Int32(bitPattern: try cursor.u32())
        position = hasPosition ? (latitude, longitude) : nil
        id = try cursor.slice()
        name = try cursor.slice()
        detail = try cursor.u8() == 1 ? try cursor.slice() : nil
        locality = try cursor.u8() == 1 ? try cursor.slice() : nil
        country = try cursor.slice()
        category = try cursor.u8() == 1 ? try cursor.slice() : nil
        var alternates: [UnsafeRawBufferPointer] = []
        for _ in 0..<(try cursor.u16()) { alternates.append(try cursor.slice()) }
        self.alternates = alternates
        var others: [UnsafeRawBufferPointer] = []
        for _ in 0..<(try cursor.u16()) { others.append(try cursor.slice()) }
        otherSources = others
        var forms: [(folded: UnsafeRawBufferPointer, isSecondary: Bool, alternate: Int?)] = []
        for _ in 0..<(try cursor.u16()) {
            let secondary = try cursor.u8() == 1
            let alternate = try cursor.u16()
            forms.append((try cursor.slice(), secondary, alternate == 0xFFFF ? nil : Int(alternate)))
        }
        self.forms = forms
    }
}

/// What the build's sorted records need beyond the shared writer: 16-bit fields, big-endian keys
/// and length-prefixed strings.
extension ByteWriter {
    mutating func u16(_ value: UInt16) {
        data.append(UInt8(truncatingIfNeeded: value))
        data.append(UInt8(truncatingIfNeeded: value >> 8))
    }
    /// Big-endian: byte order is numeric order, for keys.
    mutating func key32(_ value: UInt32) { u32(value.byteSwapped) }
    mutating func append(_ other: some Sequence<UInt8>) { data.append(contentsOf: other) }
    /// A string of at most 65,535 bytes (the build cuts longer ones).
    mutating func string(_ text: some Collection<UInt8>) {
        u16(UInt16(min(text.count, 0xFFFF)))
        data.append(contentsOf: text.prefix(0xFFFF))
    }
}

/// Reads what a ``ByteWriter`` wrote; a short buffer is an error, not a trap.
struct ByteReader {
    let buffer: UnsafeRawBufferPointer
    var position: Int

    init(_ buffer: UnsafeRawBufferPointer, at position: Int = 0) {
        self.buffer = buffer
        self.position = position
    }

    private func need(_ count: Int) throws(IndexBuildError) {
        guard count >= 0, position + count <= buffer.count else {
            throw IndexBuildError(path: "(build)", reason: "a sorted record is shorter than its fields")
        }
    }

    mutating func u8() throws(IndexBuildError) -> UInt8 {
        try need(1)
        defer { position += 1 }
        return buffer[position]
    }

    mutating func u16() throws(IndexBuildError) -> UInt16 {
        try need(2)
        defer { position += 2 }
        return UInt16(littleEndian: buffer.loadUnaligned(fromByteOffset: position, as: UInt16.self))
    }

    mutating func u32() throws(IndexBuildError) -> UInt32 {
        try need(4)
        defer { position += 4 }
        return UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: position, as: UInt32.self))
    }

    mutating func slice() throws(IndexBuildError) -> UnsafeRawBufferPointer {
        let count = Int(try u16())
        try need(count)
        defer { position += count }
        return UnsafeRawBufferPointer(rebasing: buffer[position..<(position + count)])
    }
}

/// A big-endian u32 read from a key.
@inline(__always) func keyU32(_ buffer: UnsafeRawBufferPointer, at offset: Int) -> UInt32 {
    UInt32(bigEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
}
