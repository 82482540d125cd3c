"""Data types, date conversions and error mapping, without a server."""

import unittest
from datetime import date, datetime, timedelta, timezone

from support import PACKAGE_ROOT  # noqa: F401  (puts the package on sys.path)

from remindersd_client import (Alarm, Calendar, Conflict, DateComponents, InvalidParams,
                               NotAuthorized, NotFound, Predicate, RecurrenceRule, Reminder,
                               RPCError, StoreUnavailable, format_instant, parse_instant)
from remindersd_client.errors import error_from_response
from remindersd_client.types import AuthorizationChanged, StoreChanged, zone

BERLIN = zone("Europe/Berlin")

REMINDER_JSON = {
    "calendarItemIdentifier": "A6",
    "calendarItemExternalIdentifier": "A6",
    "calendarIdentifier": "L1",
    "title": "Buy milk",
    "notes": None,
    "url": None,
    "location": None,
    "priority": 1,
    "startDateComponents": None,
    "dueDateComponents": {"year": 2026, "month": 12, "day": 1, "hour": 9},
    "isCompleted": False,
    "completionDate": None,
    "creationDate": "2026-11-29T14:46:35.582Z",
    "lastModifiedDate": "2026-11-29T14:46:35.582Z",
    "timeZone": None,
    "alarms": [
        {"alarmIdentifier": "E1", "relativeOffset": -900, "proximity": "none"},
        {"alarmIdentifier": "E2", "absoluteDate": "2026-12-01T07:00:00.000Z", "proximity": "none"},
        {"alarmIdentifier": "E3", "structuredLocation": {"title": "Office", "geoLocation":
                                                         {"latitude": 40.7128, "longitude": -74.006},
                                                         "radius": 3218}, "proximity": "enter"},
    ],
    "recurrenceRules": [{"frequency": "weekly", "interval": 2,
                         "daysOfTheWeek": [{"dayOfTheWeek": 2}, {"dayOfTheWeek": 4, "weekNumber": -1}],
                         "recurrenceEnd": {"occurrenceCount": 10},
                         "rrule": "FREQ=WEEKLY;INTERVAL=2;COUNT=10;BYDAY=MO,WE"}],
    "hasAlarms": True,
    "hasNotes": False,
    "hasRecurrenceRules": True,
}


class InstantTests(unittest.TestCase):
    def test_parse_forms(self):
        want = datetime(2026, 11, 29, 9, 0, tzinfo=timezone.utc)
        for text in ("2026-11-29T09:00:00.000Z", "2026-11-29t09:00:00z", "2026-11-29 09:00:00Z",
                     "2026-11-29T14:30:00+05:30", "2026-11-29T04:00:00-05:00"):
            with self.subTest(text=text):
                got = parse_instant(text)
                self.assertEqual(got, want)
                self.assertIs(got.tzinfo, timezone.utc)
        self.assertEqual(parse_instant("2026-11-29T09:00:00.123456789Z").microsecond, 123456)
        self.assertEqual(parse_instant("2026-11-29T09:00:00.5Z").microsecond, 500000)
        self.assertIsNone(parse_instant(None))
        with self.assertRaises(ValueError):
            parse_instant("tomorrow")

    def test_format(self):
        self.assertEqual(format_instant(datetime(2026, 12, 1, 9, 0, 0, 123999, tzinfo=timezone.utc)),
                         "2026-12-01T09:00:00.123Z")
        self.assertEqual(format_instant(datetime(2026, 12, 1, 10, tzinfo=BERLIN)), "2026-12-01T09:00:00.000Z")
        with self.assertRaises(ValueError):
            format_instant(datetime(2026, 12, 1, 9))  # naive, and no zone to read it in
        self.assertEqual(format_instant(datetime(2026, 12, 1, 9), BERLIN), "2026-12-01T08:00:00.000Z")
        self.assertEqual(format_instant(date(2026, 7, 1), BERLIN), "2026-06-30T22:00:00.000Z")
        self.assertEqual(format_instant("2026-01-01T00:00:00Z"), "2026-01-01T00:00:00Z")


