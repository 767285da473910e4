import PlaceSearch

/// What a query's categories and area (``AutocompleteQuery/categories``,
/// ``AutocompleteQuery/area``) ask of a record, checked in the search as a candidate enters the top,
/// so that "hotel" near one place or "Senaatintori" in Helsinki find their few answers among many
/// names instead of being cut from a list ranked without them. A filter only keeps records out,
/// so the search's bounds stay bounds.
struct RecordFilter {
    /// Categories as bytes: `tourism=hotel`, or a bare key.
    let categories: [[UInt8]]?
    let area: AreaFilter?
    private let countryBytes: [UInt8]?
    private let townCountryBytes: [UInt8]?
    private let foldedName: [UInt8]?

    init?(categories: [String]?, area: AreaFilter?) {
        guard categories != nil || area != nil else { return nil }
        self.categories = categories.map { $0.map { Array($0.utf8) } }
        self.area = area
        countryBytes = area?.countryCode.map { Array($0.uppercased().utf8) }
        townCountryBytes = area?.townCountry.map { Array($0.uppercased().utf8) }
        foldedName = area?.name.map(TextFolding.foldedWordBytes)
    }

    func accepts(_ view: IndexView, record: Int) -> Bool {
        if let categories, !Self.matches(view.recordCategory(record), categories) { return false }
        guard let area else { return true }
        let country = view.recordCountryBytes(record)
        if let countryBytes { return country.elementsEqual(countryBytes) }
        if let townCountryBytes, country.count == 2, !country.elementsEqual(townCountryBytes) { return false }
        if let foldedName, let locality = view.recordLocality(record), TextFolding.foldedWordBytes(locality) == foldedName { return true }
        guard let centre = area.centre, let position = view.recordPosition(record) else { return false }
        return Geodesy.distance(centre, position) <= area.reach
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
