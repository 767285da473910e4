public import Foundation

/// A place someone keeps, with enough of it stored to show it without asking the provider again.
public struct Favorite: Sendable, Equatable {
    /// The place as it was when it was added (or last refreshed).
    public var place: Place
    /// The person's own words: "cheap on Sundays".
    public var note: String?
    public var addedAt: Date
    public var updatedAt: Date

    public var id: PlaceID { place.id }

    public init(place: Place, note: String? = nil, addedAt: Date, updatedAt: Date? = nil) {
        self.place = place
        self.note = note
        self.addedAt = addedAt
        self.updatedAt = updatedAt ?? addedAt
    }
}

/// What adding a favourite did.
public enum FavoriteChange: String, Sendable, Equatable {
    /// It was not a favourite before.
    case added
    /// It was: its stored place and note were refreshed, its date of adding kept.
    case updated
}

/// What `places favorites list` shows of a favourite: read from plain columns, so that listing
/// ten thousand of them does not decode ten thousand places.
public struct FavoriteSummary: Sendable, Equatable {
    public var id: PlaceID
    public var name: String
    public var coordinate: Coordinate
    /// The place's first category, e.g. "Parking meter", "Coffee Shop".
    public var kind: String?
    /// One line of address, when known.
    public var address: String?
    public var note: String?
    public var addedAt: Date

    public init(id: PlaceID, name: String, coordinate: Coordinate, kind: String?, address: String?, note: String?, addedAt: Date) {
        self.id = id
        self.name = name
        self.coordinate = coordinate
        self.kind = kind
        self.address = address
        self.note = note
        self.addedAt = addedAt
    }
}