class DateComponentsTests(unittest.TestCase):
    def test_all_day(self):
        dc = DateComponents.from_python(date(2026, 12, 1))
        self.assertEqual(dc.to_json(), {"year": 2026, "month": 12, "day": 1})
        self.assertTrue(dc.is_all_day)
        self.assertEqual(dc.to_python(), date(2026, 12, 1))
        self.assertNotIsInstance(dc.to_python(), datetime)
        self.assertEqual(dc.to_instant("Europe/Berlin"), datetime(2026, 11, 30, 23, tzinfo=timezone.utc))

    def test_floating(self):
        dc = DateComponents.from_python(datetime(2026, 12, 1, 9))
        self.assertEqual(dc.to_json(), {"year": 2026, "month": 12, "day": 1, "hour": 9})
        self.assertFalse(dc.is_all_day)
        self.assertTrue(dc.is_floating)
        self.assertEqual(dc.to_python(), datetime(2026, 12, 1, 9))
        self.assertIsNone(dc.to_python().tzinfo)
        self.assertEqual(DateComponents.from_python(datetime(2026, 12, 1, 9, 5)).to_json(),
                         {"year": 2026, "month": 12, "day": 1, "hour": 9, "minute": 5})
        self.assertEqual(DateComponents.from_python(datetime(2026, 12, 1, 9, 0, 7, 999)).to_json(),
                         {"year": 2026, "month": 12, "day": 1, "hour": 9, "minute": 0, "second": 7})
        self.assertEqual(dc.to_instant(BERLIN), datetime(2026, 12, 1, 8, tzinfo=timezone.utc))
        with self.assertRaises(ValueError):
            dc.to_instant()

    def test_zoned(self):
        dc = DateComponents.from_python(datetime(2026, 12, 1, 9, 30, tzinfo=BERLIN))
        self.assertEqual(dc.to_json(), {"year": 2026, "month": 12, "day": 1, "hour": 9, "minute": 30,
                                        "timeZone": "Europe/Berlin"})
        value = dc.to_python()
        self.assertEqual(value, datetime(2026, 12, 1, 9, 30, tzinfo=BERLIN))
        self.assertEqual(value.tzinfo.key, "Europe/Berlin")
        self.assertEqual(dc.to_instant("Asia/Tokyo"), datetime(2026, 12, 1, 8, 30, tzinfo=timezone.utc))

    def test_fixed_offset_becomes_utc(self):
        dc = DateComponents.from_python(datetime(2026, 12, 1, 9, tzinfo=timezone(timedelta(hours=5, minutes=30))))
        self.assertEqual(dc.to_json(), {"year": 2026, "month": 12, "day": 1, "hour": 3, "minute": 30,
                                        "timeZone": "UTC"})
        self.assertEqual(dc.to_instant(), datetime(2026, 12, 1, 3, 30, tzinfo=timezone.utc))

    def test_naive_with_zone(self):
        dc = DateComponents.from_python(datetime(2026, 12, 1, 9), time_zone="America/New_York")
        self.assertEqual(dc.time_zone, "America/New_York")

    def test_dst_gap_means_an_hour_later(self):
        dc = DateComponents(2026, 3, 29, 2, 30, time_zone="Europe/Berlin")
        self.assertEqual(dc.to_instant(), datetime(2026, 3, 29, 1, 30, tzinfo=timezone.utc))
        self.assertEqual(dc.to_python().replace(tzinfo=None), datetime(2026, 3, 29, 3, 30))

    def test_unknown_members_kept_aside(self):
        dc = DateComponents.from_json({"year": 2026, "month": 1, "day": 2, "era": 1})
        self.assertEqual(dc.extra, {"era": 1})
        self.assertNotIn("era", dc.to_json())


