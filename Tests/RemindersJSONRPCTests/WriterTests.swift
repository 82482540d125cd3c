import XCTest
@testable import RemindersJSONRPC

/// JSONWriter: escaping, numbers, nesting, and text that parses back to the same value.
final class WriterTests: XCTestCase {
    private func written(_ value: JSONValue) -> String { value.serialized }

    func testScalars() {
        XCTAssertEqual(written(.null), "null")
        XCTAssertEqual(written(true), "true")
        XCTAssertEqual(written(false), "false")
        XCTAssertEqual(written("x"), #""x""#)
    }

    func testEscaping() {
        XCTAssertEqual(written("a\"b\\c/d"), #""a\"b\\c/d""#)
        XCTAssertEqual(written("\n\r\t"), #""\n\r\t""#)
        XCTAssertEqual(written("\u{0}\u{1}\u{8}\u{C}\u{1F}"), #""\u0000\u0001\u0008\u000c\u001f""#)
        XCTAssertEqual(written("\u{7F}é😀\u{2028}"), "\"\u{7F}é😀\u{2028}\"")  // valid JSON as is
    }

    /// NDJSON relies on this: whatever a string holds, no raw newline reaches the wire.
    func testNoRawLineBreakInOutput() {
        let nasty = JSONValue.object(["k\n": .array([.string("a\nb\r\u{0}"), .string(String(repeating: "\n", count: 100))])])
        XCTAssertFalse(nasty.serialized.utf8.contains(0x0A))
        XCTAssertFalse(nasty.serialized.utf8.contains(0x0D))
    }

    func testEveryControlCharacterRoundTrips() throws {
        let all = String(decoding: (0..<0x20).map { UInt8($0) }, as: UTF8.self)
        XCTAssertEqual(try JSONParser.parse(written(.string(all))), .string(all))
    }

    func testIntegers() {
        XCTAssertEqual(written(0), "0")
        XCTAssertEqual(written(-42), "-42")
        XCTAssertEqual(written(.integer(.max)), "9223372036854775807")
        XCTAssertEqual(written(.integer(.min)), "-9223372036854775808")
    }

    /// Regression: `integer(_:)` converted with `Int64(value)`, which traps beyond Int64.max.
    func testUnsignedIntegersBeyondInt64() {
        var writer = JSONWriter()
        writer.beginArray()
        writer.integer(UInt64.max)
        writer.integer(UInt8(7))
        writer.integer(Int32.min)
        writer.endArray()
        XCTAssertEqual(text(writer.bytes), "[18446744073709551615,7,-2147483648]")
    }

    func testDoubles() {
        XCTAssertEqual(written(2.0), "2")  // whole numbers read back as integers
        XCTAssertEqual(written(-0.0), "0")
        XCTAssertEqual(written(2.5), "2.5")
        XCTAssertEqual(written(0.1), "0.1")
        XCTAssertEqual(written(-1e-7), "-1e-07")
        XCTAssertEqual(written(1e15), "1000000000000000.0")  // Swift's shortest form; reads back as the same double
        XCTAssertEqual(written(1e16), "1e+16")
        XCTAssertEqual(written(123456789012345.0), "123456789012345")
        XCTAssertEqual(written(.double(.greatestFiniteMagnitude)), "1.7976931348623157e+308")
        XCTAssertEqual(written(.double(.leastNonzeroMagnitude)), "5e-324")
    }

    /// Every double the writer emits parses back to the same number (shortest round-trip text).
    func testDoublesRoundTrip() throws {
        var generator = SystemRandomNumberGenerator()
        var samples: [Double] = [0.1, 1.0 / 3, 1e300, -2.2250738585072014e-308, 4.35, 0x1p53 + 2, 1e15 - 0.5]
        for _ in 0..<2000 { samples.append(Double(bitPattern: generator.next() & ~(0x7FF << 52) | (UInt64.random(in: 1...0x7FE) << 52))) }
        for sample in samples {
            let parsed = try JSONParser.parse(written(.double(sample)))
            XCTAssertEqual(parsed.doubleValue, sample, "\(sample)")
        }
    }

    func testNested() {
        let value: JSONValue = ["a": [1, ["b": [], "c": [:]], .null], "d": ["e": "f"]]
        XCTAssertEqual(written(value), #"{"a":[1,{"b":[],"c":{}},null],"d":{"e":"f"}}"#)
    }

    func testCommasWithTheStreamingAPI() {
        var writer = JSONWriter()
        writer.beginObject()
        writer.field("s", "x")
        writer.field("n", nil as String?)
        writer.field("b", true)
        writer.field("i", 3)
        writer.key("list")
        writer.beginArray()
        writer.null()
        writer.raw(bytes(#"{"pre":1}"#))
        writer.double(0.5)
        writer.endArray()
        writer.field("v", ["x": 1])
        writer.endObject()
        XCTAssertEqual(text(writer.bytes), #"{"s":"x","n":null,"b":true,"i":3,"list":[null,{"pre":1},0.5],"v":{"x":1}}"#)
    }

    func testRoundTrips() throws {
        let documents = [
            #"{"a":[1,2.5,"x",null,true,false]}"#,
            #"{"jsonrpc":"2.0","id":"é","method":"m","params":{"deep":[[[{}]]]}}"#,
            #"["\u0000\"\\\n","😀",-9223372036854775808,9223372036854775807,1.5e+300]"#,
            #"{"\u00e9":1,"e\u0301":2}"#,
        ]
        for document in documents {
            let value = try JSONParser.parse(document)
            XCTAssertEqual(try JSONParser.parse(value.serialized), value, document)
            XCTAssertEqual(try JSONParser.parse(value.serialized).serialized, value.serialized)
        }
    }

    func testStringsFilledInPlaceTakeTheirCommas() {
        var writer = JSONWriter()
        writer.beginArray()
        for digit in [UInt8(ascii: "1"), UInt8(ascii: "2")] {
            writer.string(unescapedByteCount: 3) { buffer in
                for index in buffer.indices { buffer[index] = digit }
            }
        }
        writer.string(unescapedByteCount: 0) { _ in }
        writer.endArray()
        XCTAssertEqual(String(decoding: writer.bytes, as: UTF8.self), #"["111","222",""]"#)
    }
}
