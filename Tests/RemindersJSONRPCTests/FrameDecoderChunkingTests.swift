import XCTest
@testable import RemindersJSONRPC

/// Whatever sizes the reads come in, the decoder yields the same frames as from one read.
final class FrameDecoderChunkingTests: XCTestCase {
    private let bodies = [
        #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"clientInfo":{"name":"t"}}}"#,
        #"[{"jsonrpc":"2.0","method":"initialized"},{"jsonrpc":"2.0","id":"x","method":"m"}]"#,
        #"{"s":"Grüße 😀\r\n"}"#,
        "{}",
    ]

    private func assertEveryChunkSize(
        _ input: String, max: Int = 1 << 20, finish: Bool = false,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let all = bytes(input)
        let whole = describe(FrameDecoder.decode(all, chunk: all.count, maxMessageSize: max, finish: finish))
        XCTAssertFalse(whole.isEmpty, file: file, line: line)
        for chunk in 1...all.count {
            let split = describe(FrameDecoder.decode(all, chunk: chunk, maxMessageSize: max, finish: finish))
            XCTAssertEqual(split, whole, "chunk size \(chunk)", file: file, line: line)
        }
    }

    func testLSPFramesInEveryChunkSize() {
        let input = "\r\n" + bodies.map(lsp).joined() + "content-length: 2\nContent-Type: x\n\n[]"
        assertEveryChunkSize(input)
        XCTAssertEqual(describe(FrameDecoder.decode(bytes(input), chunk: 1)), bodies + ["[]"])
    }

    func testNDJSONLinesInEveryChunkSize() {
        let input = "\n" + bodies.map { $0.replacingOccurrences(of: "\r\n", with: "\\r\\n") }.joined(separator: "\r\n\n") + "\n"
        assertEveryChunkSize(input)
        XCTAssertEqual(FrameDecoder.decode(bytes(input), chunk: 1).count, bodies.count)
    }

    func testBrokenLSPInEveryChunkSize() {
        let input =
            lsp("1") + "Bad\r\n\r\n" + #"{"x":1}"# + lsp("2") + "Content-Length: -1\r\n\r\n" + lsp("3")
            + "Content-Length: 300\r\n\r\n" + String(repeating: "z", count: 300) + lsp("4")
            + "Content-Length: 99999\r\n\r\n" + #"{"lost"}"# + lsp("5") + "\r\n" + lsp("6") + "Content-Length: 9\r\n\r\n[7"
        assertEveryChunkSize(input, max: 100, finish: true)
        XCTAssertEqual(
            describe(FrameDecoder.decode(bytes(input), chunk: 3, maxMessageSize: 100, finish: true)),
            [
                "1", #"error: invalid header line "Bad"; expected "Content-Length: N""#,
                "2", #"error: invalid Content-Length "-1""#,
                "3", "error: message of 300 bytes is larger than the limit of 100 bytes",
                "4", "error: message of 99999 bytes is larger than the limit of 100 bytes",
                "5", "error: headers without a Content-Length",
                "6", "error: end of input after 2 of the 9 bytes of a message",
            ])
    }

    func testBrokenNDJSONInEveryChunkSize() {
        let input = "[1]\n" + String(repeating: "x", count: 120) + "\r\n\r\n[2]\r\n" + String(repeating: "y", count: 99) + "\n[3]"
        assertEveryChunkSize(input, max: 100, finish: true)
        XCTAssertEqual(
            describe(FrameDecoder.decode(bytes(input), chunk: 5, maxMessageSize: 100, finish: true)),
            ["[1]", "error: message larger than the limit of 100 bytes", "[2]", String(repeating: "y", count: 99), "[3]"])
    }
}
