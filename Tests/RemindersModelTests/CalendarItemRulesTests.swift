import Foundation
import XCTest
@testable import RemindersModel

final class CalendarItemRulesTests: XCTestCase {
    let now = Timestamp(milliseconds: 1_800_000_000_000)
    var counter = 0

    private func reminder(_ changes: ReminderChanges) throws -> Reminder {
        var reminder = Reminder(calendarItemIdentifier: "r", calendarIdentifier: "list", title: "", creationDate: now)
        try reminder.apply(
            changes, now: now,
            makeIdentifier: {
                self.counter += 1; return "id\(self.counter)"
            })
        try CalendarItemRules().validate(reminder)
        return reminder
    }

    private func failure(_ build: (inout ReminderChanges) -> Void) -> ValidationError? {
        var changes = ReminderChanges()
        changes.title = .set("t")
        build(&changes)
        do { _ = try reminder(changes); return nil } catch { return error as? ValidationError }
    }

    func testCompletionCoupling() throws {
        var changes = ReminderChanges()
        changes.title = .set("t")
        changes.isCompleted = .set(true)
        var completed = try reminder(changes)
        XCTAssertEqual(completed.completionDate, now)
        var again = ReminderChanges()
        again.isCompleted = .set(true)
        try completed.apply(again, now: now.advanced(by: 5000), makeIdentifier: { "x" })
        XCTAssertEqual(completed.completionDate, now, "completing a completed reminder keeps its date")
        var undo = ReminderChanges()
        undo.isCompleted = .set(false)
        try completed.apply(undo, now: now, makeIdentifier: { "x" })
        XCTAssertNil(completed.completionDate)
        XCTAssertFalse(completed.isCompleted)
        var dated = ReminderChanges()
        dated.completionDate = .set(now.advanced(by: -1000))
        try completed.apply(dated, now: now, makeIdentifier: { "x" })
        XCTAssertTrue(completed.isCompleted)
        XCTAssertEqual(
            failure {
                $0.isCompleted = .set(false); $0.completionDate = .set(self.now)
            }?.field, "completionDate")
    }

    func testRules() {
        XCTAssertEqual(failure { $0.title = .set(" \n") }?.field, "title")
        XCTAssertEqual(failure { $0.priority = .set(10) }?.reason, .priorityIsInvalid)
        XCTAssertNil(failure { $0.priority = .set(9) })
        XCTAssertEqual(failure { $0.url = .set("example.com") }?.field, "url")
        XCTAssertNil(failure { $0.url = .set("file:///home/me/todo.txt#L4") })
        XCTAssertEqual(failure { $0.alarms = .set([AlarmDraft(trigger: .relative(offset: -60))]) }?.field, "alarms[0].relativeOffset")
        XCTAssertEqual(failure { $0.recurrenceRules = .set([RecurrenceRule(frequency: .daily)]) }?.reason, .recurringReminderRequiresDueDate)
        XCTAssertEqual(
            failure {
                $0.alarms = .set([AlarmDraft(trigger: .location(StructuredLocation(title: "Home"), .enter))])
            }?.reason, .alarmProximityNotSupported)
        XCTAssertEqual(failure { $0.timeZone = .set("Atlantis/Capital") }?.field, "timeZone")
        XCTAssertEqual(failure { $0.notes = .set(String(repeating: "n", count: (1 << 20) + 1)) }?.field, "notes")
    }

    func testAlarmsGetIdentifiers() throws {
        var changes = ReminderChanges()
        changes.title = .set("t")
        changes.alarms = .set([AlarmDraft(trigger: .absolute(now)), AlarmDraft(alarmIdentifier: "kept", trigger: .absolute(now))])
        XCTAssertEqual(try reminder(changes).alarms.map(\.alarmIdentifier), ["id1", "kept"])
    }
}

/// What counts as a visible title and a URL a reminder may carry (issue 16).
final class TextAndURLRulesTests: XCTestCase {
    func testInvisibleTitlesAreBlank() {
        for blank in ["", " \t\n", "\u{200B}", "\u{FEFF}", "\u{2060}\u{00AD}", "\u{0}", "\u{202E}"] {
            XCTAssertTrue(TextRules.isBlank(blank), "\(blank.unicodeScalars.map(\.value))")
        }
        for visible in ["a", "\u{200B}a", "🙂", "pay\u{0}rent", "ー"] {
            XCTAssertFalse(TextRules.isBlank(visible), visible)
        }
    }

    func testURLs() {
        for good in ["https://example.com", "http://a.b:80/", "https://u:p@host/x", "mailto:a@b.c", "file:///tmp/x", "tel:+123", "obsidian://open"] {
            XCTAssertNil(CalendarItemRules.urlProblem(good), good)
        }
        for bad in [
            "https://", "https:///x", "http://:80", "https://user@", "javascript:alert(1)", "VBScript:x", "data:,hi", "https:example.com",
            "no scheme", "1http://x", ":x", "http:", "https://exa mple.com",
        ] {
            XCTAssertNotNil(CalendarItemRules.urlProblem(bad), bad)
        }
    }
}

/// The rules every calendar item keeps hold for events as for reminders.
final class EventRulesTests: XCTestCase {
    private func event(_ change: (inout Event) -> Void) -> ValidationError? {
        var event = Event(
            eventIdentifier: "e", calendarIdentifier: "c", title: "Review",
            start: ItemDateComponents(year: 2026, month: 12, day: 7, hour: 9, minute: 0, timeZone: "Europe/Berlin"),
            duration: 3_600_000, creationDate: Timestamp(milliseconds: 0))
        change(&event)
        do throws(ValidationError) { try CalendarItemRules(maxTitleBytes: 16, maxNotesBytes: 32).validate(event); return nil } catch { return error }
    }

    func testTheCommonRulesApplyToEvents() {
        XCTAssertNil(event { _ in })
        XCTAssertNil(event { $0.title = "" }, "an event may be untitled, as in EventKit")
        XCTAssertEqual(event { $0.title = String(repeating: "x", count: 17) }?.field, "title", "the server's --max-title-bytes")
        XCTAssertEqual(event { $0.notes = String(repeating: "x", count: 33) }?.field, "notes")
        XCTAssertEqual(event { $0.url = "javascript:alert(1)" }?.field, "url", "no script in an event's link either")
        XCTAssertEqual(event { $0.start.timeZone = "Mars/Olympus" }?.field, "timeZone")
        XCTAssertEqual(
            event {
                $0.alarms = [
                    Alarm(alarmIdentifier: "a", trigger: .relative(offset: -60)),
                    Alarm(alarmIdentifier: "a", trigger: .relative(offset: -120)),
                ]
            }?.field, "alarms[1].alarmIdentifier")
    }

    func testTheEventRules() {
        XCTAssertEqual(event { $0.duration = -1 }?.reason, .datesInverted)
        XCTAssertEqual(
            event {
                $0.recurrenceRules = [try! RecurrenceRule(rrule: "FREQ=DAILY")]; $0.duration = 2 * 86_400_000
            }?.reason,
            .durationGreaterThanRecurrence)
        XCTAssertEqual(
            event { $0.recurrenceRules = [try! RecurrenceRule(rrule: "FREQ=DAILY"), try! RecurrenceRule(rrule: "FREQ=WEEKLY")] }?.field,
            "recurrenceRules")
    }
}
