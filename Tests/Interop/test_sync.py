"""CalDAV sync against a real Radicale, with python-caldav as the second client on the same
collections. Every test starts its own server and stores."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
import time
import unittest
import warnings

import caldav
import icalendar
from caldav.elements import dav as dav_elements, ical as ical_elements

from remindersd import BIN, Session, Store
from servers import ENGINES, Radicale, RecordingServer, SilentServer, self_signed_certificate

warnings.filterwarnings("ignore", category=DeprecationWarning)


def vcalendar(*todos: str) -> str:
    return "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//interop test//EN\r\n" + "".join(todos) + "END:VCALENDAR\r\n"


def vtodo(uid: str, summary: str, *lines: str, stamp: str = "20261201T080000Z") -> str:
    body = "".join(line + "\r\n" for line in lines)
    return f"BEGIN:VTODO\r\nUID:{uid}\r\nDTSTAMP:{stamp}\r\nLAST-MODIFIED:{stamp}\r\nSUMMARY:{summary}\r\n{body}END:VTODO\r\n"


def lines_of(text: str) -> list[str]:
    return text.replace("\r\n ", "").replace("\n ", "").replace("\r\n", "\n").split("\n")


class SyncTestCase(unittest.TestCase):
    #: The CalDAV engine the scenarios run against (servers.ENGINES); INTEROP_ENGINE picks another.
    engine = ENGINES[os.environ.get("INTEROP_ENGINE", "radicale")]

    def setUp(self) -> None:
        self.server = self.engine().start()
        self.folder = tempfile.mkdtemp(prefix="sync-test-")
        self.dav = caldav.DAVClient(url=self.server.client_url, username=self.server.user, password=self.server.password)
        self.principal = self.dav.principal()

    def tearDown(self) -> None:
        self.server.close()
        shutil.rmtree(self.folder, ignore_errors=True)

    def store(self, name: str = "laptop") -> Store:
        store = Store(self.folder, name)
        store.add_account("home", self.server.url)
        return store

    def calendar(self, name: str, color: str | None = None) -> caldav.Calendar:
        cal = self.principal.make_calendar(name=name, cal_id=name.lower(), supported_calendar_component_set=["VTODO"])
        if color:
            cal.set_properties([ical_elements.CalendarColor(color)])
        return cal

    def remote(self, cal: caldav.Calendar, uid: str) -> icalendar.Todo:
        return cal.todo_by_uid(uid).icalendar_component

    @staticmethod
    def list_report(report: dict, title: str) -> dict:
        for account in report["accounts"]:
            for lst in account["lists"]:
                if lst["title"] == title:
                    return lst
        raise AssertionError(f"no {title} in {json.dumps(report)}")


class DefaultList(SyncTestCase):
    """The default list reaches the phone: from an account's first sync, new reminders go to one
    of its lists, so that what is added with `reminders add`, the editors or an assistant syncs."""

    def default(self, store: Store) -> dict:
        return store.call("defaultCalendarForNewReminders")["calendar"]

    def test_the_accounts_reminders_list_takes_new_reminders_and_they_reach_the_server(self):
        self.calendar("Groceries")
        tasks = self.calendar("Tasks")
        store = self.store()
        self.assertEqual(self.default(store)["title"], "Reminders", "until the account has synced")
        report = store.sync()
        self.assertIn('new reminders go to "Tasks", which syncs with this account', report["accounts"][0]["notes"])
        self.assertEqual(self.default(store)["title"], "Tasks", "Tasks before Groceries: what phones call it")
        made = store.call("saveReminder", {"reminder": {"title": "Bins out"}})["reminder"]
        self.assertEqual(made["calendarIdentifier"], store.list_named("Tasks")["calendarIdentifier"])
        store.sync()
        self.assertEqual([str(t.icalendar_component["SUMMARY"]) for t in tasks.todos()], ["Bins out"])
        self.assertEqual(store.list_named("Reminders")["source"], None, "the local list stays, and stays local")
        store.call("saveCalendar", {"calendar": {"calendarIdentifier": store.list_named("Groceries")["calendarIdentifier"], "title": "Food"}})
        store.sync()
        self.assertEqual(self.default(store)["title"], "Tasks", "chosen once: later syncs leave the default alone")

    def test_an_account_with_no_reminders_list_gets_one_made_there(self):
        self.principal.make_calendar(name="Events only", cal_id="events", supported_calendar_component_set=["VEVENT"])
        store = self.store()
        store.sync()
        self.assertEqual(self.default(store)["source"]["account"], "home")
        self.assertEqual(self.default(store)["title"], "Reminders")
        names = [str(c.get_display_name()) for c in self.principal.calendars()]
        self.assertIn("Reminders", names, "made on the server by the same sync")

    def test_default_list_names_one_and_keep_default_list_keeps_the_local_one(self):
        self.calendar("Groceries")
        named = Store(self.folder, "named")
        named.add_account("home", self.server.url, "alice", "secret", "--default-list", "Work")
        named.sync()
        self.assertEqual((self.default(named)["title"], self.default(named)["source"]["account"]), ("Work", "home"))
        self.assertIn("Work", [str(c.get_display_name()) for c in self.principal.calendars()])
        kept = Store(self.folder, "kept")
        kept.add_account("home", self.server.url, "alice", "secret", "--keep-default-list")
        kept.sync()
        self.assertEqual((self.default(kept)["title"], self.default(kept)["source"]), ("Reminders", None))


class FirstSyncAndFields(SyncTestCase):
    def test_collections_become_lists_that_follow_the_servers_name_and_colour(self):
        cal = self.calendar("Groceries", color="#34C759FF")
        cal.save_todo(ical=vcalendar(vtodo("milk@test", "Buy milk", "DUE;VALUE=DATE:20261203", "PRIORITY:1", "CATEGORIES:home")))
        self.principal.make_calendar(name="Events only", cal_id="events", supported_calendar_component_set=["VEVENT"])
        store = self.store()
        report = store.sync()
        self.assertTrue(self.list_report(report, "Groceries")["created"])
        self.assertEqual(self.list_report(report, "Groceries")["downloaded"], 1)
        groceries = store.list_named("Groceries")
        self.assertEqual(groceries["type"], "caldav")
        self.assertEqual(groceries["color"], "#34C759")
        self.assertEqual(groceries["source"], {"account": "home", "url": self.server.home + "groceries/"})
        self.assertNotIn("Events only", [c["title"] for c in store.lists()])
        milk = store.reminder_titled("Buy milk")
        self.assertEqual(milk["calendarItemExternalIdentifier"], "milk@test")
        self.assertEqual(milk["dueDateComponents"], {"year": 2026, "month": 12, "day": 3})
        self.assertEqual((milk["priority"], milk["tags"]), (1, ["home"]))
        cal.set_properties([dav_elements.DisplayName("Shopping")])
        store.sync()
        self.assertEqual(store.list_named("Shopping")["calendarIdentifier"], groceries["calendarIdentifier"])

    def test_every_field_round_trips_through_the_server(self):
        cal = self.calendar("Everything")
        store = self.store()
        store.sync()
        lst = store.list_named("Everything")["calendarIdentifier"]
        parent = store.save({"title": "Trip", "calendarIdentifier": lst})
        full = store.save({
            "title": "Book, the train; now", "notes": "line one\nline two", "url": "https://example.com/a?b=1",
            "location": "Station", "priority": 4, "calendarIdentifier": lst, "parentIdentifier": parent["calendarItemIdentifier"],
            "startDateComponents": {"year": 2026, "month": 10, "day": 24, "hour": 9, "minute": 0, "timeZone": "Europe/Berlin"},
            "dueDateComponents": {"year": 2026, "month": 10, "day": 25, "hour": 10, "minute": 30, "timeZone": "Europe/Berlin"},
            "alarms": [{"relativeOffset": -900, "alarmIdentifier": "rel"}, {"absoluteDate": "2026-10-25T07:00:00Z", "alarmIdentifier": "abs"},
                       {"structuredLocation": {"title": "Home", "geoLocation": {"latitude": 52.52, "longitude": 13.405}, "radius": 150},
                        "proximity": "leave", "alarmIdentifier": "geo"}],
            "recurrenceRules": [{"rrule": "FREQ=WEEKLY;INTERVAL=2;BYDAY=SU"}],
            "tags": ["travel", "Work"], "isFlagged": True})
        floating = store.save({"title": "Floating", "calendarIdentifier": lst,
                               "dueDateComponents": {"year": 2026, "month": 3, "day": 29, "hour": 2, "minute": 30}})
        allday = store.save({"title": "All day", "calendarIdentifier": lst, "dueDateComponents": {"year": 2026, "month": 12, "day": 24}})
        utc = store.save({"title": "In UTC", "calendarIdentifier": lst,
                          "dueDateComponents": {"year": 2026, "month": 6, "day": 1, "hour": 23, "minute": 59, "timeZone": "UTC"}})
        self.assertEqual(self.list_report(store.sync(), "Everything")["uploaded"], 5)

        todo = self.remote(cal, full["calendarItemExternalIdentifier"])
        self.assertEqual(str(todo["SUMMARY"]), "Book, the train; now")
        self.assertEqual(str(todo["DESCRIPTION"]), "line one\nline two")
        self.assertEqual((str(todo["URL"]), str(todo["LOCATION"]), int(todo["PRIORITY"])), ("https://example.com/a?b=1", "Station", 4))
        self.assertEqual(todo["DUE"].dt.isoformat(), "2026-10-25T10:30:00+01:00")  # across the DST change
        self.assertEqual(todo["DTSTART"].dt.isoformat(), "2026-10-24T09:00:00+02:00")
        self.assertEqual(str(todo["DUE"].dt.tzinfo), "Europe/Berlin")
        self.assertEqual(str(todo["RELATED-TO"]), parent["calendarItemExternalIdentifier"])
        self.assertEqual(todo["RELATED-TO"].params["RELTYPE"], "PARENT")
        # One CATEGORIES property as sent, or one per value as Cyrus (libical) stores it.
        categories = todo["CATEGORIES"] if isinstance(todo["CATEGORIES"], list) else [todo["CATEGORIES"]]
        self.assertEqual([c for prop in categories for c in prop.cats], ["travel", "Work"])
        self.assertEqual(str(todo["X-REMINDERSD-FLAGGED"]), "TRUE")
        self.assertEqual(todo["RRULE"].to_ical().decode(), "FREQ=WEEKLY;INTERVAL=2;BYDAY=SU")
        alarms = {str(a["UID"]): a for a in todo.walk("VALARM")}
        self.assertEqual(alarms["rel"]["TRIGGER"].to_ical().decode(), "-PT15M")
        self.assertEqual(alarms["rel"]["TRIGGER"].params["RELATED"], "END")
        self.assertEqual(alarms["abs"]["TRIGGER"].dt.isoformat(), "2026-10-25T07:00:00+00:00")
        self.assertEqual(str(alarms["geo"]["X-APPLE-PROXIMITY"]), "DEPART")
        # Apple's form has an unescaped comma, which Radicale's vobject cuts off (it keeps
        # "geo:52.52"); servers that keep items as sent (Xandikos, Nextcloud) keep it whole.
        geo = alarms["geo"].to_ical().decode().replace("\r\n ", "")
        self.assertIn("geo:52.52", geo)
        kept_whole = "geo:52.52,13.405" in geo
        self.assertEqual(kept_whole, self.server.keeps_unescaped_commas)
        self.assertIn('X-TITLE="Home"', alarms["geo"].to_ical().decode().replace("\r\n ", ""))
        self.assertEqual(self.remote(cal, floating["calendarItemExternalIdentifier"])["DUE"].to_ical().decode(), "20260329T023000")
        self.assertEqual(self.remote(cal, allday["calendarItemExternalIdentifier"])["DUE"].params.get("VALUE"), "DATE")
        self.assertEqual(self.remote(cal, utc["calendarItemExternalIdentifier"])["DUE"].to_ical().decode(), "20260601T235900Z")

        # A second store reads back every field.
        other = self.store("desktop")
        other.sync()
        mirror = other.reminder_titled("Book, the train; now")
        for field in ("notes", "url", "location", "priority", "startDateComponents", "tags", "isFlagged", "calendarItemExternalIdentifier"):
            self.assertEqual(mirror[field], full[field], field)
        self.assertEqual(mirror["dueDateComponents"], {"year": 2026, "month": 10, "day": 25, "hour": 10, "minute": 30,
                                                       "timeZone": "Europe/Berlin"})
        # The location alarm came back from Radicale without its longitude (see above): not an
        # alarm remindersd can watch, so it stays in the item as it is, not in the reminder.
        self.assertEqual([a["alarmIdentifier"] for a in mirror["alarms"]], ["rel", "abs", "geo"] if kept_whole else ["rel", "abs"])
        self.assertEqual(mirror["recurrenceRules"][0]["rrule"], "FREQ=WEEKLY;INTERVAL=2;BYDAY=SU")
        self.assertEqual(mirror["parentIdentifier"], other.reminder_titled("Trip")["calendarItemIdentifier"])
        self.assertEqual(other.reminder_titled("Floating")["dueDateComponents"], floating["dueDateComponents"])
        self.assertEqual(other.reminder_titled("All day")["dueDateComponents"], {"year": 2026, "month": 12, "day": 24})

    def test_what_another_client_added_is_kept_byte_for_byte(self):
        cal = self.calendar("Kept")
        cal.save_todo(ical=vcalendar(vtodo("kept@test", "Original", "X-OTHER-CLIENT;X-P=\"a:b\":keep me\\, please",
                                           "ATTENDEE;CN=Sam:mailto:sam@example.com", "SEQUENCE:3")))
        before = [line for line in lines_of(cal.todo_by_uid("kept@test").data) if line.startswith(("X-OTHER", "ATTENDEE", "SEQUENCE"))]
        self.assertEqual(len(before), 3)
        store = self.store()
        store.sync()
        reminder = store.reminder_titled("Original")
        store.save({"calendarItemIdentifier": reminder["calendarItemIdentifier"], "title": "Changed here"})
        store.sync()
        data = lines_of(cal.todo_by_uid("kept@test").data)
        for line in before:
            self.assertIn(line, data)
        if self.server.keeps_items_as_sent:  # (libical, under Cyrus, unescapes the comma when it stores it)
            self.assertIn('X-OTHER-CLIENT;X-P="a:b":keep me\\, please', data)
        self.assertIn("SUMMARY:Changed here", data)

    def test_a_list_made_here_is_made_on_the_server(self):
        store = self.store()
        store.sync()
        made = store.call("saveCalendar", {"calendar": {"title": "Made here", "color": "#FF9500", "source": {"account": "home"}}})["calendar"]
        self.assertEqual((made["type"], made["source"]), ("caldav", {"account": "home", "url": None}))
        store.save({"title": "In the new list", "calendarIdentifier": made["calendarIdentifier"]})
        report = store.sync()
        self.assertTrue(self.list_report(report, "Made here")["created"])
        names = {c.get_display_name(): c for c in self.principal.calendars()}
        self.assertIn("Made here", names)
        self.assertEqual([str(t.icalendar_component["SUMMARY"]) for t in names["Made here"].todos()], ["In the new list"])
        self.assertTrue(store.list_named("Made here")["source"]["url"].startswith(self.server.home))
        with self.assertRaises(AssertionError):
            store.call("saveCalendar", {"calendar": {"title": "Nowhere", "source": {"account": "missing"}}})

    def test_a_list_removed_here_is_removed_there_unless_it_changed_there(self):
        self.calendar("Old").save_todo(ical=vcalendar(vtodo("old@test", "Old item")))
        busy = self.calendar("Busy")
        store = self.store()
        store.sync()
        for title in ("Old", "Busy"):
            store.call("removeCalendar", {"calendarIdentifier": store.list_named(title)["calendarIdentifier"]})
        busy.save_todo(ical=vcalendar(vtodo("new@test", "Added there meanwhile")))
        dry = store.sync("--dry-run")
        self.assertIn("Old was removed here: removed on the server too", dry["accounts"][0]["notes"])
        self.assertIn("Old", [c.get_display_name() for c in self.principal.calendars()], "a dry run removes nothing")
        report = store.sync()
        notes = report["accounts"][0]["notes"]
        self.assertIn("Old was removed here: removed on the server too", notes)
        self.assertIn("Busy was removed here but changed on the server (or may not be removed there): it comes back", notes)
        self.assertEqual(sorted(c.get_display_name() for c in self.principal.calendars()), ["Busy"])
        back = store.list_named("Busy")
        self.assertEqual([r["title"] for r in store.reminders(back["calendarIdentifier"])], ["Added there meanwhile"])
        self.assertEqual(store.sync()["accounts"][0]["notes"], [], "each is done with once")


class ChangesBothWays(SyncTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.cal = self.calendar("Shared")
        self.store_a = self.store()
        self.store_a.sync()
        self.list_a = self.store_a.list_named("Shared")["calendarIdentifier"]

    def test_the_other_client_creates_edits_completes_and_deletes(self):
        self.cal.save_todo(ical=vcalendar(vtodo("one@test", "One")))
        self.cal.save_todo(ical=vcalendar(vtodo("two@test", "Two")))
        self.assertEqual(self.list_report(self.store_a.sync(), "Shared")["downloaded"], 2)
        one = self.cal.todo_by_uid("one@test")
        one.data = one.data.replace("SUMMARY:One", "SUMMARY:One, edited")
        one.save()
        self.cal.todo_by_uid("two@test").complete()
        report = self.store_a.sync()
        self.assertEqual(self.list_report(report, "Shared")["downloaded"], 2)
        self.assertTrue(self.store_a.reminder_titled("Two")["isCompleted"])
        self.store_a.reminder_titled("One, edited")
        self.cal.todo_by_uid("one@test").delete()
        report = self.store_a.sync()
        self.assertEqual(self.list_report(report, "Shared")["deleted"], 1)
        self.assertEqual([r["title"] for r in self.store_a.reminders(self.list_a)], ["Two"])

    def test_changes_here_reach_the_other_client(self):
        mine = self.store_a.save({"title": "Mine", "calendarIdentifier": self.list_a})
        # Another item stays, so the removal below does not empty the list (which is withheld: test_sync_safety).
        self.store_a.save({"title": "Stays", "calendarIdentifier": self.list_a})
        self.store_a.sync()
        uid = mine["calendarItemExternalIdentifier"]
        self.assertEqual(str(self.remote(self.cal, uid)["SUMMARY"]), "Mine")
        self.store_a.save({"calendarItemIdentifier": mine["calendarItemIdentifier"], "isCompleted": True})
        self.store_a.sync()
        self.assertEqual(str(self.remote(self.cal, uid)["STATUS"]), "COMPLETED")
        self.store_a.call("removeReminder", {"identifier": mine["calendarItemIdentifier"]})
        report = self.store_a.sync()
        self.assertEqual(self.list_report(report, "Shared")["deleted"], 1)
        self.assertEqual([str(t.icalendar_component["SUMMARY"]) for t in self.cal.todos(include_completed=True)], ["Stays"])

    def test_uids_with_slashes_and_non_ascii_reach_the_server(self):
        ics = vcalendar(vtodo("trip/2026?#1", "Slashed"), vtodo("ünï cødé@test", "Unicode"))
        report = self.store_a.call("importICalendar", {"text": ics, "calendarIdentifier": self.list_a})
        self.assertEqual(report["imported"], 2, report)
        self.assertEqual(self.list_report(self.store_a.sync(), "Shared")["uploaded"], 2)
        self.assertEqual(str(self.remote(self.cal, "trip/2026?#1")["SUMMARY"]), "Slashed")
        self.assertEqual(str(self.remote(self.cal, "ünï cødé@test")["SUMMARY"]), "Unicode")
        hrefs = sorted(str(t.url).rsplit("/", 1)[1] for t in self.cal.todos())
        self.assertTrue(all(href.startswith("uid-") for href in hrefs), hrefs)
        self.assertEqual(self.list_report(self.store_a.sync(), "Shared")["uploaded"], 0, "nothing goes twice")

    def test_both_changed_different_properties_merge_and_the_same_one_goes_to_the_later(self):
        mine = self.store_a.save({"title": "Merge me", "calendarIdentifier": self.list_a, "priority": 5})
        self.store_a.sync()
        uid = mine["calendarItemExternalIdentifier"]
        # The server copy: the notes change, and the title too, an hour "later" than here.
        todo = self.cal.todo_by_uid(uid)
        todo.data = todo.data.replace("SUMMARY:Merge me", "SUMMARY:Their title\r\nDESCRIPTION:their notes")
        later = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime(time.time() + 3600))
        text = "\r\n".join(line if not line.startswith("LAST-MODIFIED") else "LAST-MODIFIED:" + later for line in lines_of(todo.data))
        todo.data = text
        todo.save()
        # Here: the priority and the title change.
        self.store_a.save({"calendarItemIdentifier": mine["calendarItemIdentifier"], "priority": 1, "title": "My title"})
        report = self.store_a.sync()
        merged = self.store_a.reminder_titled("Their title")
        self.assertEqual((merged["priority"], merged["notes"]), (1, "their notes"))
        conflicts = self.list_report(report, "Shared")["conflicts"]
        self.assertEqual([(c["property"], c["kept"], c["lostValue"]) for c in conflicts], [("title", "server", '"My title"')])
        undone = self.store_a.call("undo", {"changeIdentifier": conflicts[0]["change"]})["changes"]
        self.assertEqual(self.store_a.reminder_titled("My title")["priority"], 1, f"the title that lost is one undo away: {undone}")
        self.store_a.call("undo", {"changeIdentifier": undone[0]["changeIdentifier"]})
        remote = self.remote(self.cal, uid)
        self.assertEqual((int(remote["PRIORITY"]), str(remote["SUMMARY"]), str(remote["DESCRIPTION"])), (1, "Their title", "their notes"))

    def test_a_conflict_is_reported_in_the_account_status_and_what_lost_is_in_the_history(self):
        mine = self.store_a.save({"title": "Bins out", "calendarIdentifier": self.list_a})
        self.store_a.sync()
        uid = mine["calendarItemExternalIdentifier"]
        # The phone renames it first (an hour ago, by its LAST-MODIFIED); this machine renames it after.
        todo = self.cal.todo_by_uid(uid)
        earlier = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime(time.time() - 3600))
        todo.data = "\r\n".join(line if not line.startswith("LAST-MODIFIED") else "LAST-MODIFIED:" + earlier
                                 for line in lines_of(todo.data.replace("SUMMARY:Bins out", "SUMMARY:Bins and recycling out")))
        todo.save()
        self.store_a.save({"calendarItemIdentifier": mine["calendarItemIdentifier"], "title": "Bins out (Monday)"})
        report = self.store_a.sync()
        conflicts = self.list_report(report, "Shared")["conflicts"]
        self.assertEqual([(c["property"], c["kept"], c["lostValue"]) for c in conflicts], [("title", "here", '"Bins and recycling out"')])
        self.assertEqual(str(self.remote(self.cal, uid)["SUMMARY"]), "Bins out (Monday)", "the kept change went up")
        accounts = [json.loads(line) for line in self.store_a.run("accounts", "list").stdout.splitlines()]
        self.assertEqual([a["lastResult"] for a in accounts], ["ok, 1 conflict"])
        text = self.store_a.run("sync", "--dry-run").stdout
        self.assertNotIn("conflict", text, "reported once, by the sync that met it")
        # The phone's title, which lost, is one undo away.
        self.store_a.call("undo", {"changeIdentifier": conflicts[0]["change"]})
        self.assertEqual(self.store_a.reminder_titled("Bins and recycling out")["calendarItemIdentifier"], mine["calendarItemIdentifier"])

    def test_a_412_from_a_concurrent_edit_is_merged(self):
        mine = self.store_a.save({"title": "Race", "calendarIdentifier": self.list_a})
        self.store_a.sync()
        uid = mine["calendarItemExternalIdentifier"]
        self.store_a.save({"calendarItemIdentifier": mine["calendarItemIdentifier"], "notes": "here"})
        # The server changes after remindersd listed it: PUT If-Match meets 412. Simulated by a
        # change made between two syncs that remindersd does not list first: a forgotten token.
        todo = self.cal.todo_by_uid(uid)
        todo.data = todo.data.replace("SUMMARY:Race", "SUMMARY:Race\r\nLOCATION:there")
        todo.save()
        with_token = self.store_a.sync()
        remote = self.remote(self.cal, uid)
        self.assertEqual((str(remote.get("DESCRIPTION")), str(remote.get("LOCATION"))), ("here", "there"))
        merged = self.store_a.reminder_titled("Race")
        self.assertEqual((merged["notes"], merged["location"]), ("here", "there"))
        self.assertEqual(self.list_report(with_token, "Shared")["conflicts"], [])

    def test_removed_here_but_changed_there_comes_back_and_the_reverse_is_uploaded_again(self):
        gone_here = self.store_a.save({"title": "Removed here", "calendarIdentifier": self.list_a})
        gone_there = self.store_a.save({"title": "Removed there", "calendarIdentifier": self.list_a})
        self.store_a.sync()
        self.store_a.call("removeReminder", {"identifier": gone_here["calendarItemIdentifier"]})
        todo = self.cal.todo_by_uid(gone_here["calendarItemExternalIdentifier"])
        todo.data = todo.data.replace("SUMMARY:Removed here", "SUMMARY:Removed here, changed there")
        todo.save()
        self.cal.todo_by_uid(gone_there["calendarItemExternalIdentifier"]).delete()
        self.store_a.save({"calendarItemIdentifier": gone_there["calendarItemIdentifier"], "notes": "changed here"})
        report = self.list_report(self.store_a.sync(), "Shared")
        self.assertEqual(sorted(r["title"] for r in self.store_a.reminders(self.list_a)), ["Removed here, changed there", "Removed there"])
        self.assertTrue(any("came back" in n for n in report["notes"]), report)
        self.assertTrue(any("uploaded again" in n for n in report["notes"]), report)
        self.assertEqual(str(self.remote(self.cal, gone_there["calendarItemExternalIdentifier"])["DESCRIPTION"]), "changed here")

    def test_a_recurring_reminder_completed_on_either_side(self):
        series = self.store_a.save({"title": "Water plants", "calendarIdentifier": self.list_a,
                                    "dueDateComponents": {"year": 2026, "month": 12, "day": 2},
                                    "recurrenceRules": [{"rrule": "FREQ=WEEKLY"}]})
        self.store_a.sync()
        # Completed here: the series moves on a week, and a completed record appears — both on the server.
        self.store_a.save({"calendarItemIdentifier": series["calendarItemIdentifier"], "isCompleted": True})
        self.store_a.sync()
        todos = {str(t.icalendar_component["UID"]): t.icalendar_component for t in self.cal.todos(include_completed=True)}
        self.assertEqual(len(todos), 2)
        live = todos[series["calendarItemExternalIdentifier"]]
        self.assertEqual(live["DUE"].to_ical().decode(), "20261209")
        self.assertEqual([str(t["STATUS"]) for u, t in todos.items() if u != series["calendarItemExternalIdentifier"]], ["COMPLETED"])
        # Completed there (python-caldav splits it the same way): the new state comes here.
        self.cal.todo_by_uid(series["calendarItemExternalIdentifier"]).complete(handle_rrule=True)
        self.store_a.sync()
        titles = [(r["title"], r["isCompleted"]) for r in self.store_a.reminders(self.list_a)]
        self.assertEqual(sorted(titles), [("Water plants", False), ("Water plants", True), ("Water plants", True)])

    def test_a_token_the_server_never_issued_falls_back_to_comparing_etags(self):
        # As after the server was restored from a backup: each engine refuses it its own way (403, 412).
        self.store_a.save({"title": "Before", "calendarIdentifier": self.list_a})
        self.store_a.sync()
        self.cal.save_todo(ical=vcalendar(vtodo("after@test", "After")))
        self.store_a.sync()  # a token now kept
        self.cal.save_todo(ical=vcalendar(vtodo("later@test", "Later")))
        subprocess.run(["sqlite3", self.store_a.path, "UPDATE sync_collections SET sync_token = 'http://127.0.0.1/never-issued/1', ctag = NULL"],
                       check=True)
        report = self.list_report(self.store_a.sync(), "Shared")
        self.assertIsNone(report["error"], report)
        self.assertEqual(report["downloaded"], 1)
        if self.server.supports_sync_collection:  # (without it, no token is ever asked for: ETags are compared)
            self.assertTrue(any("sync token" in n for n in report["notes"]), report["notes"])
        self.assertEqual(sorted(r["title"] for r in self.store_a.reminders(self.list_a)), ["After", "Before", "Later"])

    def test_the_phones_manual_order_and_location_alarm_both_ways(self):
        # A reminder as Reminders on an iPhone writes it into a CalDAV account.
        phone = ("X-APPLE-SORT-ORDER:738832532", "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Reminder",
                 "TRIGGER;VALUE=DATE-TIME:19760401T005545Z", "UID:ALARM-1", "X-APPLE-PROXIMITY:ARRIVE",
                 "X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-APPLE-RADIUS=2000;X-APPLE-REFERENCEFRAME=1;X-TITLE=Home:geo:38.9717,-95.2353",
                 "X-WR-ALARMUID:ALARM-1", "END:VALARM")
        self.cal.save_todo(ical=vcalendar(vtodo("phone@test", "Call my wife", *phone)))
        self.cal.save_todo(ical=vcalendar(vtodo("top@test", "Top of the list", "X-APPLE-SORT-ORDER:100")))
        self.store_a.sync()
        call = self.store_a.reminder_titled("Call my wife")
        self.assertEqual(call["sortOrder"], 738832532)
        if self.server.keeps_unescaped_commas:
            self.assertEqual(call["alarms"], [{"alarmIdentifier": "ALARM-1", "proximity": "enter",
                                               "structuredLocation": {"title": "Home", "geoLocation": {"latitude": 38.9717, "longitude": -95.2353},
                                                                      "radius": 2000}}])
        fetched = self.store_a.call("fetchReminders", {"predicate": {"calendarIdentifiers": [self.list_a]}, "order": "sortOrder"})
        self.assertEqual([r["title"] for r in fetched["reminders"]], ["Top of the list", "Call my wife"])

        # Moved to the top here, and seed 001's "when I arrive" reminder made here: the phone reads both.
        self.store_a.save({"calendarItemIdentifier": call["calendarItemIdentifier"], "sortOrder": 50})
        self.store_a.save({"title": "Listen to KJHK", "calendarIdentifier": self.list_a, "sortOrder": 200,
                           "alarms": [{"structuredLocation": {"title": "KJHK 90.7", "geoLocation": {"latitude": 38.9543, "longitude": -95.2558},
                                                              "radius": 3000}, "proximity": "enter"}]})
        self.assertEqual(self.list_report(self.store_a.sync(), "Shared")["uploaded"], 2)
        there = self.remote(self.cal, call["calendarItemExternalIdentifier"])
        self.assertEqual(int(there["X-APPLE-SORT-ORDER"]), 50)
        alarm = lines_of(self.cal.todo_by_uid("phone@test").data)
        self.assertIn("X-APPLE-PROXIMITY:ARRIVE", alarm, "the phone's alarm is still there")
        made = next(t for t in self.cal.todos() if str(t.icalendar_component["SUMMARY"]) == "Listen to KJHK")
        todo = made.icalendar_component
        self.assertEqual(int(todo["X-APPLE-SORT-ORDER"]), 200)
        valarm = todo.walk("VALARM")[0]
        self.assertEqual(str(valarm["X-APPLE-PROXIMITY"]), "ARRIVE")
        self.assertEqual(valarm["TRIGGER"].dt.isoformat(), "1976-04-01T00:55:45+00:00")
        location = "".join(lines_of(made.data)).split("X-APPLE-STRUCTURED-LOCATION")[1]
        self.assertIn("X-APPLE-RADIUS=3000", location)
        self.assertIn("geo:38.9543", location)

    def test_two_stores_syncing_one_collection_converge(self):
        store_b = self.store("second-laptop")
        store_b.sync()
        list_b = store_b.list_named("Shared")["calendarIdentifier"]
        a = self.store_a.save({"title": "From A", "calendarIdentifier": self.list_a})
        store_b.save({"title": "From B", "calendarIdentifier": list_b})
        for _ in range(2):
            self.store_a.sync()
            store_b.sync()
        b_copy = store_b.reminder_titled("From A")
        store_b.save({"calendarItemIdentifier": b_copy["calendarItemIdentifier"], "notes": "B was here"})
        self.store_a.call("removeReminder", {"identifier": self.store_a.reminder_titled("From B")["calendarItemIdentifier"]})
        for _ in range(2):
            store_b.sync()
            self.store_a.sync()

        def view(store: Store, lst: str):
            return sorted((r["calendarItemExternalIdentifier"], r["title"], r["notes"]) for r in store.reminders(lst))

        self.assertEqual(view(self.store_a, self.list_a), view(store_b, list_b))
        self.assertEqual(view(self.store_a, self.list_a), [(a["calendarItemExternalIdentifier"], "From A", "B was here")])


class RequestsAndProgress(SyncTestCase):
    def test_a_sync_with_nothing_changed_costs_at_most_two_requests_per_list(self):
        for name in ("One", "Two", "Three"):
            self.calendar(name).save_todo(ical=vcalendar(vtodo(f"{name}@test", name)))
        store = self.store()
        store.sync()
        store.sync()
        report = store.sync()
        self.assertLessEqual(report["accounts"][0]["requests"], 2 * 3)
        self.assertLessEqual(report["accounts"][0]["requests"], 1, "one PROPFIND of the home tells nothing changed")
        # One changed item here, and one there: at most four requests each.
        store.save({"calendarItemIdentifier": store.reminder_titled("One")["calendarItemIdentifier"], "notes": "n"})
        self.assertLessEqual(store.sync()["accounts"][0]["requests"], 4)
        todo = self.principal.calendar(cal_id="two").todo_by_uid("Two@test")
        todo.data = todo.data.replace("SUMMARY:Two", "SUMMARY:Two, edited")
        todo.save()
        before = self.server.requests_logged()
        report = store.sync()
        self.assertLessEqual(report["accounts"][0]["requests"], 4)
        if before is not None:
            self.assertEqual(self.server.requests_logged() - before, report["accounts"][0]["requests"], "the count is the server's")
        store.reminder_titled("Two, edited")

    def test_the_sync_method_reports_progress_and_other_clients_hear_of_it(self):
        self.calendar("Progress").save_todo(ical=vcalendar(vtodo("p@test", "Progress item")))
        store = self.store()
        # A client hears of commits to what it has access to (issue 49): the watcher is granted reminders.
        store.run("permissions", "set", "--any-program", "watcher", "fullAccess")
        watcher = Session(store, client="watcher")
        syncing = Session(store)
        try:
            reply = syncing.request("sync", {"workDoneToken": "tok-1"})
            self.assertNotIn("error", reply, reply)
            self.assertEqual(self.list_report(reply["result"], "Progress")["downloaded"], 1)
            kinds = [n["params"]["value"]["kind"] for n in syncing.notifications if n.get("method") == "$/progress"]
            self.assertEqual((kinds[0], kinds[-1]), ("begin", "end"))
            self.assertIn("report", kinds)
            self.assertTrue(all(n["params"]["token"] == "tok-1" for n in syncing.notifications if n.get("method") == "$/progress"))
            watcher.wait_for_notification("storeChanged", timeout=10)
            self.assertEqual(syncing.request("sync", {"account": "nobody"})["error"]["code"], -32011)
        finally:
            watcher.close()
            syncing.close()

    def test_a_dry_run_moves_nothing(self):
        self.calendar("Dry").save_todo(ical=vcalendar(vtodo("d@test", "Dry item")))
        store = self.store()
        report = store.sync("--dry-run")
        self.assertTrue(report["dryRun"])
        self.assertNotIn("Dry", [c["title"] for c in store.lists()])
        store.sync()
        made = store.save({"title": "Not yet", "calendarIdentifier": store.list_named("Dry")["calendarIdentifier"]})
        todo = self.principal.calendar(cal_id="dry").todo_by_uid("d@test")
        todo.data = todo.data.replace("SUMMARY:Dry item", "SUMMARY:Dry item, edited")
        todo.save()
        dry = self.list_report(store.sync("--dry-run"), "Dry")
        self.assertEqual((dry["uploaded"], dry["downloaded"]), (1, 1))
        collection = "/" + self.server.home.split("/", 3)[3] + "dry/"
        self.assertEqual(dry["plan"], [f"↓ {collection}d%40test.ics", f"↑ \"Not yet\" to {collection}{made['calendarItemExternalIdentifier']}.ics (new)"])
        text = store.run("sync", "--dry-run").stdout.splitlines()
        self.assertEqual(text[2:4], ["    " + line for line in dry["plan"]], "the text report prints the plan under its list")
        self.assertEqual(len(self.principal.calendar(cal_id="dry").todos()), 1)
        self.assertEqual(self.list_report(store.sync(), "Dry")["plan"], [], "a sync that is carried out has no plan in its report")

    def test_the_text_report(self):
        self.calendar("Groceries").save_todo(ical=vcalendar(vtodo("g@test", "Milk")))
        store = self.store()
        out = store.run("sync").stdout.splitlines()
        self.assertEqual(out[1], '  new reminders go to "Groceries", which syncs with this account')
        self.assertEqual(out[2], "  new Groceries: ↓1 ↑0 ✕0")
        self.assertTrue(out[0].startswith("home: 1 list, "))


class Faults(SyncTestCase):
    def test_the_server_stopping_mid_sync_leaves_a_consistent_store_and_the_next_sync_carries_on(self):
        cal = self.calendar("Big")
        for i in range(60):
            cal.save_todo(ical=vcalendar(vtodo(f"item-{i}@test", f"Item {i}")))
        store = self.store()
        store.sync()
        lst = store.list_named("Big")["calendarIdentifier"]
        for i in range(0, 60, 3):
            store.save({"calendarItemIdentifier": store.reminder_titled(f"Item {i}")["calendarItemIdentifier"], "notes": "changed"})
        self.server.stop()
        report = store.sync(check=False)
        self.assertIn("cannot be reached", report["accounts"][0]["error"])
        self.assertIn("home", report["accounts"][0]["error"])
        self.assertEqual(len(store.reminders(lst)), 60)
        self.server.start()
        report = store.sync()
        self.assertEqual(self.list_report(report, "Big")["uploaded"], 20)
        self.assertEqual(sum(1 for t in cal.todos() if "DESCRIPTION" in t.icalendar_component), 20)
        self.assertEqual(self.list_report(store.sync(), "Big")["uploaded"], 0)

    def test_a_forgotten_sync_token_falls_back_to_comparing_etags(self):
        cal = self.calendar("Tokens")
        cal.save_todo(ical=vcalendar(vtodo("t1@test", "First")))
        store = self.store()
        store.sync()  # the first sync takes every item in one query, and no token
        cal.save_todo(ical=vcalendar(vtodo("t2@test", "Second")))
        self.assertEqual(self.list_report(store.sync(), "Tokens")["downloaded"], 1)  # sync-collection from no token: one kept now
        cal.save_todo(ical=vcalendar(vtodo("t3@test", "Third")))
        self.server.forget_sync_tokens()
        report = store.sync()
        self.assertEqual(self.list_report(report, "Tokens")["downloaded"], 1)
        self.assertTrue(any("sync token" in n for n in self.list_report(report, "Tokens")["notes"]))
        self.assertEqual(sorted(r["title"] for r in store.reminders()), ["First", "Second", "Third"])

    def test_a_malformed_item_is_skipped_with_its_href_and_nothing_here_goes(self):
        cal = self.calendar("Broken")
        cal.save_todo(ical=vcalendar(vtodo("good@test", "Good")))
        store = self.store()
        store.sync()
        folder = self.server.collection_folder("alice", "broken")
        # Items the server serves but that are no reminder: no title; a title over the store's limit.
        with open(os.path.join(folder, "untitled.ics"), "w") as f:
            f.write(vcalendar("BEGIN:VTODO\r\nUID:untitled@test\r\nDTSTAMP:20261201T000000Z\r\nEND:VTODO\r\n"))
        with open(os.path.join(folder, "long.ics"), "w") as f:
            f.write(vcalendar(vtodo("long@test", "T" * 70000)))
        # One the server itself cannot read (Radicale skips it): nothing breaks.
        with open(os.path.join(folder, "broken.ics"), "w") as f:
            f.write("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:bad@test\r\nSUMMARY:bad\r\nDUE:not-a-date\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
        big = "X" * (1 << 20)
        with open(os.path.join(self.server.collection_folder("alice", "broken"), "big.ics"), "w") as f:
            f.write(vcalendar(vtodo("big@test", "Big", "DESCRIPTION:" + big)))
        self.server.stop()
        self.server.start()
        result = store.run("sync", "--json", check=False)
        report = json.loads(result.stdout)
        skipped = {s["href"].rsplit("/", 1)[-1]: s["message"] for s in self.list_report(report, "Broken")["skipped"]}
        self.assertEqual(result.returncode, 1)
        self.assertIn("no SUMMARY", skipped.get("untitled.ics", ""))
        self.assertIn("title", skipped.get("long.ics", ""))
        self.assertIn("1 MiB", skipped.get("big.ics", ""))
        self.assertEqual([r["title"] for r in store.reminders()], ["Good"])
        # Reported once; they are not fetched again until they change.
        self.assertEqual(self.list_report(store.sync(), "Broken")["skipped"], [])

    def test_a_wrong_password_names_the_account(self):
        store = Store(self.folder, "wrong")
        store.add_account("work", self.server.url, password="nope")
        report = store.sync(check=False)
        error = report["accounts"][0]["error"]
        self.assertIn("work", error)
        self.assertIn("401", error)
        self.assertIn("password", error)

    def test_a_server_that_never_answers_times_out(self):
        silent = SilentServer()
        try:
            store = Store(self.folder, "silent")
            store.add_account("slow", silent.url, "alice", "secret", "--timeout", "2")
            started = time.time()
            report = store.sync(check=False)
            self.assertLess(time.time() - started, 30)
            self.assertIn("did not answer within 2 s", report["accounts"][0]["error"])
        finally:
            silent.close()

    def test_https_with_a_certificate_the_system_trusts_syncs_and_any_other_is_refused(self):
        certificate, key = self_signed_certificate(self.folder)
        tls = Radicale(tls=(certificate, key)).start()
        try:
            dav = caldav.DAVClient(url=tls.url, username="alice", password="secret", ssl_verify_cert=certificate)
            dav.principal().make_calendar(name="Over TLS", cal_id="tls", supported_calendar_component_set=["VTODO"]) \
                .save_todo(ical=vcalendar(vtodo("tls@test", "Encrypted")))
            store = Store(self.folder, "tls")
            store.add_account("tls", tls.url)
            error = store.sync(check=False)["accounts"][0]["error"]
            self.assertIn("certificate", error, "not trusted by this system: refused, and said why")
            self.assertNotIn("secret", error)

            # Trusted: the system's CA bundle with the certificate added, for this one process (a
            # mount namespace of its own), as a server with a CA-issued certificate is trusted.
            bundle = os.path.join(self.folder, "bundle.pem")
            with open(bundle, "w") as f:
                f.write(open("/etc/ssl/certs/ca-certificates.crt").read() + open(certificate).read())
            script = 'mount --bind "$1" /etc/ssl/certs/ca-certificates.crt || exit 99; exec "$2" sync --json --store "$3"'
            result = subprocess.run(["unshare", "-m", "sh", "-c", script, "sh", bundle, BIN, store.path],
                                    capture_output=True, text=True, timeout=120)
            if result.returncode == 99 or "unshare" in result.stderr:
                self.skipTest("no private mount namespace here (needs root): " + result.stderr.strip()[:200])
            report = json.loads(result.stdout)
            self.assertIsNone(report["accounts"][0]["error"], result.stdout)
            self.assertEqual(self.list_report(report, "Over TLS")["downloaded"], 1)
            self.assertEqual(store.reminder_titled("Encrypted")["title"], "Encrypted")
        finally:
            tls.close()

    def test_a_server_error_is_reported_and_retried_next_time(self):
        failing = RecordingServer(status=503)
        try:
            store = Store(self.folder, "busy")
            store.add_account("busy", failing.url)
            report = store.sync(check=False)
            self.assertIn("503", report["accounts"][0]["error"])
            self.assertIn("retried at the next sync", report["accounts"][0]["error"])
            self.assertEqual(store.run("sync", check=False).returncode, 1)
            self.assertEqual(len(failing.requests), 2, "each sync asks again")
        finally:
            failing.close()

    def test_a_calendar_the_account_may_not_read_is_forbidden_and_says_what_to_check(self):
        store = Store(self.folder, "nosy")
        store.add_account("nosy", self.server.url + "bob/")
        error = store.sync(check=False)["accounts"][0]["error"]
        self.assertTrue(error.startswith("account nosy:"), error)
        self.assertIn("403", error)
        self.assertIn("check that the account may use this calendar", error)

    def test_a_redirect_to_another_host_is_not_followed_with_the_password(self):
        elsewhere = RecordingServer(status=207)
        redirecting = RecordingServer(status=301, location=f"http://localhost:{elsewhere.port}/dav/")
        try:
            store = Store(self.folder, "redirect")
            store.add_account("moved", redirecting.url)
            report = store.sync(check=False)
            self.assertIn("redirects to http://localhost:", report["accounts"][0]["error"])
            self.assertEqual(elsewhere.requests, [], "nothing, and no password, went to the other host")
            self.assertTrue(all(headers.get("Authorization", "").startswith("Basic ") for _, _, headers in redirecting.requests))
        finally:
            elsewhere.close()
            redirecting.close()

        # Within the same server a redirect is followed: Radicale answers /.well-known/caldav with a 301.
        self.calendar("Behind a redirect")
        store = Store(self.folder, "same-host")
        store.add_account("home", self.server.url + ".well-known/caldav")
        self.assertEqual(self.list_report(store.sync(), "Behind a redirect")["created"], True)

    def test_passwords_come_from_a_command_and_never_reach_the_store_or_the_output(self):
        store = Store(self.folder, "command")
        script = os.path.join(self.folder, "print-password")
        with open(script, "w") as f:
            f.write("#!/bin/sh\necho secret\n")
        os.chmod(script, 0o700)
        store.run("accounts", "add", "cmd", "--url", self.server.url, "--username", "alice", "--password-command", script + " --ignored 'two words'")
        self.calendar("Private").save_todo(ical=vcalendar(vtodo("s@test", "Item")))
        result = store.run("sync")
        self.assertIn("Private", result.stdout)
        listed = store.run("accounts", "list").stdout
        self.assertNotIn("secret\n", listed)
        with open(store.path, "rb") as f:
            self.assertFalse(b"secret" in f.read(), "the password is in the store file")
        loose = os.path.join(self.folder, "loose")
        with open(loose, "w") as f:
            f.write("secret\n")
        os.chmod(loose, 0o644)
        refused = store.run("accounts", "add", "loose", "--url", self.server.url, "--password-file", loose, check=False)
        self.assertEqual(refused.returncode, 1)
        self.assertIn("chmod 600", refused.stderr)
        self.assertEqual(store.run("accounts", "add", "bad", "--url", "http://u:p@127.0.0.1/", check=False).returncode, 2)

    def test_removing_an_account_takes_its_lists_or_keeps_them_local(self):
        self.calendar("Keep").save_todo(ical=vcalendar(vtodo("k@test", "Kept item")))
        store = self.store()
        store.sync()
        store.run("accounts", "remove", "home", "--keep-lists")
        kept = store.list_named("Keep")
        self.assertEqual((kept["type"], kept["source"]), ("local", None))
        self.assertEqual([r["title"] for r in store.reminders(kept["calendarIdentifier"])], ["Kept item"])
        store.add_account("again", self.server.url)
        store.sync()
        store.run("accounts", "remove", "again")
        self.assertEqual([c["title"] for c in store.lists()].count("Keep"), 1)


    def test_a_list_gone_from_the_server_stays_here_only_while_it_holds_changes_not_synced(self):
        self.calendar("Gone").save_todo(ical=vcalendar(vtodo("g@test", "Synced")))
        self.calendar("Vanished").save_todo(ical=vcalendar(vtodo("t@test", "Synced too")))
        store = self.store()
        store.sync()
        gone = store.list_named("Gone")["calendarIdentifier"]
        store.call("saveReminder", {"reminder": {"calendarIdentifier": gone, "title": "Made later"}})
        for name in ("Gone", "Vanished"):
            [c for c in self.principal.calendars() if c.get_display_name() == name][0].delete()
        report = store.sync()
        self.assertIn("the collection went from the server; the calendar holds changes not synced, so it stays, as a local one",
                      self.list_report(report, "Gone")["notes"])
        self.assertIn("the collection went from the server; the calendar went too", self.list_report(report, "Vanished")["notes"])
        kept = store.list_named("Gone")
        self.assertEqual((kept["type"], kept["source"]), ("local", None))
        self.assertEqual(sorted(r["title"] for r in store.reminders(kept["calendarIdentifier"])), ["Made later", "Synced"])
        self.assertNotIn("Vanished", [c["title"] for c in store.lists()])

class ExportsParse(SyncTestCase):
    def test_icalendar_parses_every_export(self):
        store = Store(self.folder, "export")
        store.save({"title": "Zoned", "dueDateComponents": {"year": 2026, "month": 3, "day": 29, "hour": 2, "minute": 30,
                                                            "timeZone": "America/New_York"},
                    "alarms": [{"relativeOffset": -600}]})
        store.save({"title": "All day, with a comma", "dueDateComponents": {"year": 2026, "month": 12, "day": 24}, "tags": ["x"]})
        store.save({"title": "Ünïcödé " + "long " * 40, "notes": "n" * 500})
        text = store.run("export").stdout
        calendar = icalendar.Calendar.from_ical(text)
        todos = list(calendar.walk("VTODO"))
        self.assertEqual(len(todos), 3)
        zoned = next(t for t in todos if str(t["SUMMARY"]) == "Zoned")
        self.assertEqual(zoned["DUE"].dt.utcoffset().total_seconds(), -4 * 3600)
        self.assertEqual([str(z["TZID"]) for z in calendar.walk("VTIMEZONE")], ["America/New_York"])
        for line in text.split("\n"):  # (text mode: CRLF read as LF)
            self.assertLessEqual(len(line.encode()), 75)
        report = store.run("import", "-", stdin=text).stdout
        self.assertEqual(report.strip(), "imported 0, updated 0, unchanged 3, skipped 0")


if __name__ == "__main__":
    unittest.main()


def on_every_engine(namespace: dict, *scenarios: type) -> None:
    """The scenarios that ask nothing of a server beyond CalDAV, run again on each other engine
    (as ChangesBothWaysOnXandikos, …); those that reach into Radicale's folder stay on Radicale."""
    for engine in ENGINES.values():
        if engine is SyncTestCase.engine:
            continue
        for scenario in scenarios:
            name = f"{scenario.__name__}On{engine.name}"
            case = type(name, (scenario,), {"engine": engine, "__qualname__": name, "__module__": namespace["__name__"]})
            reason = engine.unavailable()
            namespace[name] = unittest.skip(reason)(case) if reason else case


on_every_engine(globals(), FirstSyncAndFields, ChangesBothWays, RequestsAndProgress)
