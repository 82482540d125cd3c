import RemindersJSONRPC
import RemindersModel
import RemindersProtocol
@testable import RemindersServer
import RemindersStore
import XCTest

/// The lifecycle rules as a table: state × message → decision.
final class LifecycleRulesTests: XCTestCase {
    func testRequests() {
        let table: [(Lifecycle, String, Int?)] = [
            (.awaitingInitialize, "initialize", nil), (.awaitingInitialize, "fetchReminders", -32002), (.awaitingInitialize, "shutdown", -32002),
            (.running, "initialize", -32600), (.running, "fetchReminders", nil), (.running, "shutdown", nil), (.running, "nope", nil),
            (.shutDown, "fetchReminders", -32600), (.shutDown, "initialize", -32600), (.shutDown, "shutdown", -32600),
            (.running, "exit", -32600), (.awaitingInitialize, "initialized", -32600),
        ]
        for (state, method, code) in table {
            switch state.admitRequest(MethodRegistry.named(method), named: method) {
            case .handle: XCTAssertNil(code, "\(state) \(method)")
            case .reject(let error): XCTAssertEqual(error.code, code, "\(state) \(method)")
            default: XCTFail("\(state) \(method)")
            }
        }
    }

    func testNotifications() {
        XCTAssertEqual(Lifecycle.awaitingInitialize.admitNotification("exit"), .exit(code: 1))
        XCTAssertEqual(Lifecycle.running.admitNotification("exit"), .exit(code: 1))
        XCTAssertEqual(Lifecycle.shutDown.admitNotification("exit"), .exit(code: 0))
        XCTAssertEqual(Lifecycle.awaitingInitialize.admitNotification("initialized"), .drop)
        XCTAssertEqual(Lifecycle.running.admitNotification("initialized"), .handle)
        XCTAssertEqual(Lifecycle.shutDown.admitNotification("initialized"), .drop)
    }
}

/// EventKit's authorization state machine, without the store.
final class AuthorizationRulesTests: XCTestCase {
    func testDecisions() {
        typealias Case = (current: AuthorizationStatus, level: String, answer: Bool?, expected: AuthorizationStatus, asked: Bool)
        let table: [Case] = [
            (.notDetermined, "full", true, .fullAccess, true), (.notDetermined, "writeOnly", true, .writeOnly, true),
            (.notDetermined, "full", false, .denied, true), (.notDetermined, "full", nil, .notDetermined, true),
            (.writeOnly, "full", true, .fullAccess, true), (.writeOnly, "full", false, .writeOnly, true), (.writeOnly, "full", nil, .writeOnly, true),
            (.writeOnly, "writeOnly", true, .writeOnly, false), (.fullAccess, "full", false, .fullAccess, false),
            (.fullAccess, "writeOnly", false, .fullAccess, false), (.denied, "full", true, .denied, false),
            (.restricted, "full", true, .restricted, false),
        ]
        for row in table {
            var asked = false
            let result = RequestAccess.decide(current: row.current, level: .init(rawValue: row.level)!) {
                asked = true; return row.answer
            }
            XCTAssertEqual(result, row.expected, "\(row)")
            XCTAssertEqual(asked, row.asked, "\(row)")
        }
    }

    func testAccessLevels() {
        XCTAssertTrue(Access.fullAccess.allows(.fullAccess))
        XCTAssertFalse(Access.fullAccess.allows(.writeOnly))
        XCTAssertTrue(Access.fullOrWriteOnly.allows(.writeOnly))
        for status in [AuthorizationStatus.notDetermined, .denied, .restricted] {
            XCTAssertFalse(Access.fullOrWriteOnly.allows(status))
            XCTAssertTrue(Access.anyStatus.allows(status))
        }
    }
}

/// One place where store failures become JSON-RPC errors.
final class ErrorMappingTests: XCTestCase {
    /// A constraint violation or a misuse is remindersd's bug: -32603 with SQLite's name for it,
    /// not -32013 "Store unavailable".
    func testDatabaseFailuresAreInternalErrors() {
        let failure = SQLiteError(code: 2067, message: "UNIQUE constraint failed: reminders.identifier", statement: "INSERT INTO reminders …")
        let error = ResponseError.from(StoreError.database(failure), prefix: nil)
        XCTAssertEqual(error.code, ResponseError.internalErrorCode)
        XCTAssertTrue(error.message.contains("SQLITE_CONSTRAINT_UNIQUE: UNIQUE constraint failed: reminders.identifier"), error.message)
        XCTAssertEqual(ResponseError.from(StoreError.unavailable("the disk is full"), prefix: nil).code, ResponseError.storeUnavailableCode)
    }
}
