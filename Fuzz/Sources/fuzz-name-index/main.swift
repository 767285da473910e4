// The name index file (`places.names`) as `places complete` opens it: a corrupt file must be refused
// by AutocompleteIndex.open, or answer without reading out of bounds. Only the public open/complete
// API is called.
//
// The first byte picks a mode, the rest is the file. Mode 0: the bytes as they are; most changes to
// the header then stop at its checksum. Mode 1: the header checksum is made right again first (the
// version 1 layout: FNV-1a of bytes 0..<200, stored at 200), so that section tables and counts that
// lie are explored too. Should the layout change, mode 1 only tests the checksum like mode 0.
import Autocomplete
import Foundation
@testable import PlaceCore

let folder = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
let file = URL(fileURLWithPath: folder).appendingPathComponent("places-fuzz-\(getpid()).names")
let queries = ["a", "dam", "Kalverstr", "zz", "caf", "a b", "ä", "de jaren", "Straße"]

func withHeaderChecksum(_ bytes: inout [UInt8]) {
    guard bytes.count >= 208 else { return }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes[0..<200] {
        hash ^= UInt64(byte)
        hash = hash &* 0x100_0000_01b3
    }
    for index in 0..<8 { bytes[200 + index] = UInt8(truncatingIfNeeded: hash >> (8 * UInt64(index))) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNameIndex(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let raw = UnsafeRawBufferPointer(start: start, count: count)
    guard let mode = raw.first else { return 0 }
    var bytes = Array(raw.dropFirst())
    if mode & 1 == 1 { withHeaderChecksum(&bytes) }
    guard (try? Data(bytes).write(to: file)) != nil else { return 0 }
    defer { try? FileManager.default.removeItem(at: file) }
    guard let index = try? AutocompleteIndex.open(at: file) else { return 0 }
    for query in queries {
        _ = index.complete(AutocompleteQuery(query))
        _ = index.complete(AutocompleteQuery(query, focus: Coordinate(52.37, 4.89), limit: 5, kinds: [.street]))
        _ = index.complete(AutocompleteQuery(query, focus: Coordinate(-33.9, 151.2), limit: 100, typoTolerance: false))
    }
    return 0
}
