import Foundation
import RemindersJSONRPC
import RemindersLauncher
import RemindersProtocol
import RemindersTestSupport
import XCTest

/// A one-shot call (what CLGeocoder asks through: a session of its own) is stopped by `cancel` whenever it
/// comes: a cancel that came before the process started used to be lost, and the call ran on.
final class OneShotCallTests: XCTestCase {
    let folder = TemporaryFolder()

    override func setUp() { EventKitTests.prepare(client: "one-shot", store: folder.store) }

    func testACallCancelledBeforeItStartedIsNotRun() {
        let call = RemindersdProgram.Call()
        call.cancel()
        let answer = RemindersdProgram.call(AuthorizationStatusMethod.self, EntityTypeParams(entityType: .reminder), running: call)
        XCTAssertEqual(answer.failureCode, ResponseError.requestCancelled.code)
    }

    func testACallNotCancelledIsAnswered() throws {
        let answer = RemindersdProgram.call(
            AuthorizationStatusMethod.self, EntityTypeParams(entityType: .reminder), running: RemindersdProgram.Call())
        XCTAssertEqual(try answer.get().status, .fullAccess)
    }
}

extension Result where Failure == ResponseError {
    fileprivate var failureCode: Int? {
        if case .failure(let error) = self { return error.code }
        return nil
    }
}
