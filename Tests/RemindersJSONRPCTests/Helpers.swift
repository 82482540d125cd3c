import XCTest
@testable import RemindersJSONRPC

/// The UTF-8 bytes of a test string.
func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

/// The text of encoded JSON, for readable assertions.
func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

/// The parse error for `input`, or nil (and a test failure) when it parses.
func parseError(
    _ input: [UInt8], maxDepth: Int = JSONParser.defaultMaxDepth,
    file: StaticString = #filePath, line: UInt = #line
) -> JSONParseError? {
    do {
        let value = try JSONParser.parse(input, maxDepth: maxDepth)
        XCTFail("expected a parse error, got \(value)", file: file, line: line)
        return nil
    } catch {
        return error
    }
}

func parseError(
    _ input: String, maxDepth: Int = JSONParser.defaultMaxDepth,
    file: StaticString = #filePath, line: UInt = #line
) -> JSONParseError? {
    parseError(bytes(input), maxDepth: maxDepth, file: file, line: line)
}

/// Asserts that `input` is refused with a reason containing `reason`.
func assertRejects(_ input: String, _ reason: String, file: StaticString = #filePath, line: UInt = #line) {
    assertRejects(bytes(input), reason, file: file, line: line)
}

func assertRejects(_ input: [UInt8], _ reason: String, file: StaticString = #filePath, line: UInt = #line) {
    guard let error = parseError(input, file: file, line: line) else { return }
    XCTAssertTrue(error.reason.contains(reason), "\"\(error.reason)\" does not mention \"\(reason)\"", file: file, line: line)
}

extension FrameDecoder {
    /// Feeds `input` in chunks of `chunk` bytes and collects every output, then what `finish()` adds.
    static func decode(_ input: [UInt8], chunk: Int, maxMessageSize: Int = 1 << 20, finish: Bool = false) -> [Output] {
        var decoder = FrameDecoder(maxMessageSize: maxMessageSize)
        var outputs: [Output] = []
        var offset = 0
        while offset < input.count {
            let end = min(input.count, offset + chunk)
            decoder.append(Array(input[offset..<end]))
            while let output = decoder.next() { outputs.append(output) }
            offset = end
        }
        if finish, let last = decoder.finish() { outputs.append(last) }
        return outputs
    }
}

/// A readable form of decoder outputs: message text, or `error: …`.
func describe(_ outputs: [FrameDecoder.Output]) -> [String] {
    outputs.map {
        switch $0 {
        case .message(let body): return text(body)
        case .error(let error): return "error: \(error.description)"
        }
    }
}

/// LSP framing of a body.
func lsp(_ body: String) -> String { "Content-Length: \(body.utf8.count)\r\n\r\n\(body)" }
