import Foundation
import RemindersJSONRPC
import RemindersProtocol
import XCTest

/// A typed call whose peer answers with something that is not the method's result (another
/// version, a peer that lies) throws an error naming the method and the member, never a half-read
/// value or a trap.
final class WrongShapedAnswerTests: XCTestCase {
    private func failure<M: RemindersMethod>(_ method: M.Type, _ answer: String) -> String? {
        do {
            _ = try M.result(of: Array(answer.utf8), zone: TimeZone(identifier: "UTC")!)
            return nil
        } catch {
            XCTAssertEqual(error.code, ResponseError.internalErrorCode, answer)
            return error.message
        }
    }

    func testAnAnswerOfTheWrongShapeIsAnErrorNamingTheMethodAndTheMember() {
        let cases: [(String?, [String])] = [
            (failure(FetchReminders.self, #"{"jsonrpc":"2.0","id":1,"result":[]}"#), ["fetchReminders", "object", "array"]),
            (failure(FetchReminders.self, #"{"jsonrpc":"2.0","id":1,"result":{"reminders":5}}"#), ["fetchReminders", "reminders"]),
            (failure(FetchReminders.self, #"{"jsonrpc":"2.0","id":1,"result":{"reminders":[{"title":7}]}}"#), ["fetchReminders", "reminders[0]"]),
            (failure(AuthorizationStatusMethod.self, #"{"jsonrpc":"2.0","id":1,"result":{"status":"maybe"}}"#), ["authorizationStatus", "status"]),
            (
                failure(FetchEvents.self, #"{"jsonrpc":"2.0","id":1,"result":{"events":[{"startDate":"soon"}],"nextCursor":null}}"#),
                ["fetchEvents", "events[0]"]
            ),
            (failure(Calendars.self, #"{"jsonrpc":"2.0","id":1}"#), ["calendars", "no result"]),
            (failure(Calendars.self, #"{"jsonrpc":"2.0","id":1,"result":"#), ["calendars", "not JSON"]),
        ]
        for (message, words) in cases {
            guard let message else {
                XCTFail("read as a result: \(words)")
                continue
            }
            for word in words { XCTAssertTrue(message.contains(word), "\(message) does not say \(word)") }
        }
    }
}
