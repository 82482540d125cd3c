import XCTest
@testable import RemindersJSONRPC

/// Regressions of issue 16: every state that resynchronizes finds the next `Content-Length:`
/// wherever it starts, a frame with two lengths is refused, and a leading BOM is skipped.
final class FrameDecoderResyncTests: XCTestCase {
    private func decode(_ input: [UInt8], chunk: Int = 1 << 16, finish: Bool = false) -> [String] {
        describe(FrameDecoder.decode(input, chunk: chunk, finish: finish))
    }

    private func decode(_ input: String, chunk: Int = 1 << 16) -> [String] { decode(bytes(input), chunk: chunk) }

    /// A client that counts characters instead of bytes sends a body one byte short of its length;
    /// what is left over is glued to the next header. That next frame must still be read.
    func testAHeaderAfterGarbageOnTheSameLineIsFound() {
        let input = lsp("0") + "garbage}" + lsp("3") + lsp("4")
        for chunk in [1, 3, 1 << 16] {
            XCTAssertEqual(
                decode(input, chunk: chunk),
                ["0", #"error: invalid header line "garbage}Content-Length: 1"; expected "Content-Length: N""#, "3", "4"],
                "chunk \(chunk)")
        }
    }

    func testTheMiscountedCaféBodyLosesOnlyItself() {
        let body = #"{"title":"café"}"#
        let miscounted = "Content-Length: \(body.count)\r\n\r\n" + body  // one byte short: é is two bytes
        let output = decode(miscounted + lsp("next") + lsp("after"))
        XCTAssertEqual(output.suffix(2), ["next", "after"], "\(output)")
    }

    func testAnOverlongHeaderLineStillYieldsAHeaderInsideIt() {
        let junk = String(repeating: "j", count: 2000)
        XCTAssertEqual(decode(lsp("0") + junk + lsp("1") + lsp("2")).suffix(2), ["1", "2"])
    }

    func testAnInvalidContentLengthFollowedByAFrameOnItsLine() {
        XCTAssertEqual(
            decode(lsp("0") + "Content-Length: x" + lsp("1")),
            ["0", #"error: invalid Content-Length "xContent-Length: 1""#, "1"])
    }

    func testTwoContentLengthsRefuseTheFrame() {
        for second in ["2", "3"] {
            let input = lsp("0") + "Content-Length: 2\r\nContent-Length: \(second)\r\n\r\n{}" + lsp("1")
            XCTAssertEqual(decode(input), ["0", "error: a second Content-Length header in one message; the frame is refused", "1"], second)
        }
    }

    func testALeadingByteOrderMarkIsSkippedInEitherFraming() {
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        for chunk in [1, 2, 1 << 16] {
            XCTAssertEqual(decode(mark + bytes(lsp("{}") + lsp("[]")), chunk: chunk), ["{}", "[]"], "chunk \(chunk)")
            var decoder = FrameDecoder()
            for piece in stride(from: 0, to: mark.count + 8, by: chunk).map({
                Array((mark + bytes("{\"a\":1}\n"))[$0..<min($0 + chunk, mark.count + 8)])
            }) {
                decoder.append(piece)
            }
            XCTAssertEqual(decoder.next(), .message(bytes(#"{"a":1}"#)), "chunk \(chunk)")
            XCTAssertEqual(decoder.framing, .ndjson)
        }
        var lsp = FrameDecoder()
        lsp.append(mark + bytes("Content-Length: 2\r\n\r\n{}"))
        XCTAssertEqual(lsp.next(), .message(bytes("{}")))
        XCTAssertEqual(lsp.framing, .lsp)
    }

    /// Only the stream's first bytes can be a BOM; one later is content (and NDJSON reports it).
    func testAByteOrderMarkLaterIsNotSkipped() {
        XCTAssertEqual(decode(bytes("{}\n") + [0xEF, 0xBB, 0xBF] + bytes("{}\n")), ["{}", "\u{FEFF}{}"])
        XCTAssertEqual(decode([0xEF, 0xBB, 0x41, 0x0A]), [String(decoding: [0xEF, 0xBB, 0x41], as: UTF8.self)])
    }
}