class ReminderTests(unittest.TestCase):
    def test_parse_full(self):
        r = Reminder.from_json(REMINDER_JSON)
        self.assertEqual(r.title, "Buy milk")
        self.assertEqual(r.identifier, "A6")
        self.assertEqual(r.due, datetime(2026, 12, 1, 9))
        self.assertEqual(r.creation_date, datetime(2026, 11, 29, 14, 46, 35, 582000, tzinfo=timezone.utc))
        rel, absolute, loc = r.alarms
        self.assertEqual(rel.relative_offset, timedelta(minutes=-15))
        self.assertEqual(absolute.absolute_date, datetime(2026, 12, 1, 7, tzinfo=timezone.utc))
        self.assertEqual(loc.structured_location.geo_location.latitude, 40.7128)
        self.assertEqual(loc.structured_location.radius, 3218)
        self.assertEqual(loc.proximity, "enter")
        rule = r.recurrence_rules[0]
        self.assertEqual(rule.frequency, "weekly")
        self.assertEqual(rule.days_of_the_week[1].week_number, -1)
        self.assertEqual(rule.recurrence_end.occurrence_count, 10)

    def test_unknown_members_do_not_break_parsing(self):
        obj = dict(REMINDER_JSON, completedOccurrence={"x": 1}, newThing=[1, 2])
        obj["alarms"] = [dict(obj["alarms"][0], snooze=5)]
        r = Reminder.from_json(obj)
        self.assertEqual(r.extra, {"completedOccurrence": {"x": 1}, "newThing": [1, 2]})
        self.assertEqual(r.alarms[0].extra, {"snooze": 5})
        self.assertNotIn("newThing", r.to_json())
        self.assertNotIn("snooze", r.to_json()["alarms"][0])

    def test_snapshot_round_trip(self):
        r = Reminder.from_json(REMINDER_JSON)
        body = r.to_json()
        self.assertEqual(body["calendarItemIdentifier"], "A6")
        self.assertEqual(body["lastModifiedDate"], "2026-11-29T14:46:35.582Z")
        self.assertIsNone(body["notes"])  # a snapshot clears what it does not have
        self.assertEqual(body["isCompleted"], False)
        self.assertNotIn("completionDate", body)
        self.assertNotIn("creationDate", body)
        self.assertEqual(body["alarms"][0], {"alarmIdentifier": "E1", "relativeOffset": -900, "proximity": "none"})
        self.assertEqual(body["recurrenceRules"][0]["daysOfTheWeek"],
                         [{"dayOfTheWeek": 2}, {"dayOfTheWeek": 4, "weekNumber": -1}])
        self.assertNotIn("rrule", body["recurrenceRules"][0])
        again = Reminder.from_json(dict(REMINDER_JSON, **body))
        again.recurrence_rules[0].rrule = r.recurrence_rules[0].rrule  # the server fills it in
        self.assertEqual(again, r)

    def test_completion_members_never_contradict(self):
        r = Reminder.from_json(REMINDER_JSON)
        r.is_completed = True
        self.assertEqual(r.to_json()["isCompleted"], True)
        self.assertNotIn("completionDate", r.to_json())
        r.completion_date = datetime(2026, 1, 1, tzinfo=timezone.utc)
        self.assertEqual(r.to_json()["completionDate"], "2026-01-01T00:00:00.000Z")
        r.is_completed = False
        self.assertEqual(r.to_json()["isCompleted"], False)
        self.assertNotIn("completionDate", r.to_json())

    def test_new_from_python_values(self):
        cal = Calendar(calendar_identifier="L2", title="Groceries")
        r = Reminder.new("Buy milk", calendar=cal, due=date(2026, 12, 1), priority=1,
                         start=datetime(2026, 11, 30, 18), notes="2 l",
                         alarms=[timedelta(minutes=-15), datetime(2026, 12, 1, 7, tzinfo=timezone.utc),
                                 Alarm.location("Home", 52.52, 13.405, 150, "leave")],
                         recurrence_rules=["FREQ=WEEKLY;BYDAY=MO"])
        self.assertEqual(r.to_json(), {
            "calendarIdentifier": "L2",
            "title": "Buy milk",
            "notes": "2 l",
            "priority": 1,
            "startDateComponents": {"year": 2026, "month": 11, "day": 30, "hour": 18},
            "dueDateComponents": {"year": 2026, "month": 12, "day": 1},
            "alarms": [
                {"relativeOffset": -900},
                {"absoluteDate": "2026-12-01T07:00:00.000Z"},
                {"structuredLocation": {"title": "Home", "geoLocation": {"latitude": 52.52, "longitude": 13.405},
                                        "radius": 150}, "proximity": "leave"},
            ],
            "recurrenceRules": [{"rrule": "FREQ=WEEKLY;BYDAY=MO"}],
        })
        self.assertEqual(Reminder.new("x").to_json(), {"title": "x"})

    def test_fractional_offset(self):
        self.assertEqual(Alarm.relative(-900.5).to_json(), {"relativeOffset": -900.5})
        self.assertEqual(Alarm.relative(timedelta(hours=-1)).to_json(), {"relativeOffset": -3600})

    def test_rule_needs_something(self):
        with self.assertRaises(ValueError):
            RecurrenceRule().to_json()


