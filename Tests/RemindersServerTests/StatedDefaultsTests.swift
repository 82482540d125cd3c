import RemindersCommandArguments
import RemindersCommandLine
import RemindersJSONRPC
import RemindersModel
@testable import RemindersServer
import RemindersStore
import XCTest

/// What `remindersd serve --help` says a limit defaults to is what the server uses (issue 53: the
/// busy timeout's default was written in three places). The help lives where the command line is
/// declared, which links none of these; this test holds them together.
final class StatedDefaultsTests: XCTestCase {
    func testTheDefaultsTheHelpStatesAreTheOnesTheServerUses() {
        let options = ServerOptions(storePath: "/nonexistent")
        let stated: [(Option, Int)] = [
            (.busyTimeout, options.busyTimeoutMilliseconds), (.maxTitleBytes, options.rules.maxTitleBytes),
            (.maxNotesBytes, options.rules.maxNotesBytes), (.maxMessageSize, options.limits.maxMessageSize),
            (.maxDepth, options.limits.maxDepth), (.maxBatch, options.limits.maxBatch), (.consentTimeout, Int(options.consentTimeout)),
        ]
        for (option, value) in stated {
            XCTAssertTrue(option.help.contains("(default \(value))"), "\(option.name): \(option.help) — the server uses \(value)")
            XCTAssertTrue(option.bounds?.contains(value) ?? false, "\(option.name)'s default is within its bounds")
        }
        XCTAssertEqual(options.busyTimeoutMilliseconds, CalendarStore.defaultBusyTimeout)
    }
}
