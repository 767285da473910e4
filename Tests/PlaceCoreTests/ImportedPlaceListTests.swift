import Foundation
import Testing

@testable import PlaceCore

/// An import's places kept as bytes must come back exactly as they went in, field for field, and
/// move, sort and drop as an array of them would.
struct ImportedPlaceListTests {
    /// Places with every optional field set or not, texts of every size and script, and ids that repeat.
    private static func places(count: Int, seed: UInt64) throws -> [ImportedPlace] {
        var state = seed
        func random(_ below: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % below
        }
        let texts = [
            "", "Dam", "Keizersgracht 148", "Café de Jaren", "Zürich Hauptbahnhof", "東京駅", "🚲 parking", String(repeating: "long ", count: 60),
        ]
        func text() -> String { texts[random(texts.count)] }
        func maybe() -> String? { random(3) == 0 ? nil : text() }
        return try (0..<count).map { index in
            let coordinate = random(5) == 0 ? nil : try Coordinate(latitude: Double(random(180_000)) / 1000 - 90, longitude: -179.999_999_9)
            var tags: [String: String] = [:]
            for _ in 0..<random(6) { tags[text() + "\(random(9))"] = text() }
            let record = NameRecord(
                id: "osm:\(["node", "way", "relation"][random(3)])/\(random(count + 1))", name: text(),
                kind: NameKind.allCases[random(NameKind.allCases.count)], importance: Float(random(1000)) / 999 - (index == 1 ? 1 : 0),
                coordinate: coordinate, detail: maybe(), alternateNames: (0..<random(3)).map { _ in text() }, locality: maybe(),
                countryCode: random(2) == 0 ? nil : "NL", category: maybe())
            return ImportedPlace(record: record, isIndexed: random(4) != 0, tags: tags)
        }
    }

    @Test(arguments: [0, 1, 7, 5_000])
    func givesBackWhatWentIn(count: Int) throws {
        let input = try Self.places(count: count, seed: UInt64(count) + 1)
        let list = ImportedPlaceList(input)
        #expect(list.count == input.count)
        #expect(Array(list) == input)
        for position in list.indices {
            #expect(list.kind(at: position) == input[position].record.kind)
            #expect(list.isIndexed(at: position) == input[position].isIndexed)
            #expect(list.id(at: position) == input[position].record.id)
            #expect(list.category(at: position) == input[position].category)
            #expect(list.coordinate(at: position) == input[position].record.coordinate)
        }
    }

    /// Chunks are a megabyte: these places fill several, and one is larger than a chunk.
    @Test func placesSpanManyChunks() throws {
        let point = try Coordinate(latitude: 52.37, longitude: 4.89)
        var input = (0..<30_000).map { number in
            ImportedPlace(
                record: NameRecord(
                    id: "n/\(number)", name: String(repeating: "x", count: number % 97), kind: .poi, importance: 0.5, coordinate: point))
        }
        input.insert(
            ImportedPlace(record: NameRecord(id: "big", name: String(repeating: "ü", count: 700_000), kind: .place, importance: 1, coordinate: nil)),
            at: 12_345)
        let list = ImportedPlaceList(input)
        #expect(Array(list) == input)
        #expect(list[12_345].record.name.utf8.count == 1_400_000)
    }

