import XCTest
@testable import RemindersJSONRPC

/// Containers: duplicate keys, the depth limit, separators, and what may follow the value.
final class ParserStructureTests: XCTestCase {
    func testDuplicateKeysAreErrors() {
        XCTAssertEqual(parseError(#"{"a":1,"a":2}"#)?.description, #"duplicate key "a" at byte 7"#)
        assertRejects(#"{"a":1,"b":{"c":1,"c":1}}"#, #"duplicate key "c""#)
        assertRejects(#"{"\u0061":1,"a":2}"#, #"duplicate key "a""#)  // the same key, once escaped
    }

    /// Objects of 32 keys or more switch from a scan to a set; both must catch every duplicate.
    func testDuplicateKeysInLargeObjects() {
        for size in [15, 16, 17, 31, 32, 33, 40] {
            let keys = (0..<size).map { "k\($0)" }
            for repeated in [keys[0], keys[size / 2], keys[size - 1]] {
                let members = (keys + [repeated]).map { #""\#($0)":0"# }.joined(separator: ",")
                assertRejects("{\(members)}", #"duplicate key "\#(repeated)""#)
            }
            let unique = keys.map { #""\#($0)":0"# }.joined(separator: ",")
            XCTAssertEqual(try JSONParser.parse("{\(unique)}").objectValue?.count, size)
        }
    }

    /// Past the first 64 names a document's names are shared through a table of 256 slots; names
    /// that share a slot, escaped ones, non-ASCII and long ones must still be read as written,
    /// and duplicates still refused.
    func testNamesSharedAcrossADocumentAreReadAsWritten() throws {
        let names = (0..<600).map { "n\($0)" } + ["", "caf\u{e9}", String(repeating: "x", count: 41), "t\\u0061b"]
        let objects = (0..<3).map { round in
            "{" + names.enumerated().map { #""\#($0.element)":\#($0.offset + round)"# }.joined(separator: ",") + "}"
        }
        let value = try JSONParser.parse("[" + objects.joined(separator: ",") + "]")
        for (round, object) in (value.arrayValue ?? []).enumerated() {
            let keys = object.objectValue?.keys ?? []
            XCTAssertEqual(keys.count, names.count)
            XCTAssertEqual(Array(keys.prefix(601)), Array(names.prefix(601)))
            XCTAssertEqual(keys[601], "caf\u{e9}")
            XCTAssertEqual(keys[602], String(repeating: "x", count: 41))
            XCTAssertEqual(keys[603], "tab")
            XCTAssertEqual(object["n599"], .integer(Int64(599 + round)))
        }
        let repeated = (0..<80).map { #""k\#($0)":0"# }.joined(separator: ",")
        assertRejects("[{\(repeated)},{\(repeated),\"k3\":1}]", #"duplicate key "k3""#)
        assertRejects("[{\(repeated)},{\"k5\":1,\"k5\":2}]", #"duplicate key "k5""#)
    }

    /// Regression: keys were compared with Swift's `==`, which is Unicode canonical equivalence,
    /// so distinct keys were refused as duplicates (RFC 8259 compares names code unit by code unit).
    func testCanonicallyEquivalentKeysAreDistinct() throws {
        for size in [0, 20] {  // the scan and the set
            let padding = (0..<size).map { #""p\#($0)":0,"# }.joined()
            let value = try JSONParser.parse(#"{\#(padding)"\u00e9":1,"e\u0301":2,"K":3,"\u212a":4}"#)
            let object = try XCTUnwrap(value.objectValue)
            XCTAssertEqual(object.count, size + 4)
            XCTAssertEqual(object["\u{E9}"], 1)
            XCTAssertEqual(object["e\u{301}"], 2)
            XCTAssertEqual(object["K"], 3)
            XCTAssertEqual(object["\u{212A}"], 4)
        }
    }

    /// Regression: a lookup matched a canonically equivalent key, e.g. "K" found KELVIN SIGN's member.
    func testLookupIsByBytes() throws {
        let object = try XCTUnwrap(try JSONParser.parse(#"{"\u212a":1}"#).objectValue)
        XCTAssertNil(object["K"])
        XCTAssertFalse(object.contains("K"))
        var copy = object
        copy["K"] = 2
        XCTAssertEqual(copy.count, 2)
    }

    func testDepthLimitExactlyAtAndOverTheLimit() throws {
        for limit in [1, 2, 64] {
            let arrays = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
            XCTAssertNoThrow(try JSONParser.parse(bytes(arrays), maxDepth: limit))
            let deeper = "[" + arrays + "]"
            XCTAssertEqual(parseError(deeper, maxDepth: limit)?.reason, "JSON nested deeper than \(limit) levels")

            let objects = String(repeating: #"{"a":"#, count: limit - 1) + "{}" + String(repeating: "}", count: limit - 1)
            XCTAssertNoThrow(try JSONParser.parse(bytes(objects), maxDepth: limit))
            XCTAssertNotNil(parseError(#"{"a":"# + objects + "}", maxDepth: limit))
        }
        XCTAssertEqual(try JSONParser.parse(bytes("1"), maxDepth: 0), 1)  // scalars have no depth
    }

    func testDefaultDepthIs64() {
        let ok = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        XCTAssertNoThrow(try JSONParser.parse(ok))
        XCTAssertNotNil(parseError("[" + ok + "]"))
    }

    /// Far beyond the limit: refused at the limit, without recursing into the rest.
    func testVeryDeepNestingIsRefusedCheaply() {
        let deep = [UInt8](repeating: UInt8(ascii: "["), count: 1_000_000)
        XCTAssertEqual(parseError(deep)?.offset, 64)
    }

    func testTrailingGarbage() {
        for text in ["{}x", "{} {}", "[1]]", "1 2", "\"a\"\"b\"", "null,", "{}\n{}"] {
            assertRejects(text, "unexpected data after the JSON value")
        }
        XCTAssertNoThrow(try JSONParser.parse(" {} \r\n\t"))
    }

    func testMalformedContainers() {
        assertRejects("[1,]", "unexpected character ']'")
        assertRejects("[,1]", "unexpected character ','")
        assertRejects("[1 2]", "expected ',' or ']'")
        assertRejects("[1", "unexpected end of input in an array")
        assertRejects("[", "unexpected end of input")
        assertRejects(#"{"a":1,}"#, "expected a string key")
        assertRejects(#"{"a" 1}"#, "expected ':'")
        assertRejects(#"{"a":}"#, "unexpected character '}'")
        assertRejects(#"{a:1}"#, "expected a string key")
        assertRejects(#"{"a":1 "b":2}"#, "expected ',' or '}'")
        assertRejects(#"{"a":1"#, "unexpected end of input in an object")
        assertRejects("{", "unexpected end of input in an object")
        assertRejects(#"{'a':1}"#, "expected a string key")
    }
}
