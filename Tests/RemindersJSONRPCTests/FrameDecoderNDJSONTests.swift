import XCTest
@testable import RemindersJSONRPC

/// Newline-delimited JSON: one message per line, bounded memory for lines over the limit.
final class FrameDecoderNDJSONTests: XCTestCase {
    private func decode(_ input: String, max: Int = 1 << 20, chunk: Int = 1 << 16, finish: Bool = false) -> [String] {
        describe(FrameDecoder.decode(bytes(input), chunk: chunk, maxMessageSize: max, finish: finish))
    }

    func testDetection() {
        for first in ["{", "[", "\"", "1", "n", "x", "\u{FEFF}"] {
            var decoder = FrameDecoder()
            decoder.append(bytes("\r\n \t" + first))
            _ = decoder.next()
            XCTAssertEqual(decoder.framing, .ndjson, first)
        }
    }

    func testLines() {
        XCTAssertEqual(decode("{\"a\":1}\n[2]\n3\n"), [#"{"a":1}"#, "[2]", "3"])
    }

    func testCRLFAndBlankLines() {
        XCTAssertEqual(decode("\n\r\n{}\r\n\r\n  \t\r\n[]\n\n"), ["{}", "[]"])
    }

    /// Only one trailing "\r" is the line end; anything else stays for the parser to judge.
    func testOnlyTheLastCarriageReturnIsDropped() {
        XCTAssertEqual(decode("{}\r\r\n"), ["{}\r"])
        XCTAssertEqual(decode("{}\n  {} \n"), ["{}", "  {} "])
    }

    func testAnIncompleteLineWaits() {
        var decoder = FrameDecoder()
        decoder.append(bytes("{\"a\":"))
        XCTAssertNil(decoder.next())
        decoder.append(bytes("1}\n{"))
        XCTAssertEqual(decoder.next(), .message(bytes(#"{"a":1}"#)))
        XCTAssertNil(decoder.next())
    }

    /// Regression: a last line without its newline was dropped at end of input (`printf '%s' …`).
    func testLastLineWithoutNewlineIsAMessageAtEndOfInput() {
        XCTAssertEqual(decode("[1]\n[2]", finish: true), ["[1]", "[2]"])
        XCTAssertEqual(decode("[1]\n[2]\r", finish: true), ["[1]", "[2]"])
        XCTAssertEqual(decode("[1]\n  \r", finish: true), ["[1]"])
        XCTAssertEqual(decode("[1]\n", finish: true), ["[1]"])
        XCTAssertEqual(decode("", finish: true), [])
    }

    func testOversizedLineIsDiscardedAndTheNextLineRead() {
        let big = String(repeating: "x", count: 150)
        let error = "error: message larger than the limit of 100 bytes"
        for chunk in [1, 7, 64, 100, 101, 102, 1000] {
            XCTAssertEqual(decode("[1]\n" + big + "\n[2]\n", max: 100, chunk: chunk), ["[1]", error, "[2]"], "chunk \(chunk)")
            XCTAssertEqual(decode(big + "\r\n[2]\r\n", max: 100, chunk: chunk), [error, "[2]"], "chunk \(chunk)")
        }
    }

    /// Regression: a line of exactly the limit ending in "\r\n" was refused when a read ended
    /// between the "\r" and the "\n", and accepted otherwise.
    func testALineOfExactlyTheLimitFitsHoweverItIsSplit() {
        let line = "[" + String(repeating: "1,", count: 48) + "10]"  // 100 bytes
        XCTAssertEqual(line.utf8.count, 100)
        for chunk in 1...103 {
            XCTAssertEqual(decode(line + "\r\n" + line + "\n", max: 100, chunk: chunk), [line, line], "chunk \(chunk)")
        }
        let over = line + " "
        for chunk in [1, 50, 101, 102, 103, 200] {
            XCTAssertEqual(
                decode(over + "\r\n[0]\n", max: 100, chunk: chunk),
                ["error: message larger than the limit of 100 bytes", "[0]"], "chunk \(chunk)")
        }
    }

    /// The rest of an oversized line is dropped as it arrives: memory stays near the limit.
    func testOversizedLineIsNotBuffered() {
        var decoder = FrameDecoder(maxMessageSize: 1000)
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 4096)
        var errors = 0
        for _ in 0..<1000 {  // a 4 MB line
            decoder.append(chunk)
            while let output = decoder.next() {
                XCTAssertEqual(output, .error(.messageTooLarge(size: -1, limit: 1000)))
                errors += 1
            }
            XCTAssertLessThanOrEqual(decoder.buffer.count, 1000 + 2 * chunk.count)
        }
        XCTAssertEqual(errors, 1)
        decoder.append(bytes("tail\n{}\n"))
        XCTAssertEqual(decoder.next(), .message(bytes("{}")))
        XCTAssertNil(decoder.finish())
    }

    func testOversizedLastLineAtEndOfInput() {
        XCTAssertEqual(
            decode("[1]\n" + String(repeating: "y", count: 101), max: 100, finish: true),
            ["[1]", "error: message larger than the limit of 100 bytes"])
        XCTAssertEqual(
            decode(String(repeating: "y", count: 500), max: 100, finish: true),
            ["error: message larger than the limit of 100 bytes"])
    }

    /// NDJSON has no headers: a line that looks like one is just a line (the parser refuses it).
    func testHeaderTextIsALine() {
        XCTAssertEqual(decode("{}\nContent-Length: 2\n\n{}\n"), ["{}", "Content-Length: 2", "{}"])
    }
}
