"""The client's field and parameter lists against the server's own OpenRPC document
(``remindersd schema``), so that the two cannot drift apart."""

from __future__ import annotations

import inspect
import json
import subprocess
import unittest
from datetime import date, datetime, timedelta, timezone

from support import server_binary

from remindersd_client import Client, types
from remindersd_client.types import Alarm, Calendar, DateComponents, RecurrenceRule, Reminder

#: protocol method -> the Client method that calls it
WRAPPERS = {
    "authorizationStatus": "authorization_status",
    "requestAccess": "request_access",
    "calendars": "calendars",
    "defaultCalendarForNewReminders": "default_calendar_for_new_reminders",
    "saveCalendar": "save_calendar",
    "removeCalendar": "remove_calendar",
    "fetchReminders": "fetch_reminders",
    "calendarItem": "calendar_item",
    "calendarItems": "calendar_items",
    "saveReminder": "save_reminder",
    "removeReminder": "remove_reminder",
    "addAlarm": "add_alarm",
    "removeAlarm": "remove_alarm",
    "commit": "commit",
    "reset": "reset",
    "tags": "tags",
    "exportICalendar": "export_icalendar",
    "importICalendar": "import_icalendar",
    "sync": "sync",
    "upcomingAlarms": "upcoming_alarms",
    "snoozeAlarm": "snooze_alarm",
    "dismissAlarm": "dismiss_alarm",
    "updateLocation": "update_location",
    "defaultCalendarForNewEvents": "default_calendar_for_new_events",
    "fetchEvents": "events",
    "event": "event",
    "saveEvent": "save_event",
    "removeEvent": "remove_event",
    "interpretDate": "interpret_date",
    "interpretRecurrence": "interpret_recurrence",
    "changes": "changes",
    "undo": "undo",
    "trash": "trash",
    "restore": "restore",
    "geocode": "geocode",
    "reverseGeocode": "reverse_geocode",
    "subscriptions": "subscriptions",
    "addSubscription": "add_subscription",
    "refreshSubscriptions": "refresh_subscriptions",
    "removeSubscription": "remove_subscription",
}
#: methods the client runs itself or leaves to ``call``
NOT_WRAPPED = {"initialize", "shutdown", "rpc.discover", "initialized", "exit", "$/cancelRequest"}


def document():
    text = subprocess.run([server_binary(), "schema"], stdout=subprocess.PIPE, check=True, universal_newlines=True).stdout
    return json.loads(text)


class Recorder(Client):
    """A client that records what it would send instead of sending it."""

    def __init__(self) -> None:  # no server
        self.sent = []
        self._tzinfo = timezone.utc
        self.time_zone = "UTC"

    def call(self, method, params=None, timeout=None):  # type: ignore[override]
        self.sent.append((method, params or {}))
        canned = {
            "authorizationStatus": {"status": "fullAccess"}, "requestAccess": {"granted": True, "status": "fullAccess"},
            "calendars": {"calendars": []}, "defaultCalendarForNewReminders": {"calendar": None},
            "saveCalendar": {"calendar": {"calendarIdentifier": "c", "title": "t"}},
            "fetchReminders": {"reminders": [], "nextCursor": None}, "calendarItem": {"reminder": None},
            "calendarItems": {"reminders": []}, "tags": {"tags": []},
            "defaultCalendarForNewEvents": {"calendar": None}, "fetchEvents": {"events": [], "nextCursor": None},
            "event": {"event": None}, "changes": {"changes": [], "nextCursor": None}, "trash": {"changes": [], "nextCursor": None},
            "undo": {"changes": []}, "restore": {"changes": []}, "interpretRecurrence": {"recurrenceRule": {"frequency": "weekly"}},
            "interpretDate": {"dateComponents": {"year": 2026, "month": 12, "day": 5, "hour": 9}, "allDay": False, "text": "t"}, "saveEvent": {"event": {"eventIdentifier": "e", "startDate": "2027-01-04T09:00:00.000Z"}},
        }
        return canned.get(method, {"reminder": {"calendarItemIdentifier": "r", "title": "t"}, "completedOccurrence": None})


class SchemaTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        cls.doc = document()
        cls.methods = {m["name"]: m for m in cls.doc["methods"]}
        cls.components = cls.doc["components"]["schemas"]

    def properties(self, component):
        return set(self.components[component]["properties"])

    def test_every_method_is_wrapped(self):
        self.assertEqual(set(self.methods) - NOT_WRAPPED, set(WRAPPERS))
        for method in WRAPPERS.values():
            self.assertTrue(callable(getattr(Client, method, None)), method)

    def test_known_members_are_the_schemas(self):
        for cls, component in ((Reminder, "Reminder"), (Calendar, "Calendar"), (DateComponents, "DateComponents"),
                               (Alarm, "Alarm"), (RecurrenceRule, "RecurrenceRule")):
            self.assertEqual(set(cls._KNOWN), self.properties(component), component)

    def test_what_the_wrappers_send_is_declared(self):
        rd = Recorder()
        reminder = Reminder.new("t", due=datetime(2026, 12, 1, 9), start=date(2026, 11, 30), notes="n", url="https://x.org",
                                location="l", priority=1, alarms=[timedelta(minutes=-5), datetime(2026, 12, 1, tzinfo=timezone.utc),
                                                                  Alarm.location("Home", 1.0, 2.0, radius=10, proximity="enter")],
                                recurrence_rules=["FREQ=DAILY;COUNT=2"], time_zone="Europe/Berlin", is_completed=False)
        stored = Reminder.from_json(dict(reminder.to_json(), calendarItemIdentifier="r", lastModifiedDate="2026-01-01T00:00:00Z"))
        rd.authorization_status("reminder")
        rd.request_access("why", level="full", entity_type="reminder")
        rd.calendars("reminder")
        rd.default_calendar_for_new_reminders()
        rd.save_calendar(title="t", color="#112233", allows_content_modifications=True)
        rd.save_calendar(calendar_identifier="c", title="u")
        rd.remove_calendar("c")
        rd.fetch_reminders(kind="incomplete", calendars=["c"], due_date_starting=datetime(2026, 1, 1, tzinfo=timezone.utc),
                           due_date_ending=datetime(2027, 1, 1, tzinfo=timezone.utc), limit=5, cursor="x")
        rd.fetch_reminders(kind="completed", completion_date_starting=datetime(2026, 1, 1, tzinfo=timezone.utc),
                           completion_date_ending=datetime(2027, 1, 1, tzinfo=timezone.utc))
        rd.fetch_reminders(matching="buy mi", tags=["home"], is_flagged=True, parent_identifier="p", has_due_date=False)
        rd.find("milk", tags=["errands"])
        rd.tags()
        rd.create_reminder("sub", tags=["a"], flagged=True, parent="r")
        rd.update_reminder("r", tags=None, flagged=False, parent=None)
        rd.calendar_item("r")
        rd.calendar_items("e")
        rd.save_reminder(reminder, commit=False)
        rd.save_reminder(stored)
        rd.update_reminder("r", title="x", notes=None, priority=2, if_unchanged=False, last_modified_date=datetime(2026, 1, 1, tzinfo=timezone.utc))
        rd.complete_reminder("r")
        rd.remove_reminder("r", last_modified_date=datetime(2026, 1, 1, tzinfo=timezone.utc), commit=False)
        rd.add_alarm("r", timedelta(minutes=-10), commit=False)
        rd.remove_alarm("r", "a", commit=False)
        rd.commit()
        rd.reset()
        rd.export_icalendar(calendars=["c"])
        rd.import_icalendar("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n", calendar="c")
        rd.save_calendar(title="In an account", account="home")
        rd.sync("home", dry_run=True)
        rd.upcoming_alarms(datetime(2027, 1, 1, tzinfo=timezone.utc), start=datetime(2026, 1, 1, tzinfo=timezone.utc))
        rd.snooze_alarm("r", "a", minutes=5)
        rd.snooze_alarm("r", "a", until=datetime(2027, 1, 1, tzinfo=timezone.utc))
        rd.dismiss_alarm("r", "a")
        rd.update_location(52.52, 13.405, 10, timestamp=datetime(2027, 1, 1, tzinfo=timezone.utc))
        rd.default_calendar_for_new_events()
        rd.events(datetime(2027, 1, 1, tzinfo=timezone.utc), datetime(2027, 2, 1, tzinfo=timezone.utc), calendars=["c"], limit=5)
        rd.event("e", occurrence_date=datetime(2027, 1, 4, tzinfo=timezone.utc))
        rd.create_event("Meeting", datetime(2027, 1, 4, 9, tzinfo=timezone.utc), datetime(2027, 1, 4, 10, tzinfo=timezone.utc), timeZone=None)
        rd.save_event({"eventIdentifier": "e", "occurrenceDate": datetime(2027, 1, 11, 9, tzinfo=timezone.utc), "title": "x"}, span="thisEvent")
        rd.remove_event("e", occurrence_date=datetime(2027, 1, 18, 9, tzinfo=timezone.utc), span="futureEvents")
        rd.interpret_date("tomorrow 9am")
        rd.interpret_recurrence("every monday")
        rd.changes(client="c", item="r", since=datetime(2026, 1, 1, tzinfo=timezone.utc),
                   until=datetime(2027, 1, 1, tzinfo=timezone.utc), limit=5, cursor="9")
        rd.undo("41")
        rd.undo(client="c", count=2)
        rd.trash(limit=5, cursor="9")
        rd.restore("r")
        rd.geocode("Pariser Platz 1, Berlin")
        rd.reverse_geocode(52.52, 13.405)
        rd.subscriptions()
        rd.add_subscription("webcal://example.com/holidays.ics", title="Holidays", every=3600, keep_alarms=True)
        rd.refresh_subscriptions("c")
        rd.remove_subscription("c")
        self.assertEqual({method for method, _ in rd.sent}, set(WRAPPERS))
        for method, params in rd.sent:
            declared = {p["name"] for p in self.methods[method]["params"]}
            self.assertLessEqual(set(params), declared, method)
            if "reminder" in params:
                self.assertLessEqual(set(params["reminder"]), self.properties("ReminderChanges"), method)
                for alarm in params["reminder"].get("alarms", []):
                    self.assertLessEqual(set(alarm), self.properties("AlarmInput"), method)
            if "predicate" in params:
                self.assertLessEqual(set(params["predicate"]), self.properties("ReminderPredicate"), method)
            if "calendar" in params:
                self.assertLessEqual(set(params["calendar"]), self.properties("CalendarInput"), method)
            if "alarm" in params:
                self.assertLessEqual(set(params["alarm"]), self.properties("AlarmInput"), method)


if __name__ == "__main__":
    unittest.main()