    /// Full chunks go to a file in the folder and come back through a mapping; the file has no
    /// name there, and a folder that cannot take it leaves the list in memory.
    @Test(arguments: [true, false])
    func spilledPlacesComeBackAsTheyWentIn(folderExists: Bool) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("spill-\(UUID().uuidString)")
        if folderExists { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = try Self.places(count: 12_000, seed: 5)
        var list = ImportedPlaceList(spillingTo: folder.path)
        for place in input { list.append(place) }
        #expect(Array(list) == input)
        list.reorder(Array(list.indices.reversed()))
        #expect(Array(list) == input.reversed())
        if folderExists { #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty) }
    }

    /// Places made on another thread join a list without being copied: the same places, in order,
    /// whether either list spilled its full chunks or not, and the joined list takes more after.
    @Test(arguments: [(false, false), (true, false), (false, true), (true, true)])
    func aListAppendedKeepsEveryPlaceInOrder(firstSpills: Bool, secondSpills: Bool) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("spill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try Self.places(count: 20_000, seed: 11)
        let second = try Self.places(count: 15_000, seed: 12)
        let more = try Self.places(count: 3, seed: 13)
        var list = ImportedPlaceList(spillingTo: firstSpills ? folder.path : nil)
        for place in first { list.append(place) }
        var other = ImportedPlaceList(spillingTo: secondSpills ? folder.path : nil)
        for place in second { other.append(place) }
        list.append(contentsOf: other)
        for place in more { list.append(place) }
        #expect(Array(list) == first + second + more)
        #expect(Array(other) == second, "the list appended is as it was")
    }

    @Test func idOrderIsTheBytesOrderAndKeepsTheOrderOfOneID() throws {
        let ids = ["osm:way/2", "osm:node/10", "osm:node/9", "osm:way/2", "osm:node/10", "Z", "a", "é", "e\u{301}"]
        let list = ImportedPlaceList(ids.map { ImportedPlace(record: NameRecord(id: $0, name: "x", kind: .poi, importance: 0, coordinate: nil)) })
        let order = list.idOrder()
        let expected = ids.indices.sorted { a, b in
            let (left, right) = (Array(ids[a].utf8), Array(ids[b].utf8))
            return left == right ? a < b : left.lexicographicallyPrecedes(right)
        }
        #expect(order == expected)
        #expect(list.sameID(1, 4))
        #expect(!list.sameID(1, 2))
        // Equal to Swift, but other bytes: SQLite keeps both, so the list tells them apart.
        #expect(!list.sameID(7, 8))
    }

    @Test func kindAndIDOrderSortsByKindFirst() throws {
        let entries: [(String, NameKind)] = [("b", .street), ("a", .address), ("c", .street), ("a", .poi), ("b", .street)]
        let list = ImportedPlaceList(
            entries.map { ImportedPlace(record: NameRecord(id: $0.0, name: "x", kind: $0.1, importance: 0, coordinate: nil)) })
        #expect(list.kindAndIDOrder() == [0, 4, 2, 3, 1])
    }

    /// The keyed sort against a plain sort of the ids' bytes, on ids built to trip it: a long
    /// shared prefix, ids that end inside the 16 key bytes or run past them, zero bytes, bytes
    /// above 0x7F, and the same id many times.
    @Test(arguments: [1, 2, 3, 4, 5]) func keyedOrdersAreThePlainOrders(seed: UInt64) throws {
        var generator = FixedGenerator(state: seed)
        let alphabet: [UInt8] = [0x00, 0x01, 0x2F, 0x30, 0x31, 0x39, 0x61, 0x7F, 0xC3, 0xA9, 0xFF]
        let prefix = ["", "osm:", "names:streets.csv#"][Int(seed % 3)]
        let kinds = NameKind.allCases
        var ids: [[UInt8]] = []
        for _ in 0..<600 {
            if !ids.isEmpty, Int.random(in: 0..<5, using: &generator) == 0 {
                ids.append(ids[Int.random(in: 0..<ids.count, using: &generator)])
                continue
            }
            let length = [0, 1, 7, 8, 9, 15, 16, 17, 23, 24, 25, 30].randomElement(using: &generator) ?? 0
            ids.append(Array(prefix.utf8) + (0..<length).map { _ in alphabet.randomElement(using: &generator) ?? 0 })
        }
        // Ids are strings: bytes that are not UTF-8 are left to the decoder, whose bytes are kept.
        let places = ids.enumerated().map { number, bytes in
            ImportedPlace(
                record: NameRecord(
                    id: String(decoding: bytes, as: UTF8.self), name: "x", kind: kinds[number % kinds.count], importance: 0, coordinate: nil))
        }
        let list = ImportedPlaceList(places)
        let stored = places.map { Array($0.record.id.utf8) }
        func plain(byKind: Bool) -> [Int] {
            stored.indices.sorted { a, b in
                if byKind, places[a].record.kind != places[b].record.kind {
                    return places[a].record.kind.rawValue < places[b].record.kind.rawValue
                }
                return stored[a] == stored[b] ? a < b : stored[a].lexicographicallyPrecedes(stored[b])
            }
        }
        #expect(list.idOrder() == plain(byKind: false))
        #expect(list.kindAndIDOrder() == plain(byKind: true))
    }

    @Test func movesSetsAndDropsLikeAnArray() throws {
        var array = try Self.places(count: 200, seed: 99)
        var list = ImportedPlaceList(array)
        var generator = FixedGenerator()
        let order = array.indices.shuffled(using: &generator)
        list.reorder(order)
        array = order.map { array[$0] }
        #expect(Array(list) == array)
        list.swapAt(3, 150)
        array.swapAt(3, 150)
        list[10] = array[20]
        array[10] = array[20]
        #expect(Array(list) == array)
        let kept = array.indices.map { $0 % 3 != 0 }
        list.keep(kept)
        array = array.indices.filter { kept[$0] }.map { array[$0] }
        #expect(Array(list) == array)
        #expect(list == ImportedPlaceList(array))
        #expect(list != ImportedPlaceList(array.dropLast()))
    }
}

/// The same shuffle on every run.
private struct FixedGenerator: RandomNumberGenerator {
    var state: UInt64 = 27
    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state
    }
}
