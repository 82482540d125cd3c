import Foundation
import RemindersModel
import XCTest
@testable import RemindersStore

/// Alarm state between devices, as the store keeps it: the person's dismissals and snoozes wait
/// to be shared; what another device said is recorded as decided, unless a decision made here
/// since stands.
final class SharedAlarmStateTests: StoreTestCase {
    let fires = Timestamp(rfc3339: "2026-12-01T08:45:00Z")!

    private func reminder() throws -> Reminder {
        var changes = ReminderChanges()
        changes.title = .set("Call")
        changes.dueDateComponents = .set(ItemDateComponents(year: 2026, month: 12, day: 1, hour: 9, minute: 0, timeZone: "UTC"))
        changes.alarms = .set([AlarmDraft(alarmIdentifier: "A1", trigger: .relative(offset: -900))])
        return try eventStore.saveReminder(identifier: nil, changes: changes, commit: true)
    }

    private func held(_ reminder: Reminder) throws -> (state: AlarmDelivery.State, until: Timestamp?)? {
        try eventStore.read({ store throws(StoreError) in try store.heldAlarms() })[
            "\(reminder.calendarItemIdentifier) A1 \(AlarmDelivery.occurrence(of: reminder))"
        ].map {
            ($0.state, $0.until)
        }
    }

    func testAcknowledgedThereAtOrAfterTheFireTimeIsDismissedHere() throws {
        let call = try reminder()
        let before = Timestamp(rfc3339: "2026-12-01T08:00:00Z")!
        try eventStore.write({ store throws(StoreError) in
            try store.recordAlarmStates(["A1": AlarmState(alarmIdentifier: "A1", acknowledged: before)], of: call, in: utc, now: before)
        })
        XCTAssertNil(try held(call), "acknowledged before it fired (an earlier occurrence's): it still fires")
        try eventStore.write({ store throws(StoreError) in
            try store.recordAlarmStates(["A1": AlarmState(alarmIdentifier: "A1", acknowledged: fires)], of: call, in: utc, now: fires)
        })
        XCTAssertEqual(try held(call)?.state, .dismissed)
        XCTAssertTrue(
            try eventStore.read({ store throws(StoreError) in try store.remindersWithUndecidedAlarms(firingFrom: before, through: fires, in: utc) })
                .isEmpty, "the agent does not fire it")
        XCTAssertEqual(
            try eventStore.read({ store throws(StoreError) in try store.alarmStatesToShare(calendar: call.calendarIdentifier) }), [:],
            "what came from there is not sent back")
    }

    func testASnoozeThereFiresHereAtItsTime() throws {
        let call = try reminder()
        let until = Timestamp(rfc3339: "2026-12-01T09:30:00Z")!
        try eventStore.write({ store throws(StoreError) in
            try store.recordAlarmStates(
                ["A1": AlarmState(alarmIdentifier: "A1", acknowledged: fires.advanced(by: 60_000), snoozedUntil: until)],
                of: call, in: utc, now: fires)
        })
        XCTAssertEqual(try held(call)?.state, .snoozed)
        XCTAssertEqual(try held(call)?.until, until)
        XCTAssertEqual(try eventStore.read({ store throws(StoreError) in try store.nextSnoozeEnd() }), until)
    }

    func testADecisionMadeHereAndNotYetSharedStands() throws {
        let call = try reminder()
        let here = Timestamp(rfc3339: "2026-12-01T08:50:00Z")!
        try eventStore.write({ store throws(StoreError) in
            try store.decide(
                .snoozed, reminder: call, alarm: call.alarms[0], fireDate: fires, snoozedUntil: here.advanced(by: 600_000), now: here)
        })
        let waiting = try eventStore.read({ store throws(StoreError) in try store.alarmStatesToShare(calendar: call.calendarIdentifier) })
        XCTAssertEqual(
            waiting[call.calendarItemIdentifier],
            [AlarmState(alarmIdentifier: "A1", acknowledged: here, snoozedUntil: here.advanced(by: 600_000), decided: here)])
        XCTAssertTrue(
            try eventStore.read({ store throws(StoreError) in try store.syncBacklog(changedSince: here) }).changedSince == false,
            "a list that is not synced has nothing to send")

        // The server's older acknowledgement does not undo the snooze made here.
        try eventStore.write({ store throws(StoreError) in
            try store.recordAlarmStates(
                ["A1": AlarmState(alarmIdentifier: "A1", acknowledged: Timestamp(rfc3339: "2026-12-01T09:10:00Z")!)],
                of: call, in: utc, now: here)
        })
        XCTAssertEqual(try held(call)?.state, .snoozed, "not yet shared: it goes up first")
        try eventStore.write({ store throws(StoreError) in try store.markAlarmStatesShared(reminder: call.calendarItemIdentifier, through: here) })
        XCTAssertEqual(try eventStore.read({ store throws(StoreError) in try store.alarmStatesToShare(calendar: call.calendarIdentifier) }), [:])
        // Once shared, a later acknowledgement there wins.
        try eventStore.write({ store throws(StoreError) in
            try store.recordAlarmStates(
                ["A1": AlarmState(alarmIdentifier: "A1", acknowledged: Timestamp(rfc3339: "2026-12-01T09:10:00Z")!)],
                of: call, in: utc, now: here)
        })
        XCTAssertEqual(try held(call)?.state, .dismissed)
    }

