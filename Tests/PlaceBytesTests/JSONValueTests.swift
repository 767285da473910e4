import Foundation
import Testing
@testable import PlaceBytes

struct JSONValueTests {
    @Test func keepsKeyOrderAndNumberLiteralsThroughARoundTrip() throws {
        let text = #"{"z":1,"a":[52.3706211,1e3,-0.0,12345678901234567890],"m":{"b":true,"a":null},"s":"é\"\n"}"#
        let value = try JSONValue.parse(text)
        #expect(value.serialized() == text)
        #expect(value.objectValue?.keys == ["z", "a", "m", "s"])
        #expect(value["a"]?.arrayValue?[3] == .number("12345678901234567890"))
    }

    /// JSON has no NaN or infinity: a distance or a score that came out as one is written as null,
    /// and the document stays JSON (before, `nan` was written and no parser read the document).
    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func numbersJSONCannotWriteAreNull(_ value: Double) throws {
        #expect(JSONValue(value) == .null)
        let document = JSONValue.object(["walk": JSONValue(value)])
        #expect(try JSONValue.parse(document.serialized()) == document)
    }

    @Test func prettyOutputParsesBackToTheSameValue() throws {
        let value: JSONValue = ["name": "Café", "list": [1, 2, ["deep": nil]], "empty": [:], "none": []]
        let pretty = value.serialized(pretty: true)
        #expect(pretty.contains("\n  \"name\": \"Café\""))
        #expect(try JSONValue.parse(pretty) == value)
    }

    @Test func unicodeEscapesAndSurrogatePairs() throws {
        #expect(try JSONValue.parse(#""\u00e9\ud83d\ude00""#) == .string("é😀"))
        #expect(throws: JSONParseError.self) { try JSONValue.parse(#""\ud83d""#) }
    }

    @Test(arguments: [
        ("{\"a\":1,}", 1, 8, "trailing ','"),
        ("{\"a\" 1}", 1, 6, "expected ':'"),
        ("[1,\n2,\n  x]", 3, 3, "expected a value"),
        ("", 1, 1, "empty"),
        ("{\"a\":1} 2", 1, 9, "after the end"),
        ("\"open", 1, 1, "not closed"),
        ("01", 1, 2, "do not start with 0"),
        ("{\"a\":\"tab\there\"}", 1, 10, "control character"),
    ])
    func errorsSayWhereAndWhat(_ text: String, line: Int, column: Int, message: String) {
        do {
            _ = try JSONValue.parse(text)
            Issue.record("parsed invalid JSON: \(text)")
        } catch {
            #expect(error.line == line)
            #expect(error.column == column)
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    @Test func refusesNestingBeyondTheLimitWithoutCrashing() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONParseError.self) { try JSONValue.parse(deep) }
    }

    @Test func accessorsAndTypeNames() throws {
        let value = try JSONValue.parse(#"{"n": 3, "d": 2.5, "s": "x", "b": false}"#)
        #expect(value["n"]?.intValue == 3)
        #expect(value["d"]?.doubleValue == 2.5)
        #expect(value["d"]?.intValue == nil)
        #expect(value["s"]?.stringValue == "x")
        #expect(value["b"]?.boolValue == false)
        #expect(value["missing"] == nil)
        #expect(JSONValue.array([]).typeName == "an array")
    }
}
