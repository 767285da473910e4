import Foundation
public import PlaceCore
import PlaceStore

/// Names for stops from the local store, the way Timely Moves looked each place up: a favourite
/// within reach first (the person's own name for it), else the nearest named place imported from
/// OpenStreetMap (a café, a shop, a square), else the nearest address ("Rokin 18", as Timely Moves
/// geocoded each stop's address), else the nearest street. Nothing when there is no store,
/// nothing imported, or nothing within reach.
public struct StopNames {
    /// A stop's name, and where it came from.
    public struct Name: Sendable, Equatable {
        /// The name ("Café de Jaren", "Rokin 18").
        public let name: String
        /// Metres from the stop's centre.
        public let distance: Double
        /// Where it came from: `favourite`, `poi`, `address`, `street`, `place`.
        public let source: String
    }

    private let store: SQLitePlaceStore?
    private let favorites: [FavoriteSummary]
    /// Metres within which a name is taken.
    public let reach: Double

    /// - Throws: ``PlacesError`` when the store exists but cannot be read.
    public init(store access: StoreAccess, reach: Double) throws(PlacesError) {
        self.reach = reach
        guard reach > 0 else {
            (store, favorites) = (nil, [])
            return
        }
        let opened = try access.reading()
        store = opened
        if let opened {
            favorites = try StoreAccess.run { () throws(StoreError) in try opened.favoriteSummaries() }
        } else {
            favorites = []
        }
    }

    /// Whether there is a store to name stops from.
    public var isAvailable: Bool { store != nil }

    /// The name for a stop centred at `centre`: a favourite within reach, else the nearest imported
    /// place, address or street; nil when nothing is within reach.
    public func name(for centre: Coordinate) throws(PlacesError) -> Name? {
        guard let store else { return nil }
        if let favorite = favorites.map({ ($0, $0.coordinate.distance(to: centre)) }).filter({ $0.1 <= reach }).min(by: { $0.1 < $1.1 }) {
            return Name(name: favorite.0.name, distance: favorite.1, source: "favourite")
        }
        let box = BoundingBox(center: centre, radius: reach)
        let nearby = try StoreAccess.run { () throws(StoreError) in try store.importedPlaces(in: box, categories: []) }
        var best: [NameKind: (String, Double)] = [:]
        for place in nearby where place.isIndexed && place.category != "place=postcode" {
            guard let coordinate = place.record.coordinate else { continue }
            let distance = coordinate.distance(to: centre)
            guard distance <= reach, distance < best[place.record.kind]?.1 ?? .infinity else { continue }
            best[place.record.kind] = (place.record.name, distance)
        }
        for (kind, source) in [(NameKind.poi, "poi"), (.address, "address"), (.street, "street"), (.place, "place")] {
            if let (name, distance) = best[kind] { return Name(name: name, distance: distance, source: source) }
        }
        return nil
    }
}
