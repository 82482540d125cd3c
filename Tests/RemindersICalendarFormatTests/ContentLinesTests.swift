import XCTest
@testable import RemindersICalendarFormat

final class ContentLinesTests: XCTestCase {
    func testUnfoldsCRLFAndLFWithSpaceOrTab() {
        let text = "\u{FEFF}BEGIN:VTODO\r\nSUMMARY:Buy \r\n milk\nDESCRIPTION:a\n\tb\r\n\r\nEND:VTODO"
        let lines = ContentLines.unfold(text)
        XCTAssertEqual(lines.map(\.text), ["BEGIN:VTODO", "SUMMARY:Buy milk", "DESCRIPTION:ab", "END:VTODO"])
        XCTAssertEqual(lines.map(\.line), [1, 2, 4, 7])
    }

    /// A lone CR ends a line (old Mac files): kept inside a value, it went out as a bare CR, which
    /// breaks every reader (found by the fuzzer: "VERSION:2.0\r?\n").
    func testALoneCREndsALine() throws {
        XCTAssertEqual(ContentLines.unfold("BEGIN:VTODO\rSUMMARY:a\r b\rEND:VTODO\r").map(\.text), ["BEGIN:VTODO", "SUMMARY:ab", "END:VTODO"])
        XCTAssertEqual(ContentLines.unfold("VERSION:2.0\r?\nX:1").map(\.text), ["VERSION:2.0", "?", "X:1"])
        let todo = try XCTUnwrap(Component.parse("BEGIN:VTODO\rUID:u\rSUMMARY:mil\u{FFFD}k\r\nEND:VTODO").first)
        XCTAssertEqual(todo.text, "BEGIN:VTODO\r\nUID:u\r\nSUMMARY:mil\u{FFFD}k\r\nEND:VTODO\r\n")
    }

    /// Found by the fuzzer in CI: after a blank line, "  *" and " SUMMARY…" unfolded to a line
    /// starting with a space, which written back continued the UID line before it.
    func testAContinuationWithNothingToContinueLosesItsLeadingBlanks() throws {
        let text = "BEGIN:VTODO\nUID:u\n\r\n  *\n SUMMARY:x\nEND:VTODO\n"
        XCTAssertEqual(ContentLines.unfold(text).map(\.text), ["BEGIN:VTODO", "UID:u", "*SUMMARY:x", "END:VTODO"])
        let written = try XCTUnwrap(Component.parse(text).first).text
        XCTAssertEqual(try Component.parse(written).first?.text, written, "stable")
    }

    func testFoldsAt75OctetsWithoutSplittingCharacters() {
        for filler in ["a", "é", "€", "𝄞", "a€"] {
            let line = "DESCRIPTION:" + String(repeating: filler, count: 90)
            var output = ""
            ContentLines.fold(line, into: &output)
            XCTAssertTrue(output.hasSuffix("\r\n"))
            let physical = output.components(separatedBy: "\r\n").dropLast()
            XCTAssertGreaterThan(physical.count, 1, filler)
            for (index, piece) in physical.enumerated() {
                XCTAssertLessThanOrEqual(piece.utf8.count, 75, "\(filler) line \(index)")
                XCTAssertNotNil(String(validating: Array(piece.utf8), as: UTF8.self), filler)
                if index > 0 { XCTAssertTrue(piece.hasPrefix(" ")) }
            }
            XCTAssertEqual(ContentLines.unfold(output).map(\.text), [line], filler)
        }
    }

    func testShortLinesAreNotFolded() {
        var output = ""
        ContentLines.fold(String(repeating: "x", count: 75), into: &output)
        XCTAssertEqual(output, String(repeating: "x", count: 75) + "\r\n")
    }
}
