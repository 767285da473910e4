import Testing
@testable import OSMFormat

@Test func elementTypesHaveOSMNames() {
    #expect(OSMElementType.allCases.map(\.rawValue) == ["node", "way", "relation"])
}
