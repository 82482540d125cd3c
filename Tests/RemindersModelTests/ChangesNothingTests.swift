import RemindersModel
import XCTest

/// `changesNothing` is what EventKit's `hasChanges` asks of a save (issue 53: it wrote the save's
/// JSON and compared it with `{}`): true only when no field is set or cleared.
final class ChangesNothingTests: XCTestCase {
    func testNoFieldTouchedChangesNothingAndAnySetOrClearedFieldChangesSomething() {
        XCTAssertTrue(ReminderChanges().changesNothing)
        XCTAssertTrue(EventChanges().changesNothing)
        var reminder = ReminderChanges()
        reminder.sortOrder = .set(3)
        XCTAssertFalse(reminder.changesNothing)
        reminder = ReminderChanges()
        reminder.notes = .clear
        XCTAssertFalse(reminder.changesNothing)
        reminder = ReminderChanges()
        reminder.alarms = .set([])
        XCTAssertFalse(reminder.changesNothing, "an empty list set is a change")
        var event = EventChanges()
        event.recurrenceRules = .clear
        XCTAssertFalse(event.changesNothing)
        event = EventChanges()
        event.isAllDay = .set(false)
        XCTAssertFalse(event.changesNothing)
    }

    /// Every stored member is a field change, so none can be overlooked by the question.
    func testEveryMemberOfTheChangesIsAFieldChange() {
        for changes in [Mirror(reflecting: ReminderChanges()), Mirror(reflecting: EventChanges())] {
            XCTAssertGreaterThan(changes.children.count, 10)
            for child in changes.children {
                XCTAssertTrue(child.value is any KeepableChange, "\(child.label ?? "?") is not a FieldChange")
            }
        }
    }
}
