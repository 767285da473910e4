import Foundation
import GRDB
import PlaceCore
import PlaceSearchTesting
import PlaceStore
import Synchronization

/// A temporary folder per test, so tests run in parallel without sharing files.
struct TemporaryFolder: ~Copyable {
    let path: String

    init() {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("places-store-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func file(_ name: String) -> String { path + "/" + name }

    /// The store path most tests use, one folder down so that opening must create the folder.
    var storePath: String { file("data/places.sqlite") }
}

enum Samples {
    static let dam = Coordinate(52.3731, 4.8926)
    /// Whole seconds: stored dates are seconds since 1970 as a Double, exact for these.
    static let monday = Date(timeIntervalSince1970: 1_795_000_000)

    /// A place with every kind of field filled, to check nothing is lost on the way through the store.
    static func richPlace() -> Place {
        Place(
            id: PlaceID(provider: "foursquare", nativeID: "4b0587a5f964a52062a422e3"), name: "Screaming Beans",
            coordinate: Coordinate(52.3738, 4.8830),
            categories: [Category(id: "13035", name: "Coffee Shop"), Category(name: "Café")],
            concepts: [.coffeeShop, .cafe], rating: Rating(8.9, outOf: 10, count: 212), price: PriceLevel(tier: 2),
            hours: OpeningHours(
                intervals: [
                    .init(weekday: .monday, opens: 480, closes: 1080),
                    .init(weekday: .saturday, opens: 540, closes: 1560),
                ],
                timeZoneIdentifier: "Europe/Amsterdam", text: "Mo 08:00-18:00; Sa 09:00-02:00",
                snapshot: .init(isOpen: true, at: monday)),
            address: Address(
                street: "Eerste Constantijn Huygensstraat 35", postcode: "1054 BR", locality: "Amsterdam",
                countryCode: "NL"),
            phone: "+31 20 123 4567", website: "https://screamingbeans.nl/", summary: "Specialty coffee",
            photos: [Photo(url: "https://example.com/p.jpg", width: 800, height: 600, createdAt: monday)],
            tips: [Tip(text: "Try the filter", createdAt: monday, author: "A.")],
            tags: ["cuisine": "coffee_shop", "wheelchair": "yes"],
            sources: [
                PlaceID(provider: "foursquare", nativeID: "4b0587a5f964a52062a422e3"),
                PlaceID(provider: "osm", nativeID: "node/42"),
            ])
    }

    static func place(_ number: Int, name: String? = nil) -> Place {
        Place.sample(
            "osm", "node/\(number)", name: name ?? "Café \(number)", at: Coordinate(52 + Double(number) / 10_000, 4.9))
    }

    static func favorite(_ number: Int, note: String? = nil, at date: Date = monday) -> Favorite {
        Favorite(place: place(number), note: note, addedAt: date)
    }
}

/// Raw SQL on a store file, for what the public API must never do: plant a bad record, a
/// migration from the future, someone else's table.
func rawSQL(_ path: String, _ sql: String, arguments: [String] = []) throws {
    let queue = try DatabaseQueue(path: path)
    try queue.write { db in try db.execute(sql: sql, arguments: StatementArguments(arguments)) }
}

func rawCount(_ path: String, _ sql: String) throws -> Int {
    let queue = try DatabaseQueue(path: path)
    return try queue.read { db in try Int.fetchOne(db, sql: sql) ?? -1 }
}

/// Runs `body` on `count` threads released at the same moment (not tasks: the cooperative pool has
/// as many threads as cores, so twenty tasks would mostly run a few at a time).
func simultaneously<Result: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) -> Result) -> [Result] {
    let results = Mutex<[Int: Result]>([:])
    let ready = DispatchGroup()
    let done = DispatchGroup()
    let start = DispatchSemaphore(value: 0)
    for index in 0..<count {
        ready.enter()
        done.enter()
        let thread = Thread {
            ready.leave()
            start.wait()
            let result = body(index)
            results.withLock { $0[index] = result }
            done.leave()
        }
        thread.start()
    }
    ready.wait()
    for _ in 0..<count { start.signal() }
    done.wait()
    return results.withLock { results in (0..<count).compactMap { results[$0] } }
}
