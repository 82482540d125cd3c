import XCTest
@testable import RemindersJSONRPC

/// LSP framing: headers, bodies, and what happens when either is broken.
final class FrameDecoderLSPTests: XCTestCase {
    private func decode(_ input: String, max: Int = 1 << 20, finish: Bool = false) -> [String] {
        describe(FrameDecoder.decode(bytes(input), chunk: 1 << 16, maxMessageSize: max, finish: finish))
    }

    func testOneFrame() {
        XCTAssertEqual(decode(lsp(#"{"a":1}"#)), [#"{"a":1}"#])
    }

    func testDetectionFromTheFirstByte() {
        var decoder = FrameDecoder()
        XCTAssertNil(decoder.framing)
        decoder.append(bytes(" \r\n\t"))
        XCTAssertNil(decoder.next())
        XCTAssertNil(decoder.framing)  // blank space decides nothing
        decoder.append(bytes("c"))
        XCTAssertNil(decoder.next())
        XCTAssertEqual(decoder.framing, .lsp)
        XCTAssertEqual(decode("\n\n  content-length: 2\n\n{}"), ["{}"])
    }

    func testSeveralFramesInOneChunk() {
        XCTAssertEqual(decode(lsp("[1]") + lsp("{}") + lsp(#""é""#)), ["[1]", "{}", #""é""#])
    }

    func testHeaderNameIsCaseInsensitiveAndOtherHeadersAreIgnored() {
        let input =
            "content-LENGTH:2\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\nX-Y: z\r\n\r\n{}"
            + "Content-Type: a\nCONTENT-LENGTH:  \t3 \t\n\n[1]"
        XCTAssertEqual(decode(input), ["{}", "[1]"])
    }

    func testCRLFAndLFLineEnds() {
        XCTAssertEqual(decode("Content-Length: 2\n\n{}Content-Length: 2\r\n\r\n[]Content-Length: 1\r\n\n1"), ["{}", "[]", "1"])
    }

    /// The body is exactly Content-Length bytes, newlines and all; nothing is trimmed.
    func testBodyBytesAreTakenVerbatim() {
        XCTAssertEqual(decode("Content-Length: 6\r\n\r\n{\r\n}\n\n"), ["{\r\n}\n\n"])
        XCTAssertEqual(decode("Content-Length: 0\r\n\r\n"), [""])
    }

    func testBlankLineBeforeAnyContentLength() {
        XCTAssertEqual(
            decode(lsp("1") + "\r\n" + lsp("2")),
            ["1", "error: headers without a Content-Length", "2"])
        XCTAssertEqual(
            decode("Content-Type: x\r\n\r\n" + lsp("2")),
            ["error: headers without a Content-Length", "2"])
    }

    func testInvalidHeaderLineResynchronizes() {
        // (Each input starts with a frame: a first byte other than C/c would choose NDJSON.)
        XCTAssertEqual(
            decode(lsp("0") + "garbage\r\n" + lsp("1") + lsp("2")),
            ["0", #"error: invalid header line "garbage"; expected "Content-Length: N""#, "1", "2"])
        XCTAssertEqual(decode(lsp("0") + ": no name\r\n\r\n" + lsp("1")).count, 3)
        XCTAssertEqual(decode("Content Length: 5\r\n\r\n" + lsp("1")).last, "1")
    }

    /// Regression: resynchronization looked for `Content-Length:` only at the start of a line.
    /// LSP bodies end without a newline, so each next header sits on the line of the body before
    /// it, and after one bad header every later message of the session was skipped.
    func testResynchronizationFindsAHeaderRightAfterABody() {
        let bad = "Content-Length: x\r\n\r\n" + #"{"lost":true}"#
        XCTAssertEqual(
            decode(bad + lsp("1") + lsp("2") + lsp("3")),
            [#"error: invalid Content-Length "x""#, "1", "2", "3"])
        let longBody = String(repeating: "z", count: 5000)  // longer than a header line may be
        XCTAssertEqual(decode(lsp("0") + "Bad header\r\n\r\n" + longBody + lsp("1") + lsp("2")).dropFirst(2), ["1", "2"])
    }

    func testContentLengthValues() {
        for value in ["-5", "abc", "5x", "+5", "0x10", "5 5", "1e3", "", "１"] {
            let output = decode("Content-Length: \(value)\r\n\r\n" + lsp("1"))
            XCTAssertEqual(output.first, "error: invalid Content-Length \"\(value)\"", value)
            XCTAssertEqual(output.last, "1", value)
        }
        let tooLong = String(repeating: "9", count: 19)
        XCTAssertEqual(
            decode("Content-Length: \(tooLong)\r\n\r\n" + lsp("1")),
            ["error: invalid Content-Length \"\(tooLong)\"", "1"])
        XCTAssertEqual(decode("Content-Length: 003\r\n\r\n[1]" + lsp("2")), ["[1]", "2"])
    }

    func testMissingContentLengthWithOtherHeaders() {
        XCTAssertEqual(decode("Content-Type: x\r\n\r\n{}" + lsp("1")).first, "error: headers without a Content-Length")
    }

    /// A body over the limit (but not absurdly so) is skipped byte for byte and the next frame read.
    func testOversizedBodyIsDiscardedAndTheNextFrameRead() {
        let big = String(repeating: "x", count: 300)
        XCTAssertEqual(
            decode(lsp(big) + lsp("[1]"), max: 100),
            ["error: message of 300 bytes is larger than the limit of 100 bytes", "[1]"])
        XCTAssertEqual(decode(lsp(String(repeating: "y", count: 100)), max: 100).first?.count, 100)
    }

    func testOversizedBodyIsNeverBuffered() {
        var decoder = FrameDecoder(maxMessageSize: 1000)
        decoder.append(bytes("Content-Length: 60000\r\n\r\n"))
        XCTAssertEqual(decoder.next(), .error(.messageTooLarge(size: 60000, limit: 1000)))
        let chunk = [UInt8](repeating: 0x41, count: 999)
        for _ in 0..<60 {
            decoder.append(chunk)
            XCTAssertNil(decoder.next())
            XCTAssertLessThanOrEqual(decoder.buffer.count, 2 * chunk.count)
        }
        decoder.append([UInt8](repeating: 0x41, count: 60) + bytes(lsp("{}")))  // the body's last 60 bytes, then a frame
        XCTAssertEqual(decoder.next(), .message(bytes("{}")))
    }

    /// Beyond 64 times the limit a Content-Length is garbage: the decoder looks for the next header instead.
    func testAbsurdContentLengthResynchronizes() {
        XCTAssertEqual(
            decode("Content-Length: 6400\r\n\r\n" + lsp("1"), max: 100),  // exactly 64×: skipped
            ["error: message of 6400 bytes is larger than the limit of 100 bytes"])
        // Regression: the bound was computed as length / 64 <= limit, so up to 6463 bytes were still skipped.
        XCTAssertEqual(
            decode("Content-Length: 6401\r\n\r\n" + #"{"a":1}"# + lsp("2"), max: 100),
            ["error: message of 6401 bytes is larger than the limit of 100 bytes", "2"])
    }

    func testOverlongHeaderLine() {
        let long = "X-Long: " + String(repeating: "v", count: 2000)
        let error = #"error: invalid header line "(overlong line)"; expected "Content-Length: N""#
        XCTAssertEqual(decode(lsp("0") + long + "\r\n\r\n" + lsp("1")), ["0", error, "1"])
        XCTAssertEqual(decode(lsp("0") + long), ["0", error])
    }

    /// Regression: at end of input a cut-off frame vanished without a word.
    func testEndOfInputInsideAFrame() {
        XCTAssertEqual(
            decode("Content-Length: 10\r\n\r\n{\"a\"", finish: true),
            ["error: end of input after 4 of the 10 bytes of a message"])
        XCTAssertEqual(decode(lsp("1") + "Content-Len", finish: true), ["1", "error: end of input inside the headers of a message"])
        XCTAssertEqual(decode(lsp("1") + "Content-Length: 3\r\n", finish: true).last, "error: end of input inside the headers of a message")
        XCTAssertEqual(decode(lsp("1") + "\r\n \t", finish: true), ["1", "error: headers without a Content-Length"])
        XCTAssertEqual(decode(lsp("1") + " ", finish: true), ["1"])
        XCTAssertEqual(decode("Content-Length: 500\r\n\r\nabc", max: 100, finish: true).count, 1)  // reported once
    }

    func testNothingAfterFinish() {
        var decoder = FrameDecoder()
        decoder.append(bytes(lsp("1")))
        XCTAssertEqual(decoder.next(), .message(bytes("1")))
        XCTAssertNil(decoder.finish())
        decoder.append(bytes(lsp("2")))
        XCTAssertNil(decoder.next())
        XCTAssertNil(decoder.finish())
    }
}
