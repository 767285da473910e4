import PlaceBytes
import PlaceCore

extension BuildRecord {
    /// Writes `record`'s payload, as ``encode(into:)`` writes a build record's, from the
    /// record's texts where they are: a build record made of it first (its id, name, detail,
    /// locality, country and category each made into an array, freed after) was a fifth of
    /// folding a name list. Texts longer than ``maximumStringBytes`` are cut at a character
    /// boundary, at most ``maximumAlternateNames`` alternate names are kept, and an importance
    /// is kept within 0…1.
    /// - Parameter forms: the record's forms (``forms(of:)``).
    /// - Returns: where the id lies in `writer`.
    static func encode(_ record: NameRecord, forms: [Form], alternates: [[UInt8]], into writer: inout ByteWriter) -> Range<Int> {
        writer.u8(record.kind.rawValue)
        writer.u32(clamped(record.importance).bitPattern)
        let position = record.coordinate.map {
            (Int32((($0.latitude * 1e7).rounded())), Int32((($0.longitude * 1e7).rounded())))
        }
        writer.u8(position == nil ? 0 : 1)
        writer.u32(UInt32(bitPattern: position?.0 ?? 0))
        writer.u32(UInt32(bitPattern: position?.1 ?? 0))
        let id = writer.cutString(record.id)
        writer.cutString(record.name)
        writer.u8(record.detail == nil ? 0 : 1)
        if let detail = record.detail { writer.cutString(detail) }
        writer.u8(record.locality == nil ? 0 : 1)
        if let locality = record.locality { writer.cutString(locality) }
        writer.string(countryBytes(record.countryCode))
        writer.u8(record.category == nil ? 0 : 1)
        if let category = record.category { writer.cutString(category) }
        writer.u16(UInt16(alternates.count))
        for alternate in alternates { writer.string(alternate) }
        writer.u16(0)
        writer.u16(UInt16(forms.count))
        for form in forms {
            writer.u8(form.isSecondary ? 1 : 0)
            writer.u16(form.alternate.map { UInt16($0) } ?? 0xFFFF)
            writer.string(form.folded)
        }
        return id
    }

    /// The forms of `record`'s name and alternate names (``forms(name:alternates:)``), and the
    /// alternate names as the payload keeps them.
    static func forms(of record: NameRecord) -> (forms: [Form], alternates: [[UInt8]]) {
        let alternates = record.alternateNames.isEmpty ? [] : record.alternateNames.prefix(maximumAlternateNames).map(cut)
        var name = record.name
        let fits = name.withUTF8 { $0.count <= maximumStringBytes }
        return (forms(name: fits ? name : String(decoding: cut(name), as: UTF8.self), alternates: alternates), alternates)
    }

    /// An importance in 0…1 (not a number is 0).
    static func clamped(_ importance: Float) -> Float {
        importance.isFinite ? min(1, max(0, importance)) : 0
    }

    /// Where a text longer than ``maximumStringBytes`` is cut: at a character boundary.
    static func cutEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard bytes.count > maximumStringBytes else { return bytes.count }
        var end = maximumStringBytes
        while end > 0, bytes[end] & 0xC0 == 0x80 { end -= 1 }
        return end
    }
}

extension ByteWriter {
    /// A text as ``BuildRecord`` keeps it (cut at ``BuildRecord/maximumStringBytes``), copied from
    /// where the string holds it; where it went in `data`.
    @discardableResult
    mutating func cutString(_ text: String) -> Range<Int> {
        var text = text
        return text.withUTF8 { bytes in
            let end = BuildRecord.cutEnd(bytes)
            u16(UInt16(end))
            let start = data.count
            data.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[..<end]))
            return start..<data.count
        }
    }
}
