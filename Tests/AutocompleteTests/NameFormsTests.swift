import Testing

@testable import Autocomplete

/// The umlaut transcription and contraction work on UTF-8 bytes; these pin what they make of the
/// shapes a name can take (precomposed, decomposed, capitals, none).
@Suite struct NameFormsTests {
    @Test(
        arguments: [
            ("München", "Muenchen"), ("ÜBER Öl Äpfel", "UeBER Oel Aepfel"), ("Zu\u{0308}rich", "Zuerich"),
            ("Ko\u{0308}ln a\u{0308}", "Koeln ae"), ("Café Élan", nil), ("Noël", nil), ("Noe\u{0308}l", nil), ("", nil),
        ] as [(String, String?)])
    func transcribesUmlautsOnly(_ name: String, _ expected: String?) {
        #expect(NameForms.transcribed(name) == expected)
    }

    @Test func formsOfANameWithAndWithoutUmlauts() {
        #expect(
            NameForms.forms(of: "Grüne Straße", secondary: false).map { String(decoding: $0.folded, as: UTF8.self) }
                == ["grune strasse", "gruene strasse"])
        #expect(
            NameForms.forms(of: "Muenchen", secondary: false).map { String(decoding: $0.folded, as: UTF8.self) }
                == ["muenchen", "munchen"])
        #expect(NameForms.forms(of: "Damrak", secondary: false).map(\.isSecondary) == [false], "nothing to transcribe or contract")
        #expect(
            NameForms.forms(of: "Mu\u{0308}nchen", secondary: true).map { String(decoding: $0.folded, as: UTF8.self) }
                == ["munchen", "muenchen"])
    }

    @Test(arguments: [("muenchen", "munchen"), ("aeoeue", "aou"), ("damrak", "damrak"), ("ee", "ee"), ("e", "e"), ("", "")])
    func contractsAeOeUe(_ folded: String, _ expected: String) {
        #expect(NameForms.contracted(Array(folded.utf8)) == Array(expected.utf8))
    }
}
