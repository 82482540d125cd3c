import Foundation
import XCTest
@testable import RemindersJSONRPC

/// Inputs the fuzzer (scripts/fuzz) found, replayed with the invariant they broke.
/// Each keeps the exact crash input and, where it helps to read, a minimal equivalent.
final class FuzzRegressionTests: XCTestCase {
    /// The fuzz target's limit for inputs of odd length, so the inputs take the same paths here.
    private let maxMessageSize = 300

    /// The invariant of Fuzz/Oracles.swift: the same frames however the reads split the input.
    private func assertSameFramesHoweverSplit(_ input: [UInt8], file: StaticString = #filePath, line: UInt = #line) {
        let whole = describe(FrameDecoder.decode(input, chunk: max(1, input.count), maxMessageSize: maxMessageSize, finish: true))
        for chunk in 1...80 {
            let split = describe(FrameDecoder.decode(input, chunk: chunk, maxMessageSize: maxMessageSize, finish: true))
            XCTAssertEqual(split, whole, "chunk size \(chunk)", file: file, line: line)
        }
    }

    /// crash-ed102b28: an overlong LSP header line with "Content-Length:" past its first 1024
    /// bytes. Whole, the line was skipped to its newline; split, resynchronization began at the
    /// end of the read and found the header inside the line.
    func testOverlongHeaderLineResynchronizesAtTheSameByte() {
        assertSameFramesHoweverSplit(
            Array(
                Data(
                    base64Encoded:
                        "Q29udGVudC1MZW5ndGg6IDINCg0Ke31YLUxvbmc6IHZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2HR0dHR0dHR0dHR0dHR0dHR0dHR0dHR0dHR0dHR0dHR0dHR0dHR12dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnYtOTIyMzM3MjAzNjg1NDc3NTgwOHZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2azE0dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2dnZ2ZCI6ImF1dGhvcml6YXRpb25TdGF0dXMifSx7Impzb25ycGMiOiIyLjAiLCJtZXRob2QiOiJpbml0aWFsaXplZCJ9LHsianMsMSwxLDEsMSwxLCwxMSwxLDEsMSwxLDEsMSwxLDEsMSwxLDEsMSwxLDEsMSwxLDEsMSwxLDEsMSxmYWxzZSwxLDEsMSxDb250ZW50LUxlbmd0aDogMTM5DQoNClt7Impzb25ycGMiOiIyLjAiLCJpZCI6MSwibWV0aG9kIjoiYXV0aG9yaXphdGlvblN0YXR1cyJ9IjoiYXV0aG9yaXphdGlvblN0YXR1cyIsInBhcmFtcyI6e319"
                )!))
        let minimal = bytes(lsp("{}") + "X-Long: " + String(repeating: "v", count: 1100) + lsp("[]") + "\r\n" + lsp("1"))
        assertSameFramesHoweverSplit(minimal)
        XCTAssertEqual(
            describe(FrameDecoder.decode(minimal, chunk: 7, finish: true)),
            [
                "{}", #"error: invalid header line "(overlong line)"; expected "Content-Length: N""#, "[]",
                "error: headers without a Content-Length", "1",
            ])
    }
}