class PredicateTests(unittest.TestCase):
    def test_shapes(self):
        self.assertEqual(Predicate.reminders().to_json(), {"kind": "all"})
        p = Predicate.incomplete(ending=date(2026, 12, 2), calendars=[Calendar("L1"), "L2"])
        self.assertEqual(p.to_json(BERLIN), {"kind": "incomplete", "calendarIdentifiers": ["L1", "L2"],
                                             "dueDateEnding": "2026-12-01T23:00:00.000Z"})
        p = Predicate.completed(datetime(2026, 1, 1, tzinfo=timezone.utc))
        self.assertEqual(p.to_json(), {"kind": "completed", "completionDateStarting": "2026-01-01T00:00:00.000Z"})


class EventTests(unittest.TestCase):
    def test_events(self):
        self.assertIsNone(StoreChanged.from_json({}).changed_identifiers)
        self.assertEqual(StoreChanged.from_json({"changedIdentifiers": ["a"], "x": 1}).changed_identifiers, ["a"])
        ev = AuthorizationChanged.from_json({"entityType": "reminder", "status": "denied"})
        self.assertEqual((ev.entity_type, ev.status), ("reminder", "denied"))


class ErrorTests(unittest.TestCase):
    def test_mapping(self):
        e = error_from_response({"code": -32602, "message": "reminder.priority: …",
                                 "data": {"field": "reminder.priority", "reason": "priorityIsInvalid"}},
                                "saveReminder", 4)
        self.assertIsInstance(e, InvalidParams)
        self.assertEqual((e.code, e.field, e.reason, e.method, e.request_id),
                         (-32602, "reminder.priority", "priorityIsInvalid", "saveReminder", 4))
        self.assertIn("priorityIsInvalid", str(e))
        e = error_from_response({"code": -32010, "message": "no", "data": {"reason": "eventStoreNotAuthorized",
                                                                          "status": "denied"}})
        self.assertIsInstance(e, NotAuthorized)
        self.assertEqual(e.status, "denied")
        e = error_from_response({"code": -32011, "message": "no", "data": {"kind": "alarm", "identifier": "x"}})
        self.assertIsInstance(e, NotFound)
        self.assertEqual((e.kind, e.identifier), ("alarm", "x"))
        e = error_from_response({"code": -32012, "message": "changed", "data": {"current": REMINDER_JSON}})
        self.assertIsInstance(e, Conflict)
        self.assertEqual(e.current.title, "Buy milk")
        self.assertIsInstance(error_from_response({"code": -32013, "message": "locked"}), StoreUnavailable)
        e = error_from_response({"code": -1, "message": "new", "data": [1]})
        self.assertIs(type(e), RPCError)
        self.assertIsNone(e.field)
        self.assertEqual(e.data, [1])


if __name__ == "__main__":
    unittest.main()
