import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
@testable import RemindersServer
import XCTest

/// Params decoding: JSON paths in errors, absent/null/value, and what may be sent back.
final class DecodingTests: XCTestCase {
    private func fields(_ json: String) throws -> Fields { Fields(try JSONParser.parse(json).objectValue!, path: "reminder") }

    /// As a save's `reminder` is read: checked against its schema, then decoded.
    private func decodeError(_ json: String) -> ResponseError? {
        do {
            let value = try JSONParser.parse(json)
            try ReminderSchemas.changes.check(value, at: "reminder")
            _ = try ReminderSave(Fields(value.objectValue!, path: "reminder"))
            return nil
        } catch {
            return error as? ResponseError
        }
    }

    func testAbsentNullAndValue() throws {
        let save = try ReminderSave(try fields(#"{"calendarItemIdentifier":"x","notes":null,"priority":3}"#))
        XCTAssertEqual(save.identifier, "x")
        guard case .clear = save.changes.notes, case .set(3) = save.changes.priority, case .keep = save.changes.title else {
            return XCTFail("wrong changes")
        }
    }

    func testErrorsNameTheirPath() {
        XCTAssertEqual(
            decodeError(#"{"title":"x","alarms":[{"absoluteDate":"2026-01-01T00:00:00Z"},{"relativeOffset":"soon"}]}"#)?.data?["field"],
            "reminder.alarms[1].relativeOffset")
        XCTAssertEqual(
            decodeError(#"{"title":"x","recurrenceRules":[{"frequency":"weekly","daysOfTheWeek":[{"dayOfTheWeek":"mon"}]}]}"#)?.data?["field"],
            "reminder.recurrenceRules[0].daysOfTheWeek[0].dayOfTheWeek")
        XCTAssertEqual(
            decodeError(#"{"title":"x","dueDateComponents":{"year":2026,"month":2,"day":31}}"#)?.data?["field"],
            "reminder.dueDateComponents.day")
        XCTAssertEqual(decodeError(#"{"notes":"no title"}"#)?.data?["field"], "reminder.title")
        XCTAssertEqual(decodeError(#"{"title":"x","colour":"red"}"#)?.data?["field"], "reminder.colour")
    }

    func testStoreManagedFieldsMayBeSentBack() throws {
        XCTAssertNil(
            decodeError(
                #"{"title":"x","creationDate":"2026-01-01T00:00:00.000Z","hasAlarms":false,"hasNotes":false,"hasRecurrenceRules":false,"calendarItemExternalIdentifier":"e"}"#
            ))
    }

    func testRecurrenceRuleFromRRuleOrFields() throws {
        let fromText = try RecurrenceRule.decode(try JSONParser.parse(#"{"rrule":"FREQ=MONTHLY;BYDAY=-1FR"}"#), path: "r")
        let fromFields = try RecurrenceRule.decode(
            try JSONParser.parse(#"{"frequency":"monthly","daysOfTheWeek":[{"dayOfTheWeek":6,"weekNumber":-1}],"rrule":"ignored"}"#), path: "r")
        XCTAssertEqual(fromText, fromFields)
        XCTAssertThrowsError(try RecurrenceRule.decode(try JSONParser.parse(#"{"rrule":"FREQ=DAILY","interval":2}"#), path: "r"))
    }

    func testIntegersMustBeWhole() {
        XCTAssertEqual(try Fields.int(.double(2.0), path: "p"), 2)
        XCTAssertThrowsError(try Fields.int(.double(2.5), path: "p"))
        XCTAssertThrowsError(try Fields.int(.double(1e300), path: "p"))
        XCTAssertThrowsError(try Fields.int(.string("2"), path: "p"))
    }
}

/// How the server splits what arrived into group-commit runs, on each request as read once.
final class GroupingTests: XCTestCase {
    private func request(_ method: String, _ params: String? = nil) throws -> Arrival {
        Arrival(.single(.request(Request(id: .number(1), method: method, params: try params.map { try JSONParser.parse($0) }))))
    }

    func testRequestAccessRunsAlone() throws {
        let runs = Server.runs([
            try request("commit"), try request("requestAccess"), try request("commit"), try request("fetchReminders"),
        ])
        XCTAssertEqual(runs.map(\.count), [1, 1, 2])
        XCTAssertTrue(runs[0][0].hasWrite)
        XCTAssertFalse(runs[1][0].hasWrite)
        XCTAssertTrue(runs[1][0].runsAlone)
    }

    func testSyncRunsAlone() throws {
        let runs = Server.runs([try request("commit"), try request("sync"), try request("fetchReminders")])
        XCTAssertEqual(runs.map(\.count), [1, 1, 1])
        XCTAssertTrue(runs[1][0].runsAlone)
    }

    func testCommitFalseStagesWithoutJoiningTheGroup() throws {
        let staged = try request("removeReminder", #"{"identifier":"x","commit":false}"#)
        XCTAssertTrue(staged.stagesChanges)
        XCTAssertFalse(staged.hasWrite)
        let committed = try request("removeReminder", #"{"identifier":"x"}"#)
        XCTAssertTrue(committed.hasWrite)
        XCTAssertFalse(committed.stagesChanges)
    }

    /// The transaction is chosen on the params as checked: a `commit` the check refuses decides nothing.
    func testACommitOfTheWrongTypeIsRefusedOnceAndDecidesNothing() throws {
        let arrival = try request("removeReminder", #"{"identifier":"x","commit":"no"}"#)
        guard case .single(.request(_, let call)) = arrival.item else { return XCTFail("\(arrival)") }
        XCTAssertThrowsError(try call.params.get()) { error in
            XCTAssertEqual((error as? ResponseError)?.code, ResponseError.invalidParamsCode)
            XCTAssertTrue("\(error)".contains("commit"), "\(error)")
        }
        XCTAssertFalse(arrival.stagesChanges)
    }

    func testAnUnknownMethodIsReadAsNotFound() throws {
        guard case .single(.request(_, let call)) = try request("noSuchMethod").item else { return XCTFail() }
        XCTAssertNil(call.method)
        XCTAssertThrowsError(try call.params.get()) { error in
            XCTAssertEqual((error as? ResponseError)?.code, ResponseError.methodNotFoundCode)
        }
        XCTAssertFalse(try request("noSuchMethod").hasWrite)
    }
}
