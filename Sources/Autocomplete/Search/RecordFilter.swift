import PlaceCore

/// What a query's categories and country (``AutocompleteQuery/categories``,
/// ``AutocompleteQuery/area``) ask of a record, checked in the search as a candidate enters the
/// top, so that "hotel" near one place or "paris" in France find their few answers among many
/// names instead of being cut from a list ranked without them. A filter only keeps records out,
/// so the search's bounds stay bounds.
struct RecordFilter {
    /// Categories as bytes: `tourism=hotel`, or a bare key.
    let categories: [[UInt8]]?
    private let countryBytes: [UInt8]?
    private let townCountryBytes: [UInt8]?

    init?(categories: [String]?, area: AreaFilter?) {
        guard categories != nil || area != nil else { return nil }
        self.categories = categories.map { $0.map { Array($0.utf8) } }
        countryBytes = area?.countryCode.map { Array($0.uppercased().utf8) }
        townCountryBytes = area?.townCountry.map { Array($0.uppercased().utf8) }
    }

    func accepts(_ view: IndexView, record: Int) -> Bool {
        if let categories, !Self.matches(view.recordCategory(record), categories) { return false }
        let country = view.recordCountryBytes(record)
        if let countryBytes { return country.elementsEqual(countryBytes) }
        if let townCountryBytes, country.count == 2, !country.elementsEqual(townCountryBytes) { return false }
        return true
    }

    /// Whether `category` (`railway=station`) is one of `tags`, or has a bare key among them.
    static func matches(_ category: UnsafeRawBufferPointer, _ tags: [[UInt8]]) -> Bool {
        guard let equals = category.firstIndex(of: UInt8(ascii: "=")) else { return false }
        for tag in tags {
            if tag.contains(UInt8(ascii: "=")) {
                if category.elementsEqual(tag) { return true }
            } else if category[..<equals].elementsEqual(tag) {
                return true
            }
        }
        return false
    }
}
