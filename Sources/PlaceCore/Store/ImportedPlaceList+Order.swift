import Foundation

/// The orders an import's places are written and merged in. Comparing two places' ids through
/// their chunks costs a few closure calls and reference counts each time, and a country's
/// places are sorted three times (perf of the 100-tile country's import: kindAndIDOrder alone
/// was a third of a second on the one busy core). Each place's sort key is read once instead: its kind when asked for, and 24 bytes of its id
/// past the prefix every id shares (`osm:`, `names:streets.csv#`), which hold all of
/// `node/2373547608308`. Only places whose keys are equal compare their whole ids.
extension ImportedPlaceList {
    /// The positions sorted by id, byte for byte (SQLite's order for text); places with the same
    /// id keep their order.
    public func idOrder() -> [Int] {
        order(byKindFirst: false)
    }

    /// The positions sorted by kind, then id byte for byte; places of one kind and id keep their order.
    public func kindAndIDOrder() -> [Int] {
        order(byKindFirst: true)
    }

    private struct SortKey {
        /// The kind (when sorted by it), then the first bytes of the id past the shared prefix.
        var high: UInt64
        /// The next 8 bytes of the id, then 8 more.
        var middle: UInt64
        var low: UInt64
        var position: Int
    }

    private func order(byKindFirst: Bool) -> [Int] {
        guard count > 1 else { return Array(indices) }
        let shared = sharedIDPrefix()
        var keys: [SortKey] = []
        keys.reserveCapacity(count)
        for position in indices {
            keys.append(
                withBytes(at: position) { bytes in
                    PlaceBytes.withID(bytes) { id in
                        // Past the end of the id counts as a zero byte: a shorter id then ties
                        // with a longer one only when the longer goes on with zeros, and ties
                        // compare whole ids. Zero never puts a shorter id after a longer one.
                        let rest = UnsafeBufferPointer(rebasing: id[Swift.min(shared, id.count)...])
                        func word(_ first: Int, _ count: Int, after start: UInt64 = 0) -> UInt64 {
                            var word = start
                            for index in first..<(first + count) { word = word << 8 | UInt64(index < rest.count ? rest[index] : 0) }
                            return word
                        }
                        let head = byKindFirst ? 7 : 8
                        return SortKey(
                            high: word(0, head, after: byKindFirst ? UInt64(bytes[0]) : 0), middle: word(head, 8), low: word(head + 8, 8),
                            position: position)
                    }
                })
        }
        keys.sort { a, b in
            if a.high != b.high { return a.high < b.high }
            if a.middle != b.middle { return a.middle < b.middle }
            if a.low != b.low { return a.low < b.low }
            let order = compareIDs(a.position, b.position)
            return order != 0 ? order < 0 : a.position < b.position
        }
        return keys.map(\.position)
    }

    /// How many leading bytes every id shares.
    private func sharedIDPrefix() -> Int {
        withBytes(at: 0) { first in
            PlaceBytes.withID(first) { firstID in
                var shared = firstID.count
                for position in indices.dropFirst() where shared > 0 {
                    withBytes(at: position) { bytes in
                        PlaceBytes.withID(bytes) { id in
                            var length = 0
                            let limit = Swift.min(shared, id.count)
                            while length < limit, id[length] == firstID[length] { length += 1 }
                            shared = length
                        }
                    }
                }
                return shared
            }
        }
    }
}
