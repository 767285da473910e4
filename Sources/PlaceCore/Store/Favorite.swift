public import Foundation

/// A place someone keeps, with enough of it stored to show it without asking the provider again.
public struct Favorite: Sendable, Equatable {
    /// The place as it was when it was added (or last refreshed).
    public var place: Place
    /// The person's own words: "cheap on Sundays".
    public var note: String?
    /// When the place was first made a favourite; kept when the favourite is updated.
    public var addedAt: Date
    /// When the stored place or note was last refreshed; ``addedAt`` until then.
    public var updatedAt: Date

    /// The stored place's id, by which the favourite is found.
    public var id: PlaceID { place.id }

    /// Makes a favourite of `place`; `updatedAt` defaults to `addedAt`.
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
    /// The favourite place's id.
    public var id: PlaceID
    /// The place's name as stored with the favourite.
    public var name: String
    /// Where the place is.
    public var coordinate: Coordinate
    /// The place's first category, e.g. "Parking meter", "Coffee Shop".
    public var kind: String?
    /// One line of address, when known.
    public var address: String?
    /// The person's own words, when they left any.
    public var note: String?
    /// When the place was made a favourite.
    public var addedAt: Date

    /// Makes a summary from its columns.
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
