public import Foundation
public import PlaceBytes
public import PlaceCore

/// Everything known about one place, as JSON and GeoJSON (`show`, `/v1/places/{id}`). Its hours
/// are read on the place's own clock (``Place/timeZone``), whatever the zone of the machine.
public struct PlaceDocument: Sendable {
    /// The place shown.
    public let place: Place
    /// The moment its hours are read at (is it open now).
    public let now: Date

    /// The document of `place` as of `now`.
    public init(place: Place, now: Date) {
        self.place = place
        self.now = now
    }

    /// Every field of the place, its hours on its own clock, and its sources.
    public func json() -> JSONValue {
        var hoursValue: JSONValue = .null
        if let hours = place.hours {
            hoursValue = [
                "time_zone": .string(place.timeZone.identifier),
                "text": DocumentParts.optional(hours.text),
                "open_now": DocumentParts.optional(place.isOpen(at: now)),
                "status": DocumentParts.optional(place.openingStatus(at: now)),
                "always_open": .bool(hours.isAlwaysOpen),
                "weekly": .array(
                    hours.intervals.map { interval in
                        [
                            "day": .string(interval.weekday.shortName),
                            "opens": .string(OpeningHours.Interval.clock(interval.opens)),
                            "closes": .string(OpeningHours.Interval.clock(interval.closes)),
                        ]
                    }),
            ]
        }
        var addressValue: JSONValue = .null
        if let address = place.address {
            addressValue = [
                "street": DocumentParts.optional(address.street),
                "postcode": DocumentParts.optional(address.postcode),
                "locality": DocumentParts.optional(address.locality),
                "country": DocumentParts.optional(address.countryCode),
                "formatted": DocumentParts.optional(address.fullText),
            ]
        }
        return [
            "id": .string(place.id.description),
            "name": .string(place.name),
            "lat": DocumentParts.number(place.coordinate.latitude, places: 7),
            "lon": DocumentParts.number(place.coordinate.longitude, places: 7),
            "categories": .array(place.categories.map { .string($0.name) }),
            "concepts": .array(place.concepts.sorted().map { .string($0.rawValue) }),
            "rating": DocumentParts.rating(place.rating),
            "price": place.price.map { JSONValue($0.tier) } ?? .null,
            "address": addressValue,
            "phone": DocumentParts.optional(place.phone),
            "website": DocumentParts.optional(place.website),
            "description": DocumentParts.optional(place.summary),
            "hours": hoursValue,
            "photos": .array(
                place.photos.map { photo in
                    [
                        "url": .string(photo.url),
                        "width": photo.width.map { JSONValue($0) } ?? .null,
                        "height": photo.height.map { JSONValue($0) } ?? .null,
                    ]
                }),
            "tips": .array(
                place.tips.map { tip in
                    ["text": .string(tip.text), "created_at": DocumentParts.optional(tip.createdAt?.formatted(.iso8601))]
                }),
            "tags": .object(JSONObject(place.tags.sorted { $0.key < $1.key }.map { JSONObject.Member(key: $0.key, value: .string($0.value)) })),
            "sources": .array(place.sources.map { .string($0.description) }),
            "recommendation": place.recommendation.map { offer in
                [
                    "points": JSONValue(offer.points),
                    "radius_m": DocumentParts.number(offer.arrivalRadius, places: 1),
                    "expires": offer.expires.map { .string(ISO8601Text.format($0)) } ?? .null,
                    "feed": .string(offer.feed),
                ]
            } ?? .null,
        ]
    }

    /// The place as one GeoJSON feature, for a map.
    public func geojson() -> JSONValue {
        DocumentParts.feature(place.coordinate, properties: json())
    }
}
