import XCTest
@testable import RemindersJSONRPC

/// Numbers: integers stay exact in Int64, everything else must fit a finite double.
final class ParserNumberTests: XCTestCase {
    func testIntegers() throws {
        XCTAssertEqual(try JSONParser.parse("0"), .integer(0))
        XCTAssertEqual(try JSONParser.parse("-7"), .integer(-7))
        XCTAssertEqual(try JSONParser.parse("9223372036854775807"), .integer(.max))
    }

    /// Regression: the magnitude was gathered in an Int64, so Int64.min overflowed and became a double.
    func testInt64MinStaysAnInteger() throws {
        XCTAssertEqual(try JSONParser.parse("-9223372036854775808"), .integer(.min))
        XCTAssertEqual(try JSONParser.parse("[-9223372036854775808]"), [.integer(.min)])
    }

    func testNegativeZero() throws {
        for text in ["-0", "-0.0"] {
            let zero = try JSONParser.parse(text)
            guard case .double(let value) = zero else { return XCTFail("\(text): expected a double, got \(zero)") }
            XCTAssertEqual(value.sign, .minus, text)
            XCTAssertEqual(zero.integerValue, 0, text)
        }
        let fraction = try JSONParser.parse("-0.0")
        guard case .double(let value) = fraction else { return XCTFail("expected a double, got \(fraction)") }
        XCTAssertEqual(value, 0)
        XCTAssertEqual(value.sign, .minus)
    }

    func testHugeIntegersBecomeDoubles() throws {
        XCTAssertEqual(try JSONParser.parse("9223372036854775808"), .double(0x1p63))
        XCTAssertEqual(try JSONParser.parse("-9223372036854775809"), .double(-0x1p63))
        XCTAssertEqual(try JSONParser.parse("123456789012345678901234567890"), .double(1.2345678901234568e29))
        XCTAssertEqual(try JSONParser.parse(String(repeating: "9", count: 300)), .double(1e300))
    }

    func testFractionsAndExponents() throws {
        XCTAssertEqual(try JSONParser.parse("2.5"), .double(2.5))
        XCTAssertEqual(try JSONParser.parse("-0.125"), .double(-0.125))
        XCTAssertEqual(try JSONParser.parse("1e3"), .double(1000))
        XCTAssertEqual(try JSONParser.parse("1E+3"), .double(1000))
        XCTAssertEqual(try JSONParser.parse("25e-1"), .double(2.5))
        XCTAssertEqual(try JSONParser.parse("2.0"), .double(2))
        XCTAssertEqual(try JSONParser.parse("1.7976931348623157e308"), .double(.greatestFiniteMagnitude))
        XCTAssertEqual(try JSONParser.parse("5e-324"), .double(.leastNonzeroMagnitude))
    }

    func testNumbersBeyondADoubleAreErrors() {
        for text in ["1e400", "-1e400", "1.8e308", "1" + String(repeating: "0", count: 400)] {
            assertRejects(text, "outside the range of a double")
        }
        XCTAssertEqual(parseError("[1, 1e400]")?.offset, 4)
    }

    /// Underflow is not an error: the value rounds to zero as IEEE 754 prescribes.
    func testUnderflowRoundsToZero() throws {
        XCTAssertEqual(try JSONParser.parse("1e-400"), .double(0))
    }

    func testLeadingZerosAreErrors() {
        assertRejects("01", "leading zero")
        assertRejects("-01", "leading zero")
        assertRejects("00", "leading zero")
        assertRejects("[007]", "leading zero")
    }

    func testMalformedNumbers() {
        assertRejects("-", "invalid number")
        assertRejects("-a", "invalid number")
        assertRejects("+1", "unexpected character '+'")
        assertRejects(".5", "unexpected character '.'")
        assertRejects("1.", "digits expected after '.'")
        assertRejects("1.e5", "digits expected after '.'")
        assertRejects("1e", "digits expected in the exponent")
        assertRejects("1e+", "digits expected in the exponent")
        assertRejects("0x10", "unexpected data after the JSON value")
        assertRejects("1.5.2", "unexpected data after the JSON value")
        assertRejects("NaN", "unexpected character 'N'")
        assertRejects("Infinity", "unexpected character 'I'")
        assertRejects("-Infinity", "invalid number")
    }

    func testAccessors() throws {
        XCTAssertEqual(try JSONParser.parse("2.0").integerValue, 2)
        XCTAssertNil(try JSONParser.parse("2.5").integerValue)
        XCTAssertNil(try JSONParser.parse("1e19").integerValue)
        XCTAssertEqual(try JSONParser.parse("3").doubleValue, 3)
    }
}
