import Foundation
import RemindersModel
import XCTest
@testable import RemindersStore

/// `alarmAtDueTime`, what people's front ends ask of a save: a time rings, a date alone does not,
/// a removed date takes its alarm along — and EventKit's plain save does none of it.
final class DueTimeAlarmTests: StoreTestCase {
    private let fivePM = ItemDateComponents(year: 2031, month: 2, day: 3, hour: 17, minute: 0)
    private let dateOnly = ItemDateComponents(year: 2031, month: 2, day: 3)

    private func save(_ identifier: String? = nil, due: FieldChange<ItemDateComponents>, alarms: [AlarmDraft]? = nil, ring: Bool = true)
        throws -> Reminder
    {
        var changes = ReminderChanges()
        if identifier == nil { changes.title = .set("Tea") }
        changes.dueDateComponents = due
        if let alarms { changes.alarms = .set(alarms) }
        return try eventStore.save(identifier: identifier, changes: changes, alarmAtDueTime: ring, commit: true).reminder
    }

    func testATimeRingsThenAndFollowsTheDate() throws {
        let tea = try save(due: .set(fivePM))
        XCTAssertEqual(tea.alarms.map(\.trigger), [.relative(offset: 0)])
        let moved = try save(tea.calendarItemIdentifier, due: .set(ItemDateComponents(year: 2031, month: 2, day: 4, hour: 9, minute: 0)))
        XCTAssertEqual(moved.alarms, tea.alarms, "the same alarm follows: no second one")
    }

    func testADateAloneDoesNotRing() throws {
        XCTAssertEqual(try save(due: .set(dateOnly)).alarms, [])
    }

    func testEventKitsSaveAddsNothing() throws {
        XCTAssertEqual(try save(due: .set(fivePM), ring: false).alarms, [])
    }

    func testATimeAlarmAlreadyThereIsEnoughButALocationIsNot() throws {
        let early = try save(due: .set(fivePM), alarms: [AlarmDraft(trigger: .relative(offset: -900))])
        XCTAssertEqual(early.alarms.map(\.trigger), [.relative(offset: -900)])
        let home = StructuredLocation(title: "Home", geoLocation: GeoLocation(latitude: 52.5, longitude: 13.4), radius: 100)
        let arriving = try save(due: .set(fivePM), alarms: [AlarmDraft(trigger: .location(home, .enter))])
        XCTAssertEqual(arriving.alarms.map(\.trigger), [.location(home, .enter), .relative(offset: 0)])
    }

    func testARemovedDateTakesItsRelativeAlarmsAlongAndKeepsTheOthers() throws {
        let at = Timestamp(rfc3339: "2031-02-03T08:00:00Z")!
        let tea = try save(due: .set(fivePM), alarms: [AlarmDraft(trigger: .relative(offset: 0)), AlarmDraft(trigger: .absolute(at))])
        let undated = try save(tea.calendarItemIdentifier, due: .clear)
        XCTAssertEqual(undated.alarms.map(\.trigger), [.absolute(at)])
        XCTAssertThrowsError(try save(tea.calendarItemIdentifier, due: .clear, alarms: [AlarmDraft(trigger: .relative(offset: 0))], ring: false))
    }

    func testAnEditThatLeavesTheDateAloneAddsNothing() throws {
        let tea = try save(due: .set(fivePM), ring: false)
        var changes = ReminderChanges()
        changes.title = .set("Green tea")
        let renamed = try eventStore.save(identifier: tea.calendarItemIdentifier, changes: changes, alarmAtDueTime: true, commit: true).reminder
        XCTAssertEqual(renamed.alarms, [])
    }
}
