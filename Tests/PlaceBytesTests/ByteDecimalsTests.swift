import Testing
@testable import PlaceBytes

struct ByteDecimalsTests {
    @Test(arguments: [
        ("52.3676383", 52.3676383), ("-4.5", -4.5), (" 12 ", 12.0), ("+7", 7.0), ("1e3", 1000.0), ("0.12345678901234567890", 0.12345678901234568),
    ])
    func decimalsAreRead(_ text: String, _ expected: Double) {
        #expect(ByteDecimals.double(text) == expected)
    }

    /// What Double(String) would take but a coordinate or a count of points never is.
    @Test(arguments: ["0x34", "0x1p4", "nan", "inf", "-infinity", "1e999", "", " ", "12abc", "4.5.6", "--1"])
    func otherNotationsAreNotNumbers(_ text: String) {
        #expect(ByteDecimals.double(text) == nil)
    }
}
