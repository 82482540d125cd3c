import XCTest
@testable import RemindersJSONRPC

/// Checking values against schemas (the first fault, by JSON path) and writing them as JSON Schema.
final class JSONSchemaTests: XCTestCase {
    private let schema = JSONSchema.object([
        .init("name", .string(StringRule(minimumBytes: 1, maximumBytes: 4)), required: true),
        .init("count", .integer(IntegerRule(minimum: 0, maximum: 9, reason: "tooMany"))),
        .init("kind", .oneOf(["a", "b"])),
        .init("tags", .array(of: .string())),
        .init("nested", .object([.init("x", .number(NumberRule(minimum: -1, maximum: 1)), required: true)])),
        .init("maybe", .nullable(.boolean()), required: true),
        .init("never", .refused(message: "not here", reason: "refusedReason")),
    ])

    private func fault(_ json: String) -> (field: String?, reason: String?, message: String)? {
        do {
            try schema.check(try JSONParser.parse(json), at: "p")
            return nil
        } catch let error as ResponseError {
            return (error.data?["field"]?.stringValue, error.data?["reason"]?.stringValue, error.message)
        } catch {
            return (nil, nil, "\(error)")
        }
    }

    func testFaultsNameTheirPath() {
        XCTAssertNil(fault(#"{"name":"ab","maybe":null}"#))
        XCTAssertNil(fault(#"{"name":"ab","maybe":true,"count":null,"tags":["x"],"nested":{"x":0.5},"kind":"b"}"#))
        XCTAssertEqual(fault(#"{"maybe":true}"#)?.field, "p.name")
        XCTAssertEqual(fault(#"{"name":"ab"}"#)?.message, "p.maybe: required boolean is missing")
        XCTAssertEqual(fault(#"{"name":null,"maybe":true}"#)?.message, "p.name: required string is missing")
        XCTAssertEqual(fault(#"{"name":"abcde","maybe":true}"#)?.message, "p.name: name must be 1…4 bytes, got 5")
        XCTAssertEqual(fault(#"{"name":"","maybe":true}"#)?.field, "p.name")
        XCTAssertEqual(fault(#"{"name":"a","maybe":true,"count":10}"#)?.reason, "tooMany")
        XCTAssertEqual(
            fault(#"{"name":"a","maybe":true,"count":1.5}"#)?.message, "p.count: expected an integer, got a fractional or out-of-range number")
        XCTAssertEqual(fault(#"{"name":"a","maybe":true,"count":1e300}"#)?.field, "p.count")
        XCTAssertEqual(fault(#"{"name":"a","maybe":true,"kind":"c"}"#)?.message, #"p.kind: expected one of "a", "b", got "c""#)
        XCTAssertEqual(fault(#"{"name":"a","maybe":true,"tags":["x",1]}"#)?.field, "p.tags[1]")
        XCTAssertEqual(fault(#"{"name":"a","maybe":true,"nested":{"x":2}}"#)?.field, "p.nested.x")
        XCTAssertEqual(fault(#"{"name":"a","maybe":true,"nested":{"x":0,"y":0}}"#)?.message, "p.nested.y: unknown field")
        XCTAssertEqual(fault(#"{"name":"a","maybe":true,"never":1}"#)?.reason, "refusedReason")
        // Unknown members are reported before what is missing or wrong.
        XCTAssertEqual(fault(#"{"typo":1,"name":5}"#)?.field, "p.typo")
    }

    func testTheDocumentIsJSONSchema() {
        let named = JSONSchema.named("Thing") { .object([.init("self", .array(of: .named("Thing") { .null }))]) }
        var components = SchemaComponents()
        let document = JSONSchema.object([.init("a", named, required: true), .init("b", .integer(IntegerRule(minimum: 1)))])
            .document(components: &components)
        XCTAssertEqual(document["required"], ["a"])
        XCTAssertEqual(document["additionalProperties"], false)
        XCTAssertEqual(document["properties"]?["a"], ["$ref": "#/components/schemas/Thing"])
        XCTAssertEqual(document["properties"]?["b"]?["type"], ["integer", "null"], "an optional member may be null")
        XCTAssertEqual(document["properties"]?["b"]?["minimum"], 1)
        XCTAssertNotNil(components.schemas["Thing"])
    }
}
