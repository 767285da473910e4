import Foundation
import OSMFormat
import PlaceCore
import Synchronization

/// The addresses of an import made into places on a thread of their own, while the extractor
/// makes the elements it kept and the streets on its own (``OSMExtractor/finish(progress:)``):
/// they are four in ten of that step's work at a country's size, and the other core was idle.
/// Each side only reads what the file gave; the addresses' places follow the others in the list,
/// in the order they had when they were made after them.
final class AddressPlaces: @unchecked Sendable {
    /// What the addresses' places are made of: values of their own, read by this thread alone.
    struct Source {
        var addresses: PackedAddresses
        var countries: CountryTags
        var settlements: Settlements
        var provider: ProviderID
        var spillDirectory: String?
    }

    private let source: Source
    private let done = Atomic<Int>(0)
    private let finished = DispatchSemaphore(value: 0)
    /// Written by the thread before `finished` is signalled, read after.
    private var made = ImportedPlaceList()

    private init(_ source: Source) {
        self.source = source
    }

    /// Starts making the places on a thread of its own.
    static func start(_ source: Source) -> AddressPlaces {
        let job = AddressPlaces(source)
        Thread { job.run() }.start()
        return job
    }

    private func run() {
        made = source.places { done.add(1, ordering: .relaxed) }
        finished.signal()
    }

    /// Addresses made so far, read from any thread.
    var doneSoFar: Int { done.load(ordering: .relaxed) }

    /// The places, once made; `progress` is called every tenth of a second meanwhile.
    func wait(progress: () -> Void) -> ImportedPlaceList {
        while finished.wait(timeout: .now() + .milliseconds(100)) == .timedOut { progress() }
        progress()
        return made
    }
}

extension AddressPlaces.Source {
    /// The addresses as names ("Keizersgracht 148", in the order the country writes them), then
    /// one place per postcode at the middle of its addresses.
    /// - Parameter advanced: called after each address.
    func places(advanced: () -> Void) -> ImportedPlaceList {
        var places = ImportedPlaceList(spillingTo: spillDirectory)
        places.reserveCapacity(addresses.count + addresses.count / 16)
        var postcodes: [String: PostcodeSums] = [:]
        for address in addresses {
            advanced()
            guard let coordinate = try? Coordinate(latitude: address.point.latitude, longitude: address.point.longitude) else { continue }
            let country = address.country ?? countries.country(at: address.point)
            let locality = address.city ?? settlements.area(of: address.point).town
            let element = "\(provider):\(address.type.rawValue)/\(address.id)"
            let detail = [address.postcode, locality].compactMap { $0 }.joined(separator: " ")
            var tags = ["addr:housenumber": address.number, "addr:street": address.street]
            if let postcode = address.postcode { tags["addr:postcode"] = postcode }
            if let city = address.city { tags["addr:city"] = city }
            if let country { tags["addr:country"] = country }
            places.append(
                ImportedPlace(
                    record: NameRecord(
                        id: address.suffix.map { "\(element)/\($0)" } ?? element,
                        name: Addresses.name(street: address.street, number: address.number, country: country), kind: .address,
                        importance: OSMImportance.address, coordinate: coordinate, detail: detail.isEmpty ? nil : detail, locality: locality,
                        countryCode: country),
                    category: nil, tags: tags))
            if let postcode = address.postcode {
                // "1012JS" and "1012 JS" are one postcode, with one id: counted together, named as
                // most of its addresses write it.
                let key = "\(country ?? "")/\(String(decoding: postcode.utf8.filter { $0 != UInt8(ascii: " ") }, as: UTF8.self))"
                postcodes[key, default: PostcodeSums(locality: locality, country: country)].add(postcode, at: address.point)
            }
        }
        // In the order of their ids, so that the same file gives the same rows every time.
        for key in postcodes.keys.sorted() {
            guard let sums = postcodes[key], let name = sums.name,
                let coordinate = try? Coordinate(latitude: sums.latitude / Double(sums.count), longitude: sums.longitude / Double(sums.count))
            else { continue }
            places.append(
                ImportedPlace(
                    record: NameRecord(
                        id: "\(provider):postcode/\(key)", name: name, kind: .place,
                        importance: OSMImportance.postcode, coordinate: coordinate,
                        detail: ["Postcode", sums.locality].compactMap { $0 }.joined(separator: " · "),
                        alternateNames: Addresses.postcodeForms(name), locality: sums.locality, countryCode: sums.country),
                    category: "place=postcode", tags: ["addr:postcode": name]))
        }
        return places
    }
}
