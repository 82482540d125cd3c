import XCTest
@testable import RemindersJSONRPC

/// A document taken apart without being built: every range it gives holds exactly the value the
/// full parse finds there, and what it cannot take apart is refused where the parser would.
final class SkimmerTests: XCTestCase {
    private func outline(_ text: String, levels: Int) throws -> JSONOutline {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { (buffer) throws(JSONParseError) -> JSONOutline in
            try JSONSkimmer.outline(of: 0..<buffer.count, in: buffer, levels: levels)
        }
    }

    private func skimError(_ text: String) -> String? {
        do { _ = try outline(text, levels: 3); return nil } catch { return (error as? JSONParseError)?.reason }
    }

    private func slice(_ text: String, _ range: Range<Int>) -> String {
        String(decoding: Array(text.utf8)[range], as: UTF8.self)
    }

    func testAnAnswersEnvelopeResultAndItemsAreTakenApartInOnePass() throws {
        let text =
            #" {"jsonrpc":"2.0","id":7,"result":{"reminders":[{"title":"a \"quoted\" one","n":[1,{"x":null}]},{"title":"ü\\"}],"nextCursor":null}} "#
        let envelope = try outline(text, levels: 3)
        XCTAssertEqual(envelope.members?.map(\.key), ["jsonrpc", "id", "result"])
        XCTAssertEqual(slice(text, envelope.members![1].value.range), "7")
        let result = envelope.members![2].value
        XCTAssertEqual(result.members?.map(\.key), ["reminders", "nextCursor"])
        XCTAssertEqual(slice(text, result.members![1].value.range), "null")
        let items = try XCTUnwrap(result.members![0].value.elements)
        XCTAssertEqual(items.map { slice(text, $0.range) }, [#"{"title":"a \"quoted\" one","n":[1,{"x":null}]}"#, #"{"title":"ü\\"}"#])
        XCTAssertNil(items[0].members, "three levels down, and no further")
    }

    func testEmptyContainersAndScalarsAtTheTop() throws {
        XCTAssertEqual(try outline("{}", levels: 1).members?.count, 0)
        XCTAssertEqual(try outline(" [ ] ", levels: 1).elements?.count, 0)
        XCTAssertEqual(try outline(" -12.5e3 ", levels: 1).range, 1..<8)
        XCTAssertEqual(try outline("true", levels: 0).range, 0..<4)
        XCTAssertEqual(try outline(#""x""#, levels: 2).range, 0..<3)
    }

    func testWhatCannotBeTakenApartIsRefused() {
        XCTAssertEqual(skimError(#"{"a":[1,2}"#), "expected ',' or ']'")
        XCTAssertEqual(skimError(#"{"a":{"b":{"c":[1}}}}"#), "unmatched '}'", "below the levels taken apart")
        XCTAssertEqual(skimError(#"{"a":"open}"#), "unterminated string")
        XCTAssertEqual(skimError(#"{"a":"bad \q escape"}"#), "invalid escape in a string")
        XCTAssertEqual(skimError("{\"a\":\"tab\there\"}"), "unescaped control character in a string")
        XCTAssertEqual(skimError(#"{"a":1} x"#), "unexpected data after the JSON value")
        XCTAssertEqual(skimError(#"{"a":{"b":1}"#), "unexpected end of input")
        XCTAssertEqual(skimError(#"{"a":{"b":@}}"#), "unexpected character in JSON")
        XCTAssertEqual(skimError(#"{"a" 1}"#), "expected ':' after an object key")
        XCTAssertEqual(skimError(#"[1 2]"#), "expected ',' or ']'")
        let deep = String(repeating: "[", count: 70) + String(repeating: "]", count: 70)
        XCTAssertEqual(skimError(#"{"a":"# + deep + "}"), "JSON nested deeper than 64 levels")
    }

    /// Strings are skipped eight bytes at a time: a quote, backslash or control character at
    /// every place in a word must still be seen.
    func testStringsAreSkippedExactlyWhereverTheirSpecialBytesFall() throws {
        for length in 0..<20 {
            for special in [#"\""#, #"\\"#, #"\u00e9"#, "é"] {
                let inner = String(repeating: "a", count: length) + special + String(repeating: "b", count: 19 - length)
                let text = #"["\#(inner)",1]"#
                let elements = try XCTUnwrap(try outline(text, levels: 1).elements)
                XCTAssertEqual(slice(text, elements[0].range), #""\#(inner)""#)
                XCTAssertEqual(slice(text, elements[1].range), "1")
            }
            let control = "[\"" + String(repeating: "a", count: length) + "\u{1}\"]"
            XCTAssertEqual(skimError(control), "unescaped control character in a string", "at \(length)")
        }
    }

    /// Random documents: each range of the outline parses to the value the whole document's parse has there.
    func testEveryRangeHoldsWhatTheFullParseFindsThere() throws {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let value = Self.randomValue(depth: 0, &random)
            var writer = JSONWriter()
            writer.value(value)
            let bytes = writer.bytes
            let parsed = try JSONParser.parse(bytes)
            let outline = try bytes.withUnsafeBufferPointer { (buffer) throws(JSONParseError) -> JSONOutline in
                try JSONSkimmer.outline(of: 0..<buffer.count, in: buffer, levels: 4)
            }
            try check(outline, parsed, in: bytes)
        }
    }

    private func check(_ outline: JSONOutline, _ value: JSONValue, in bytes: [UInt8]) throws {
        XCTAssertEqual(try JSONParser.parse(Array(bytes[outline.range])), value)
        if let members = outline.members {
            let object = try XCTUnwrap(value.objectValue)
            XCTAssertEqual(members.map(\.key), object.members.map(\.key))
            for (member, expected) in zip(members, object.members) { try check(member.value, expected.value, in: bytes) }
        }
        if let elements = outline.elements {
            let array = try XCTUnwrap(value.arrayValue)
            XCTAssertEqual(elements.count, array.count)
            for (element, expected) in zip(elements, array) { try check(element, expected, in: bytes) }
        }
    }

    private static func randomValue(depth: Int, _ random: inout SystemRandomNumberGenerator) -> JSONValue {
        let strings = [
            "", "plain", "quote \" inside", "back\\slash", "tab\tnewline\n", "ünïcödé ✓", "\u{1}\u{1f}", String(repeating: "long ", count: 9),
        ]
        switch Int.random(in: 0..<(depth > 3 ? 4 : 6), using: &random) {
        case 0: return .string(strings.randomElement(using: &random)!)
        case 1: return .integer(Int64.random(in: -1_000_000...1_000_000, using: &random))
        case 2: return [.null, .bool(true), .bool(false), .double(-2.5e-7)].randomElement(using: &random)!
        case 3: return .string(String(repeating: "x", count: Int.random(in: 0..<17, using: &random)))
        case 4:
            return .array((0..<Int.random(in: 0..<5, using: &random)).map { _ in randomValue(depth: depth + 1, &random) })
        default:
            var object = JSONObject()
            for index in 0..<Int.random(in: 0..<5, using: &random) {
                object[strings[index % strings.count] + "\(index)"] = randomValue(depth: depth + 1, &random)
            }
            return .object(object)
        }
    }
}
