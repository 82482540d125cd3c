import XCTest
@testable import RemindersJSONRPC

/// Every JSON value type, and what the parser accepts and refuses inside strings.
final class ParserValueTests: XCTestCase {
    func testEveryValueType() throws {
        XCTAssertEqual(try JSONParser.parse("null"), .null)
        XCTAssertEqual(try JSONParser.parse("true"), .bool(true))
        XCTAssertEqual(try JSONParser.parse("false"), .bool(false))
        XCTAssertEqual(try JSONParser.parse("42"), .integer(42))
        XCTAssertEqual(try JSONParser.parse("2.5"), .double(2.5))
        XCTAssertEqual(try JSONParser.parse(#""hi""#), .string("hi"))
        XCTAssertEqual(try JSONParser.parse("[]"), .array([]))
        XCTAssertEqual(try JSONParser.parse("{}"), .object(JSONObject()))
        XCTAssertEqual(
            try JSONParser.parse(#" { "a" : [ 1 , { "b" : null } ] , "c" : "d" } "#),
            ["a": [1, ["b": .null]], "c": "d"])
    }

    func testObjectsKeepTheirMemberOrder() throws {
        let value = try JSONParser.parse(#"{"z":1,"a":2,"m":3}"#)
        XCTAssertEqual(value.objectValue?.keys, ["z", "a", "m"])
    }

    func testWhitespaceIsTheFourRFCBytesOnly() throws {
        XCTAssertEqual(try JSONParser.parse(" \t\r\n[\t1\r\n]\n "), [1])
        assertRejects("\u{0C}1", "unexpected character")  // form feed is not JSON whitespace
        assertRejects("\u{A0}1", "unexpected character")  // nor is a no-break space
    }

    func testLiteralsMustBeComplete() {
        assertRejects("tru", "unexpected end of input")
        assertRejects("nul", "unexpected end of input")
        assertRejects("trux", "invalid literal")
        assertRejects("True", "unexpected character 'T'")
        assertRejects("[falsey]", "expected ',' or ']'")
    }

    func testEmptyAndBlankInputAreErrors() {
        assertRejects("", "unexpected end of input")
        assertRejects("   ", "unexpected end of input")
    }

    func testEveryEscape() throws {
        let value = try JSONParser.parse(#""\"\\\/\b\f\n\r\t\u0041\u00e9\u20AC""#)
        XCTAssertEqual(value, .string("\"\\/\u{08}\u{0C}\n\r\tAé€"))
    }

    func testEscapesBetweenPlainText() throws {
        XCTAssertEqual(try JSONParser.parse(#""abc\ndéf\tghi""#), .string("abc\ndéf\tghi"))
    }

    func testInvalidEscapes() {
        assertRejects(#""\x41""#, "invalid escape '\\x'")
        assertRejects(#""\u12G4""#, "invalid hex digit")
        assertRejects(#""\u12xy""#, "invalid hex digit")
        assertRejects(#""\u12""#, "truncated \\u escape")
        assertRejects(#""\u12"#, "truncated \\u escape")
        assertRejects(#""\"#, "unterminated string")
        assertRejects(#""abc"#, "unterminated string")
        assertRejects(#""a\nb"#, "unterminated string")
    }

    func testSurrogatePairs() throws {
        XCTAssertEqual(try JSONParser.parse(#""\uD83D\uDE00""#), .string("😀"))
        XCTAssertEqual(try JSONParser.parse(#""\ud83d\ude00x""#), .string("😀x"))
        XCTAssertEqual(try JSONParser.parse(#""\uDBFF\uDFFF""#), .string("\u{10FFFF}"))
    }

    func testLoneSurrogatesAreErrors() {
        assertRejects(#""\uD800""#, "lone surrogate")
        assertRejects(#""\uD800x""#, "lone surrogate")
        assertRejects(#""\uDC00""#, "lone surrogate")
        assertRejects(#""\uDFFF\uD800""#, "lone surrogate")
        assertRejects(#""\uD800\u0041""#, "lone surrogate")  // high followed by a non-surrogate
        assertRejects(#""\uD800\uD800""#, "lone surrogate")  // high followed by another high
        assertRejects(#""\uD800\n""#, "lone surrogate")
    }

    func testRawUTF8IsKept() throws {
        XCTAssertEqual(try JSONParser.parse(bytes("\"Grüße 😀 日本\"")), .string("Grüße 😀 日本"))
    }

    func testInvalidUTF8IsAnError() {
        let cases: [(String, [UInt8])] = [
            ("stray continuation byte", [0x80]),
            ("truncated two-byte sequence", [0xC3]),
            ("overlong NUL", [0xC0, 0x80]),
            ("overlong slash", [0xE0, 0x80, 0xAF]),
            ("UTF-8 encoded surrogate", [0xED, 0xA0, 0x80]),
            ("beyond U+10FFFF", [0xF4, 0x90, 0x80, 0x80]),
            ("invalid byte 0xFF", [0xFF]),
            ("truncated four-byte sequence", [0xF0, 0x9F, 0x98]),
        ]
        for (name, sequence) in cases {
            // Both paths: a string without escapes, and one where an escape comes first.
            for prefix in [[UInt8](), bytes(#"\n"#)] {
                let input = [0x22] + prefix + bytes("ok") + sequence + bytes("ok") + [0x22]
                guard let error = parseError(input) else { continue }
                XCTAssertEqual(error.reason, "invalid UTF-8 in a string", name)
            }
        }
    }

    func testInvalidUTF8OutsideStringsIsAnError() {
        assertRejects([0xC3, 0xA9], "unexpected character '\\xc3'")
        assertRejects(bytes("[1,") + [0xFF] + bytes("]"), "unexpected character '\\xff'")
    }

    func testNULBytes() throws {
        assertRejects([0], "NUL byte")
        assertRejects(bytes("[1,") + [0] + bytes("]"), "NUL byte")
        assertRejects(bytes("\"a") + [0] + bytes("b\""), "unescaped control character")
        assertRejects(bytes("{}") + [0], "unexpected data after the JSON value")
        // An escaped NUL is a valid character of a string.
        XCTAssertEqual(try JSONParser.parse(#""a\u0000b""#), .string("a\u{0}b"))
    }

    func testControlCharactersMustBeEscaped() throws {
        for byte in UInt8(0x01)..<0x20 {
            assertRejects([0x22, byte, 0x22], "unescaped control character")
            assertRejects(bytes(#""\n"#) + [byte, 0x22], "unescaped control character")
        }
        // DEL and C1 controls are not JSON control characters.
        XCTAssertEqual(try JSONParser.parse(bytes("\"\u{7F}\u{85}\"")), .string("\u{7F}\u{85}"))
    }

    func testErrorOffsets() {
        XCTAssertEqual(
            parseError(#"{"jsonrpc":"2.0","id":3,"method":"#)?.description,
            "unexpected end of input at byte 33")
        XCTAssertEqual(parseError("[1,2,x]")?.offset, 5)
        XCTAssertEqual(parseError(bytes("[\"ab") + [0xFF] + bytes("\"]"))?.offset, 2)
    }

    func testParsesStringInput() throws {
        XCTAssertEqual(try JSONParser.parse("[\"é\"]" as String), ["é"])
    }
}