    /// Dismissed before it fires: acknowledged as of its time (RFC 9074 and Thunderbird read an
    /// earlier ACKNOWLEDGED as an earlier occurrence's, and ring it), decided when it was.
    func testADismissalBeforeTheAlarmIsAcknowledgedAsOfItsTime() throws {
        let call = try reminder()
        let early = Timestamp(rfc3339: "2026-12-01T07:00:00Z")!
        try eventStore.write({ store throws(StoreError) in
            try store.decide(.dismissed, reminder: call, alarm: call.alarms[0], fireDate: fires, snoozedUntil: nil, now: early)
        })
        let waiting = try eventStore.read({ store throws(StoreError) in try store.alarmStatesToShare(calendar: call.calendarIdentifier) })
        XCTAssertEqual(waiting[call.calendarItemIdentifier], [AlarmState(alarmIdentifier: "A1", acknowledged: fires, decided: early)])
        // Read back from the server as it was written, it is dismissed here too.
        try eventStore.write({ store throws(StoreError) in try store.markAlarmStatesShared(reminder: call.calendarItemIdentifier, through: early) })
        try eventStore.write({ store throws(StoreError) in
            try store.recordAlarmStates(["A1": AlarmState(alarmIdentifier: "A1", acknowledged: fires)], of: call, in: utc, now: early)
        })
        XCTAssertEqual(try held(call)?.state, .dismissed)
    }

    /// Thunderbird's snooze of one occurrence: the alarm of that occurrence, snoozed until then;
    /// the other occurrences ring as usual.
    func testAnOccurrenceSnoozedThereIsSnoozedHere() throws {
        var standup = Event(
            eventIdentifier: "", calendarIdentifier: try XCTUnwrap(try eventStore.defaultCalendarForNewEvents()).calendarIdentifier,
            title: "Stand-up", start: ItemDateComponents(year: 2026, month: 12, day: 1, hour: 9, minute: 0, timeZone: "Europe/Berlin"),
            duration: 900_000, creationDate: Timestamp(milliseconds: 0))
        standup.recurrenceRules = [try RecurrenceRule(rrule: "FREQ=DAILY")]
        standup.alarms = [Alarm(alarmIdentifier: "S1", trigger: .relative(offset: -900))]
        let series = try eventStore.writeSyncedEvent(standup, detached: [], calendarObject: "", into: standup.calendarIdentifier, over: nil)
        let until = Timestamp(rfc3339: "2026-12-02T07:55:00Z")!
        try eventStore.write({ store throws(StoreError) in
            try store.recordOccurrenceSnoozes(
                [OccurrenceSnooze(occurrenceStart: Timestamp(rfc3339: "2026-12-02T08:00:00Z")!, until: until)], of: series, in: utc,
                madeAt: Timestamp(rfc3339: "2026-12-02T07:46:00Z")!)
        })
        let held = try eventStore.read({ store throws(StoreError) in try store.heldAlarms() })
        let key = ItemDateComponents(year: 2026, month: 12, day: 2, hour: 9, minute: 0, timeZone: "Europe/Berlin").occurrenceKey
        XCTAssertEqual(held["\(series.eventIdentifier) S1 \(key)"]?.state, .snoozed)
        XCTAssertEqual(held["\(series.eventIdentifier) S1 \(key)"]?.until, until)
        XCTAssertEqual(held.count, 1, "the other occurrences ring as usual")
    }

    /// A series' acknowledgement (RFC 9074) covers the occurrences whose alarm fired by then — in
    /// the day before it — and not the next ones; a snooze, the occurrence that fired last.
    func testASeriesAcknowledgedThereIsDismissedForTheOccurrencesThatFired() throws {
        var standup = Event(
            eventIdentifier: "", calendarIdentifier: try XCTUnwrap(try eventStore.defaultCalendarForNewEvents()).calendarIdentifier,
            title: "Stand-up", start: ItemDateComponents(year: 2026, month: 12, day: 1, hour: 9, minute: 0, timeZone: "UTC"),
            duration: 900_000, creationDate: Timestamp(milliseconds: 0))
        standup.recurrenceRules = [try RecurrenceRule(rrule: "FREQ=DAILY")]
        standup.alarms = [Alarm(alarmIdentifier: "S1", trigger: .relative(offset: -900))]
        let series = try eventStore.writeSyncedEvent(standup, detached: [], calendarObject: "", into: standup.calendarIdentifier, over: nil)
        let key = { (day: Int) in Event.occurrenceKey(ItemDateComponents(year: 2026, month: 12, day: day, hour: 9, minute: 0, timeZone: "UTC")) }
        func held(_ day: Int) throws -> AlarmDelivery.State? {
            try eventStore.read({ store throws(StoreError) in try store.heldAlarms() })["\(series.eventIdentifier) S1 \(key(day))"]?.state
        }
        try eventStore.write({ store throws(StoreError) in
            try store.recordAlarmStates(
                ["S1": AlarmState(alarmIdentifier: "S1", acknowledged: Timestamp(rfc3339: "2026-12-02T08:50:00Z")!)],
                of: series, in: utc)
        })
        XCTAssertEqual(try held(2), .dismissed, "the 2nd's alarm fired at 08:45, before the acknowledgement")
        XCTAssertNil(try held(1), "the 1st's is more than a day before it: the agent would not catch it up anyway")
        XCTAssertNil(try held(3), "the next one still rings")
        try eventStore.write({ store throws(StoreError) in
            try store.recordAlarmStates(
                [
                    "S1": AlarmState(
                        alarmIdentifier: "S1", acknowledged: Timestamp(rfc3339: "2026-12-03T08:46:00Z")!,
                        snoozedUntil: Timestamp(rfc3339: "2026-12-03T08:56:00Z")!)
                ], of: series, in: utc)
        })
        XCTAssertEqual(try held(3), .snoozed)
        XCTAssertEqual(try held(2), .dismissed)
    }
}
