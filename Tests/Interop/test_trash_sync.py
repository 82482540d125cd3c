"""The trash and the server (issue 38), against a real Radicale with a second client (python
caldav) as the phone: what the phone deletes goes to the trash here, and what is restored here —
a reminder, a whole list, an event or an event calendar — goes back to the server at the next
sync, so the phone gets it back."""

from __future__ import annotations

import unittest

from test_event_sync import EventSyncTestCase, vevent, with_zone
from test_sync import SyncTestCase, vcalendar, vtodo


class RestoredFromTheTrash(SyncTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.cal = self.calendar("Errands")
        for uid, title in (("milk@test", "Milk"), ("bread@test", "Bread")):
            self.cal.save_todo(ical=vcalendar(vtodo(uid, title)))
        self.laptop = self.store()
        self.laptop.sync()
        self.list_id = self.laptop.list_named("Errands")["calendarIdentifier"]

    def server_titles(self) -> list[str]:
        titles = []
        for cal in self.principal.calendars():
            for todo in cal.todos(include_completed=True):
                titles.append(str(todo.icalendar_component.get("summary")))
        return sorted(titles)

    def trash(self) -> list[dict]:
        return self.laptop.call("trash", {})["changes"]

    def test_a_reminder_deleted_on_the_phone_is_in_the_trash_and_restored_there(self):
        self.cal.todo_by_uid("milk@test").delete()
        self.laptop.sync()
        self.assertEqual([r["title"] for r in self.laptop.reminders(self.list_id)], ["Bread"])
        entry = self.trash()[0]
        self.assertEqual((entry["title"], entry["account"], entry["client"]), ("Milk", "home", "remindersd-sync"), entry)
        restored = self.laptop.call("restore", {"identifier": entry["itemIdentifier"]})
        self.assertEqual(restored["changes"][0]["action"], "restored")
        self.laptop.sync()
        self.assertEqual(self.server_titles(), ["Bread", "Milk"], "the phone has it again")
        self.assertEqual(str(self.remote(self.cal, "milk@test").get("summary")), "Milk", "under its own UID")

    def test_a_reminder_deleted_here_and_synced_goes_back_up_when_restored(self):
        milk = self.laptop.reminder_titled("Milk")
        self.laptop.call("removeReminder", {"identifier": milk["calendarItemIdentifier"]})
        self.laptop.sync()
        self.assertEqual(self.server_titles(), ["Bread"])
        self.laptop.call("restore", {"identifier": milk["calendarItemIdentifier"]})
        self.laptop.sync()
        self.assertEqual(self.server_titles(), ["Bread", "Milk"])
        self.assertEqual(self.laptop.reminder_titled("Milk")["calendarItemIdentifier"], milk["calendarItemIdentifier"])

    def test_a_reminder_restored_before_the_sync_is_not_deleted_there(self):
        milk = self.laptop.reminder_titled("Milk")
        self.laptop.call("removeReminder", {"identifier": milk["calendarItemIdentifier"]})
        self.laptop.call("restore", {"identifier": milk["calendarItemIdentifier"]})
        report = self.list_report(self.laptop.sync(), "Errands")
        self.assertEqual(report["deleted"], 0, report)
        self.assertEqual(self.server_titles(), ["Bread", "Milk"])
        self.assertEqual(len(self.laptop.reminders(self.list_id)), 2, "and no copy came down")

    def test_a_list_deleted_on_the_phone_comes_back_there_with_its_reminders(self):
        self.cal.delete()
        self.laptop.sync()
        self.assertNotIn("Errands", [c["title"] for c in self.laptop.lists()])
        entry = self.trash()[0]
        self.assertEqual((entry["kind"], entry["title"], entry["account"]), ("list", "Errands", "home"), entry)
        self.laptop.call("restore", {"identifier": self.list_id})
        self.assertEqual(sorted(r["title"] for r in self.laptop.reminders(self.list_id)), ["Bread", "Milk"])
        self.laptop.sync()
        self.assertIn("Errands", [str(c.name) for c in self.principal.calendars()], "made again on the server")
        self.assertEqual(self.server_titles(), ["Bread", "Milk"], "with its reminders")
        self.laptop.sync()
        self.assertEqual(len(self.laptop.reminders(self.list_id)), 2, "a second sync brings no copies")

    def test_a_list_deleted_here_by_mistake_is_restored_before_the_sync_deletes_it_there(self):
        self.laptop.call("removeCalendar", {"calendarIdentifier": self.list_id})
        self.laptop.call("restore", {"identifier": self.list_id})
        self.laptop.sync()
        self.assertEqual(self.server_titles(), ["Bread", "Milk"], "the server's collection was never removed")
        self.assertEqual(len(self.laptop.reminders(self.list_id)), 2)


class EventsRestoredFromTheTrash(EventSyncTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.cal = self.event_calendar("Team")
        self.cal.save_event(ical=with_zone(vevent("standup@test", "Standup", "20261207T090000", "20261207T091500",
                                                  "RRULE:FREQ=WEEKLY;COUNT=3")))
        self.cal.save_event(ical=with_zone(vevent("review@test", "Review", "20261208T140000", "20261208T150000")))
        self.laptop = self.store()
        self.laptop.sync()
        self.calendar_id = self.calendar_named(self.laptop, "Team")["calendarIdentifier"]

    def server_summaries(self) -> list[str]:
        return sorted(str(e.icalendar_component["SUMMARY"]) for c in self.principal.calendars() for e in c.events())

    def test_an_event_deleted_on_the_phone_is_in_the_trash_and_restored_there(self):
        self.cal.event_by_uid("review@test").delete()
        self.laptop.sync()
        entry = self.laptop.call("trash", {})["changes"][0]
        self.assertEqual((entry["kind"], entry["title"], entry["account"]), ("event", "Review", "home"), entry)
        self.assertEqual(entry["before"]["title"], "Review")
        self.laptop.call("restore", {"identifier": entry["itemIdentifier"]})
        self.laptop.sync()
        self.assertEqual(self.server_summaries(), ["Review", "Standup"], "the phone has it again")
        self.assertEqual(str(self.cal.event_by_uid("review@test").icalendar_component["SUMMARY"]), "Review", "under its own UID")

    def test_a_series_deleted_here_and_restored_before_the_sync_stays_there(self):
        standup = [e for e in self.fetch(self.laptop, self.calendar_id) if e["title"] == "Standup"][0]
        self.laptop.call("removeEvent", {"identifier": standup["eventIdentifier"], "span": "futureEvents"})
        self.laptop.call("restore", {"identifier": standup["eventIdentifier"]})
        report = self.list_report(self.laptop.sync(), "Team")
        self.assertEqual(report["deleted"], 0, report)
        self.assertEqual(self.server_summaries(), ["Review", "Standup"])
        self.assertEqual(len([e for e in self.fetch(self.laptop, self.calendar_id) if e["title"] == "Standup"]), 3, "no copy came down")

    def test_a_calendar_deleted_on_the_phone_comes_back_there_with_its_events(self):
        self.cal.delete()
        self.laptop.sync()
        entry = self.laptop.call("trash", {})["changes"][0]
        self.assertEqual((entry["kind"], entry["title"]), ("calendar", "Team"), entry)
        self.laptop.call("restore", {"identifier": self.calendar_id})
        self.laptop.sync()
        self.assertIn("Team", [str(c.name) for c in self.principal.calendars()], "made again on the server")
        self.assertEqual(self.server_summaries(), ["Review", "Standup"], "with its events")
        self.laptop.sync()
        self.assertEqual(len(self.fetch(self.laptop, self.calendar_id)), 4, "a second sync brings no copies (3 standups, 1 review)")


if __name__ == "__main__":
    unittest.main()
