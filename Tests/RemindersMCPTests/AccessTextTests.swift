import RemindersServer
import XCTest
@testable import RemindersMCP

/// What an assistant is told when the owner has not given it access: the command that grants it,
/// and — when its host is a bare interpreter or cannot be identified — what such a grant means
/// (issue 35, 15).
final class AccessTextTests: XCTestCase {
    func testAProgramIsNamedInTheCommand() {
        let text = AccessText(storeArgument: "/s.sqlite", program: "/usr/lib/claude/claude").refused(client: "claude-ai", status: "notDetermined")
        XCTAssertTrue(text.contains("remindersd permissions set claude-ai fullAccess --program /usr/lib/claude/claude --store /s.sqlite"), text)
        XCTAssertFalse(text.contains("interpreter"))
    }

    func testABareInterpreterIsSaidToStandForEveryProgramItRuns() {
        let text = AccessText(storeArgument: nil, program: "/usr/bin/python3.11", evidence: .interpreter)
            .refused(client: "host", status: "notDetermined")
        XCTAssertTrue(text.contains("interpreter with no script of its own"), text)
        XCTAssertTrue(text.contains("every program it runs"), text)
        XCTAssertTrue(text.contains("through a script or wrapper of its own"), text)
        XCTAssertTrue(text.contains("--program /usr/bin/python3.11"), "still named, for one who knows: \(text)")
    }

    func testAnUnknownProgramCanOnlyBeGrantedTheName() {
        let text = AccessText(storeArgument: nil, program: RequestingProgram.unknown, evidence: .unknown)
            .refused(client: "host", status: "notDetermined")
        XCTAssertTrue(text.contains("could not be identified") && text.contains("--any-program"), text)
        XCTAssertFalse(text.contains("--program"), text)
    }
}
