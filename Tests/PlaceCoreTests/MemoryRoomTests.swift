import Foundation
import Testing

@testable import PlaceCore

/// An import sizes its caches by the memory the process may use (MemoryRoom): never more than the
/// machine has, and a budget within its bounds whatever the room.
struct MemoryRoomTests {
    @Test func roomIsAtMostTheMachinesMemory() throws {
        #if os(Linux)
            let meminfo = try String(contentsOfFile: "/proc/meminfo", encoding: .utf8)
            let line = try #require(meminfo.split(separator: "\n").first { $0.hasPrefix("MemTotal:") })
            let machine = try #require(line.split(separator: " ").dropFirst().first.flatMap { Int($0) }) * 1024
            let room = try #require(MemoryRoom.bytes())
            #expect(room > 0 && room <= machine)
        #endif
    }

    @Test func budgetStaysWithinItsBounds() {
        let budget = MemoryRoom.budget(floor: 1 << 20, ceiling: 1 << 40)
        #expect(budget >= 1 << 20 && budget <= 1 << 40)
        if let room = MemoryRoom.bytes() { #expect(budget == max(1 << 20, room / 8)) }
        #expect(MemoryRoom.budget(floor: 5 << 20, ceiling: 5 << 20) == 5 << 20)
    }
}
