import Testing

@testable import PlaceBytes

/// The header and section checks the name index and the walking graph share: each damage is
/// told apart, in the order a reader meets it.
struct MappedContainerTests {
    static let layout = MappedContainer.Layout(
        magic: Array("TESTFMT1".utf8), version: 3, headerSize: 128, sectionTableOffset: 32, checksumOffset: 120, strides: [4, 8])

    /// A valid file: two sections (three 4-byte entries, two 8-byte ones) after the header.
    static func file(version: UInt32 = 3, patch: (inout [UInt8]) -> Void = { _ in }) -> [UInt8] {
        let (written, table) = SectionTable.layOut([[UInt8](repeating: 1, count: 12), [UInt8](repeating: 2, count: 16)], headerSize: 128)
        var bytes = written.data
        func put(_ value: UInt64, at offset: Int, width: Int) {
            for index in 0..<width { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> UInt64(index * 8)) }
        }
        bytes.replaceSubrange(0..<8, with: layout.magic)
        put(UInt64(version), at: 8, width: 4)
        put(128, at: 12, width: 4)
        put(UInt64(bytes.count), at: 16, width: 8)
        for (number, section) in table.enumerated() {
            put(section.offset, at: 32 + number * 16, width: 8)
            put(section.length, at: 40 + number * 16, width: 8)
        }
        patch(&bytes)
        let checksum = bytes.withUnsafeBytes { MappedFile.fnv1a(UnsafeRawBufferPointer(rebasing: $0[0..<120])) }
        put(checksum, at: 120, width: 8)
        return bytes
    }

    static func problem(_ bytes: [UInt8]) -> MappedContainer.Problem? {
        do {
            _ = try MappedContainer(MappedFile(copying: bytes), layout)
            return nil
        } catch {
            return error
        }
    }

    @Test func aValidFileGivesItsSections() throws {
        let container = try MappedContainer(MappedFile(copying: Self.file()), Self.layout)
        #expect(container.offsets == [128, 144])
        #expect(container.lengths == [12, 16])
    }

    @Test func eachDamageIsToldApart() {
        #expect(Self.problem(Array(Self.file().prefix(100))) == .tooSmall(100))
        #expect(Self.problem(Self.file { $0[0] = UInt8(ascii: "X") }) == .badMagic)
        #expect(Self.problem(Self.file(version: 2)) == .unsupportedVersion(2))
        var flipped = Self.file()
        flipped[20] ^= 1
        #expect(Self.problem(flipped) == .badChecksum)
        #expect(Self.problem(Self.file { $0[12] = 64 }) == .badHeaderSize)
        #expect(Self.problem(Self.file { $0[16] &+= 8 }) == .sizeMismatch(expected: UInt64(Self.file().count + 8), actual: Self.file().count))
        // The second section's length is not a whole number of 8-byte entries.
        #expect(Self.problem(Self.file { $0[56] = 12 }) == .badSection(1))
        // The first section starts inside the header.
        #expect(Self.problem(Self.file { $0[32] = 64 }) == .badSection(0))
    }

    /// A file of another version may lay its header out otherwise: its version is told, not its checksum.
    @Test func anotherVersionIsToldBeforeItsChecksum() {
        var other = Self.file(version: 4)
        other[121] ^= 0xFF
        #expect(Self.problem(other) == .unsupportedVersion(4))
    }
}
