import RemindersICalendar
import RemindersModel
import XCTest
@testable import RemindersSync

/// The three-way merge of a reminder changed on both sides, against the version both last agreed on.
final class ReminderMergeTests: XCTestCase {
    private func reading(_ lines: String..., modified: String = "20261201T100000Z") throws -> TodoReading {
        let text =
            (["BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VTODO", "UID:milk@example.com", "LAST-MODIFIED:\(modified)"]
            + lines + ["END:VTODO", "END:VCALENDAR", ""]).joined(separator: "\r\n")
        return try TodoReader.read(try CalendarObject(parsing: text), now: Timestamp(milliseconds: 0))
    }

    private func local(from base: TodoReading, modifiedAt milliseconds: Int64, _ change: (inout Reminder) -> Void) -> Reminder {
        var reminder = base.reminder
        change(&reminder)
        reminder.lastModifiedDate = Timestamp(milliseconds: milliseconds)
        return reminder
    }

    private static let base = ["SUMMARY:Buy milk", "DESCRIPTION:2 litres", "PRIORITY:5"]
    /// 2026-12-01T10:00:00Z and an hour later.
    private let earlier: Int64 = 1_796_119_200_000, later: Int64 = 1_796_122_800_000

    func testEachSideKeepsWhatOnlyItChanged() throws {
        let base = try reading("SUMMARY:Buy milk", "DESCRIPTION:2 litres", "PRIORITY:5")
        let mine = local(from: base, modifiedAt: later) { $0.title = "Buy oat milk" }
        let theirs = try reading("SUMMARY:Buy milk", "DESCRIPTION:3 litres", "PRIORITY:5")
        let outcome = ReminderMerge.merge(base: base, local: mine, localParentUID: nil, remote: theirs)
        XCTAssertEqual(outcome.reminder.title, "Buy oat milk")
        XCTAssertEqual(outcome.reminder.notes, "3 litres")
        XCTAssertEqual(outcome.conflicts, [])
        XCTAssertTrue(outcome.differsFromRemote, "the title must still go to the server")
    }

    func testTheSameChangeOnBothSidesIsNoConflict() throws {
        let base = try reading(Self.base[0], Self.base[1], Self.base[2])
        let mine = local(from: base, modifiedAt: later) { $0.priority = 1 }
        let theirs = try reading(Self.base[0], Self.base[1], "PRIORITY:1")
        let outcome = ReminderMerge.merge(base: base, local: mine, localParentUID: nil, remote: theirs)
        XCTAssertEqual(outcome.conflicts, [])
        XCTAssertFalse(outcome.differsFromRemote)
    }

    func testOneProperyChangedOnBothSidesGoesToTheLaterAndTheLoserIsReported() throws {
        let base = try reading(Self.base[0], Self.base[1], Self.base[2])
        // The server's change is later (11:00 against 10:00 here).
        let mine = local(from: base, modifiedAt: earlier) { $0.notes = "1 litre" }
        let theirs = try reading(Self.base[0], "DESCRIPTION:3 litres", Self.base[2], modified: "20261201T110000Z")
        let serverWins = ReminderMerge.merge(base: base, local: mine, localParentUID: nil, remote: theirs)
        XCTAssertEqual(serverWins.reminder.notes, "3 litres")
        XCTAssertEqual(
            serverWins.conflicts,
            [
                Conflict(
                    uid: "milk@example.com", title: "Buy milk", property: "notes", kept: "server",
                    lostValue: "\"1 litre\"")
            ])
        XCTAssertFalse(serverWins.differsFromRemote)

        let laterHere = local(from: base, modifiedAt: later + 3_600_000) { $0.notes = "1 litre" }
        let hereWins = ReminderMerge.merge(base: base, local: laterHere, localParentUID: nil, remote: theirs)
        XCTAssertEqual(hereWins.reminder.notes, "1 litre")
        XCTAssertEqual(hereWins.conflicts.map(\.kept), ["here"])
        XCTAssertEqual(hereWins.conflicts.map(\.lostValue), ["\"3 litres\""])
        XCTAssertTrue(hereWins.differsFromRemote)
    }

    /// Without a base (the record of the last sync lost) every difference is a conflict.
    func testWithoutABaseEveryDifferenceIsAConflict() throws {
        let theirs = try reading("SUMMARY:Buy milk", "PRIORITY:1", modified: "20261201T110000Z")
        let mine = local(from: try reading("SUMMARY:Buy bread", "PRIORITY:1"), modifiedAt: earlier) { _ in }
        let outcome = ReminderMerge.merge(base: nil, local: mine, localParentUID: nil, remote: theirs)
        XCTAssertEqual(outcome.conflicts.map(\.property), ["title"])
        XCTAssertEqual(outcome.reminder.title, "Buy milk")
    }

    /// Never the completion date of one side with the other's state.
    func testCompletionMovesAsOne() throws {
        let base = try reading("SUMMARY:Buy milk", "STATUS:NEEDS-ACTION")
        let mine = local(from: base, modifiedAt: later) {
            $0.completionDate = Timestamp(milliseconds: later); $0.isCompleted = true
        }
        let theirs = try reading("SUMMARY:Buy milk", "STATUS:NEEDS-ACTION", "DESCRIPTION:changed there")
        let outcome = ReminderMerge.merge(base: base, local: mine, localParentUID: nil, remote: theirs)
        XCTAssertTrue(outcome.reminder.isCompleted)
        XCTAssertEqual(outcome.reminder.completionDate, Timestamp(milliseconds: later))
        XCTAssertEqual(outcome.reminder.notes, "changed there")
    }

    func testTheParentMergesLikeAProperty() throws {
        let base = try reading("SUMMARY:Book the train")
        let theirs = try reading("SUMMARY:Book the train", "RELATED-TO;RELTYPE=PARENT:trip@example.com")
        let adopted = ReminderMerge.merge(base: base, local: base.reminder, localParentUID: nil, remote: theirs)
        XCTAssertEqual(adopted.parentUID, "trip@example.com")
        let movedHere = ReminderMerge.merge(base: base, local: base.reminder, localParentUID: "other@example.com", remote: base)
        XCTAssertEqual(movedHere.parentUID, "other@example.com")
        XCTAssertTrue(movedHere.differsFromRemote)
    }
}
