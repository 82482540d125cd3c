"""Event calendars synced against a real Radicale, with python-caldav as the second client: VEVENT
collections become event calendars, with RRULE, EXDATE, RECURRENCE-ID overrides, VALARM and
VTIMEZONE both ways; a collection of both kinds is a list and a calendar."""

from __future__ import annotations

import json
import os
from datetime import datetime

import caldav

from remindersd import Store
from test_sync import SyncTestCase, lines_of, on_every_engine, vcalendar, vtodo

BERLIN = (
    "BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\n"
    "BEGIN:STANDARD\r\nDTSTART:19701025T030000\r\nRRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU\r\n"
    "TZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100\r\nEND:STANDARD\r\n"
    "BEGIN:DAYLIGHT\r\nDTSTART:19700329T020000\r\nRRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU\r\n"
    "TZOFFSETFROM:+0100\r\nTZOFFSETTO:+0200\r\nEND:DAYLIGHT\r\nEND:VTIMEZONE\r\n"
)


def vevent(uid: str, summary: str, start: str, end: str, *lines: str, stamp: str = "20261201T080000Z") -> str:
    body = "".join(line + "\r\n" for line in lines)
    return (f"BEGIN:VEVENT\r\nUID:{uid}\r\nDTSTAMP:{stamp}\r\nLAST-MODIFIED:{stamp}\r\nSUMMARY:{summary}\r\n"
            f"DTSTART;TZID=Europe/Berlin:{start}\r\nDTEND;TZID=Europe/Berlin:{end}\r\n{body}END:VEVENT\r\n")


def with_zone(*components: str) -> str:
    return vcalendar(BERLIN, *components)


class EventSyncTestCase(SyncTestCase):
    def store(self, name: str = "laptop") -> Store:
        store = super().store(name)
        store.run("permissions", "set", "--any-program", "interop", "fullAccess", "--entity", "event")
        return store

    def event_calendar(self, name: str) -> caldav.Calendar:
        return self.principal.make_calendar(name=name, cal_id=name.lower().replace(" ", "-"), supported_calendar_component_set=["VEVENT"])

    @staticmethod
    def calendars(store: Store) -> list[dict]:
        return store.call("calendars", {"entityType": "event"})["calendars"]

    def calendar_named(self, store: Store, title: str) -> dict:
        found = [c for c in self.calendars(store) if c["title"] == title]
        self.assertEqual(len(found), 1, f"{title!r} in {[c['title'] for c in self.calendars(store)]}")
        return found[0]

    @staticmethod
    def fetch(store: Store, calendar: str, start: str = "2026-12-01T00:00:00.000Z", end: str = "2027-01-01T00:00:00.000Z") -> list[dict]:
        return store.call("fetchEvents", {"start": start, "end": end, "calendarIdentifiers": [calendar]})["events"]

    def remote_text(self, cal: caldav.Calendar, uid: str) -> list[str]:
        return lines_of(cal.event_by_uid(uid).data)

    @staticmethod
    def triggers(lines: list[str]) -> list[tuple[str, str]]:
        """(what it counts from, its duration) of each TRIGGER, however the server orders parameters."""
        found = []
        for line in lines:
            if line.startswith("TRIGGER"):
                head, value = line.split(":", 1)
                related = next((p.split("=")[1] for p in head.split(";")[1:] if p.startswith("RELATED=")), "START")
                found.append((related, value))
        return found


class EventCollections(EventSyncTestCase):
    def test_a_vevent_collection_becomes_an_event_calendar_with_its_series_exceptions_and_overrides(self):
        cal = self.event_calendar("Work")
        cal.save_event(ical=with_zone(vevent("single@test", "Design review", "20261203T100000", "20261203T113000",
                                             "LOCATION:Apple Park", "GEO:37.3349;-122.009",
                                             "BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:x\r\nTRIGGER:-PT15M\r\nEND:VALARM")))
        cal.save_event(ical=with_zone(
            vevent("weekly@test", "Standup", "20261207T090000", "20261207T091500", "RRULE:FREQ=WEEKLY;COUNT=5",
                   "EXDATE;TZID=Europe/Berlin:20261214T090000"),
            vevent("weekly@test", "Standup (moved)", "20261221T100000", "20261221T101500",
                   "RECURRENCE-ID;TZID=Europe/Berlin:20261221T090000")))
        store = self.store()
        report = store.sync()
        self.assertTrue(self.list_report(report, "Work")["created"])
        self.assertEqual(self.list_report(report, "Work")["downloaded"], 2)
        work = self.calendar_named(store, "Work")
        self.assertEqual((work["type"], work["allowedEntityTypes"]), ("caldav", ["event"]))
        self.assertNotIn("Work", [c["title"] for c in store.lists()], "an event collection is not a reminder list")
        events = self.fetch(store, work["calendarIdentifier"])
        self.assertEqual([(e["title"], e["startDate"]) for e in events], [
            ("Design review", "2026-12-03T09:00:00.000Z"),
            ("Standup", "2026-12-07T08:00:00.000Z"),
            ("Standup (moved)", "2026-12-21T09:00:00.000Z"),
            ("Standup", "2026-12-28T08:00:00.000Z"),
        ])
        review = events[0]
        self.assertEqual(review["structuredLocation"]["geoLocation"], {"latitude": 37.3349, "longitude": -122.009})
        self.assertEqual(review["timeZone"], "Europe/Berlin")
        self.assertEqual([a["relativeOffset"] for a in review["alarms"]], [-900])
        moved = events[2]
        self.assertTrue(moved["isDetached"])
        self.assertEqual(moved["occurrenceDate"], "2026-12-21T08:00:00.000Z")
        self.assertEqual(store.sync()["accounts"][0]["lists"][0]["downloaded"], 0, "nothing new the second time")

    def test_events_made_and_changed_here_reach_the_other_client(self):
        cal = self.event_calendar("Team")
        store = self.store()
        store.sync()
        team = self.calendar_named(store, "Team")["calendarIdentifier"]
        weekly = store.call("saveEvent", {"event": {
            "calendarIdentifier": team, "title": "Planning", "startDate": "2026-12-02T14:00:00.000Z", "endDate": "2026-12-02T15:00:00.000Z",
            "timeZone": "Europe/Berlin", "recurrenceRules": [{"rrule": "FREQ=WEEKLY;COUNT=4"}],
            "alarms": [{"relativeOffset": -600}, {"absoluteDate": "2026-12-02T12:00:00.000Z"}]}})["event"]
        self.assertEqual(self.list_report(store.sync(), "Team")["uploaded"], 1)
        uid = weekly["calendarItemExternalIdentifier"]
        data = self.remote_text(cal, uid)
        self.assertIn("SUMMARY:Planning", data)
        self.assertIn("RRULE:FREQ=WEEKLY;COUNT=4", data)
        self.assertIn("DTSTART;TZID=Europe/Berlin:20261202T150000", data)
        self.assertIn("BEGIN:VTIMEZONE", data)
        self.assertEqual(sum(1 for line in data if line == "BEGIN:VALARM"), 2)

        # One occurrence moved, another removed, here: an override and an EXDATE there.
        store.call("saveEvent", {"event": {"eventIdentifier": weekly["eventIdentifier"], "occurrenceDate": "2026-12-09T14:00:00.000Z",
                                           "title": "Planning (long)", "endDate": "2026-12-09T16:00:00.000Z"}, "span": "thisEvent"})
        store.call("removeEvent", {"identifier": weekly["eventIdentifier"], "occurrenceDate": "2026-12-16T14:00:00.000Z", "span": "thisEvent"})
        self.assertEqual(self.list_report(store.sync(), "Team")["uploaded"], 1)
        data = self.remote_text(cal, uid)
        self.assertIn("RECURRENCE-ID;TZID=Europe/Berlin:20261209T150000", data)
        self.assertIn("SUMMARY:Planning (long)", data)
        self.assertIn("EXDATE;TZID=Europe/Berlin:20261216T150000", data)
        expanded = cal.search(start=datetime(2026, 12, 1), end=datetime(2027, 1, 1), event=True, expand=True)
        self.assertEqual(sorted(str(e.icalendar_component["SUMMARY"]) for e in expanded), ["Planning", "Planning", "Planning (long)"])

        # Another event stays, so the removal does not empty the calendar (that is withheld: test_sync_safety).
        store.call("saveEvent", {"event": {"calendarIdentifier": team, "title": "Stays", "startDate": "2026-12-03T14:00:00.000Z",
                                           "endDate": "2026-12-03T15:00:00.000Z"}})
        store.call("removeEvent", {"identifier": weekly["eventIdentifier"]})
        self.assertEqual(self.list_report(store.sync(), "Team")["deleted"], 1)
        self.assertEqual([str(e.icalendar_component["SUMMARY"]) for e in cal.events()], ["Stays"])

    def test_changes_and_removals_there_come_here(self):
        cal = self.event_calendar("Shared")
        cal.save_event(ical=with_zone(vevent("a@test", "Lunch", "20261204T120000", "20261204T130000")))
        cal.save_event(ical=with_zone(vevent("b@test", "Gym", "20261205T180000", "20261205T190000")))
        store = self.store()
        store.sync()
        shared = self.calendar_named(store, "Shared")["calendarIdentifier"]
        lunch_id = [e for e in self.fetch(store, shared) if e["title"] == "Lunch"][0]["eventIdentifier"]
        lunch = cal.event_by_uid("a@test")
        lunch.icalendar_component["SUMMARY"] = "Long lunch"
        lunch.save()
        cal.event_by_uid("b@test").delete()
        report = self.list_report(store.sync(), "Shared")
        self.assertEqual((report["downloaded"], report["deleted"]), (1, 1))
        events = self.fetch(store, shared)
        self.assertEqual([(e["title"], e["eventIdentifier"]) for e in events], [("Long lunch", lunch_id)], "the same event, changed")

    def test_what_another_client_added_survives_an_edit_here(self):
        cal = self.event_calendar("Kept")
        cal.save_event(ical=with_zone(vevent("kept@test", "Offsite", "20261210T090000", "20261210T170000",
                                             "ATTENDEE;CN=Sam:mailto:sam@example.com", "X-OTHER-CLIENT:keep me", "CATEGORIES:team",
                                             "BEGIN:VALARM\r\nACTION:EMAIL\r\nSUMMARY:s\r\nDESCRIPTION:d\r\nTRIGGER:-P1D\r\n"
                                             "ATTENDEE:mailto:me@example.com\r\nEND:VALARM")))
        store = self.store()
        store.sync()
        event = self.fetch(store, self.calendar_named(store, "Kept")["calendarIdentifier"])[0]
        store.call("saveEvent", {"event": {"eventIdentifier": event["eventIdentifier"], "title": "Offsite (Berlin)"}})
        store.sync()
        data = self.remote_text(cal, "kept@test")
        self.assertIn("SUMMARY:Offsite (Berlin)", data)
        for line in ("ATTENDEE;CN=Sam:mailto:sam@example.com", "X-OTHER-CLIENT:keep me", "CATEGORIES:team", "ACTION:EMAIL"):
            self.assertIn(line, data)

    def test_a_series_moved_here_takes_its_exceptions_along_on_the_server(self):
        cal = self.event_calendar("Standups")
        cal.save_event(ical=with_zone(
            vevent("standup@test", "Standup", "20261207T090000", "20261207T093000", "RRULE:FREQ=WEEKLY;COUNT=4",
                   "EXDATE;TZID=Europe/Berlin:20261214T090000"),
            vevent("standup@test", "Standup (demo)", "20261221T090000", "20261221T093000",
                   "RECURRENCE-ID;TZID=Europe/Berlin:20261221T090000", "X-OVERRIDE:mine")))
        store = self.store()
        store.sync()
        calendar = self.calendar_named(store, "Standups")["calendarIdentifier"]
        first = self.fetch(store, calendar)[0]
        store.call("saveEvent", {"event": {"eventIdentifier": first["eventIdentifier"], "occurrenceDate": first["occurrenceDate"],
                                           "startDate": "2026-12-07T09:00:00Z", "endDate": "2026-12-07T09:30:00Z"},
                                 "span": "futureEvents"})
        titles = [(e["title"], e["startDate"]) for e in self.fetch(store, calendar)]
        self.assertEqual(titles, [("Standup", "2026-12-07T09:00:00.000Z"), ("Standup (demo)", "2026-12-21T08:00:00.000Z"),
                                  ("Standup", "2026-12-28T09:00:00.000Z")], "here: the removed one stays removed, the changed one once")
        store.sync()
        text = "\n".join(self.remote_text(cal, "standup@test"))
        self.assertIn("EXDATE;TZID=Europe/Berlin:20261214T100000", text)
        self.assertIn("RECURRENCE-ID;TZID=Europe/Berlin:20261221T100000", text)
        self.assertIn("X-OVERRIDE:mine", text)

    def test_an_invitation_names_its_people_read_only_and_the_accounts_address_is_the_current_user(self):
        cal = self.event_calendar("Invites")
        people = ("ORGANIZER;CN=Bob:mailto:bob@example.com",
                  "ATTENDEE;CN=Alice;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:alice@example.com",
                  "ATTENDEE;CN=Carol;ROLE=OPT-PARTICIPANT;PARTSTAT=ACCEPTED:mailto:carol@example.com",
                  "ATTENDEE;CUTYPE=ROOM;CN=Room 2:mailto:room2@example.com")
        cal.save_event(ical=with_zone(vevent("invite@test", "Kickoff", "20261210T090000", "20261210T100000", *people)))
        as_written = [line for line in self.remote_text(cal, "invite@test") if line.startswith(("ATTENDEE", "ORGANIZER"))]
        self.assertEqual(len(as_written), 4)
        store = Store(self.folder, "laptop")
        store.add_account("home", self.server.url, self.server.user, self.server.password, "--address", "Alice@Example.com")
        store.run("permissions", "set", "--any-program", "interop", "fullAccess", "--entity", "event")
        store.sync()
        event = self.fetch(store, self.calendar_named(store, "Invites")["calendarIdentifier"])[0]
        self.assertEqual(event["organizer"], {"name": "Bob", "url": "mailto:bob@example.com", "role": "chair", "status": "unknown",
                                              "type": "person", "isCurrentUser": False})
        self.assertEqual([(a["name"], a["role"], a["status"], a["type"], a["isCurrentUser"]) for a in event["attendees"]], [
            ("Alice", "required", "pending", "person", True),
            ("Carol", "optional", "accepted", "person", False),
            ("Room 2", "required", "pending", "room", False),
        ])
        # Edited here: the people go back to the server as they came, whatever the save sent.
        store.call("saveEvent", {"event": {"eventIdentifier": event["eventIdentifier"], "title": "Kickoff (room 3)",
                                           "attendees": [], "organizer": None}})
        store.sync()
        data = self.remote_text(cal, "invite@test")
        self.assertIn("SUMMARY:Kickoff (room 3)", data)
        self.assertEqual([line for line in data if line.startswith(("ATTENDEE", "ORGANIZER"))], as_written)
        # Carol declines on her phone: the answer comes here.
        remote = cal.event_by_uid("invite@test")
        remote.data = remote.data.replace("PARTSTAT=ACCEPTED", "PARTSTAT=DECLINED")
        remote.save()
        store.sync()
        event = self.fetch(store, self.calendar_named(store, "Invites")["calendarIdentifier"])[0]
        self.assertEqual([a["status"] for a in event["attendees"]], ["pending", "declined", "pending"])

    def test_changed_on_both_sides_the_server_wins_and_the_report_says_what_was_lost(self):
        cal = self.event_calendar("Both")
        cal.save_event(ical=with_zone(vevent("both@test", "Dinner", "20261211T190000", "20261211T210000")))
        store = self.store()
        store.sync()
        event = self.fetch(store, self.calendar_named(store, "Both")["calendarIdentifier"])[0]
        store.call("saveEvent", {"event": {"eventIdentifier": event["eventIdentifier"], "title": "Dinner here"}})
        there = cal.event_by_uid("both@test")
        there.icalendar_component["SUMMARY"] = "Dinner there"
        there.save()
        report = self.list_report(store.sync(), "Both")
        self.assertEqual([(c["uid"], c["property"], c["kept"]) for c in report["conflicts"]], [("both@test", "event", "server")])
        self.assertEqual(self.fetch(store, event["calendarIdentifier"])[0]["title"], "Dinner there")
        self.assertIn("SUMMARY:Dinner there", self.remote_text(cal, "both@test"))
        self.assertEqual(self.list_report(store.sync(), "Both")["uploaded"], 0, "settled")

    def test_removed_there_but_changed_here_is_uploaded_again(self):
        cal = self.event_calendar("Keep")
        cal.save_event(ical=with_zone(vevent("keep@test", "Call", "20261212T100000", "20261212T103000")))
        store = self.store()
        store.sync()
        event = self.fetch(store, self.calendar_named(store, "Keep")["calendarIdentifier"])[0]
        store.call("saveEvent", {"event": {"eventIdentifier": event["eventIdentifier"], "notes": "agenda: budget"}})
        cal.event_by_uid("keep@test").delete()
        report = self.list_report(store.sync(), "Keep")
        self.assertIn('"Call" was removed on the server but changed here: uploaded again', report["notes"])
        self.assertIn("DESCRIPTION:agenda: budget", self.remote_text(cal, "keep@test"))

    def test_an_event_calendar_made_here_is_made_on_the_server_for_vevents(self):
        store = self.store()
        store.sync()
        made = store.call("saveCalendar", {"calendar": {"title": "Trips", "allowedEntityTypes": ["event"],
                                                        "source": {"account": "home"}}})["calendar"]
        self.assertEqual((made["type"], made["allowedEntityTypes"]), ("caldav", ["event"]))
        store.call("saveEvent", {"event": {"calendarIdentifier": made["calendarIdentifier"], "title": "Lisbon", "isAllDay": True,
                                           "startDate": "2026-12-18T00:00:00.000Z", "endDate": "2026-12-20T00:00:00.000Z"}})
        self.assertTrue(self.list_report(store.sync(), "Trips")["created"])
        trips = {c.get_display_name(): c for c in self.principal.calendars()}["Trips"]
        self.assertEqual(trips.get_supported_components(), ["VEVENT"])
        data = lines_of(trips.events()[0].data)
        self.assertIn("SUMMARY:Lisbon", data)
        self.assertTrue(any(line.startswith("DTSTART;VALUE=DATE:") for line in data), data)
        other = self.store("desktop")
        other.sync()
        self.assertEqual([e["title"] for e in self.fetch(other, self.calendar_named(other, "Trips")["calendarIdentifier"])], ["Lisbon"])

    def test_a_collection_of_both_kinds_is_a_list_and_a_calendar(self):
        mixed = self.principal.make_calendar(name="Family", cal_id="family", supported_calendar_component_set=["VTODO", "VEVENT"])
        mixed.save_todo(ical=vcalendar(vtodo("milk@test", "Buy milk")))
        mixed.save_event(ical=with_zone(vevent("party@test", "Party", "20261219T180000", "20261219T230000")))
        store = self.store()
        store.sync()
        family_list = store.list_named("Family")
        family_calendar = self.calendar_named(store, "Family")
        account = json.loads(store.run("accounts", "list").stdout)
        self.assertEqual((account["lists"], account["eventCalendars"]), (1, 1))
        self.assertEqual([r["title"] for r in store.reminders(family_list["calendarIdentifier"])], ["Buy milk"])
        self.assertEqual([e["title"] for e in self.fetch(store, family_calendar["calendarIdentifier"])], ["Party"])
        store.save({"title": "Buy cake", "calendarIdentifier": family_list["calendarIdentifier"]})
        store.call("saveEvent", {"event": {"calendarIdentifier": family_calendar["calendarIdentifier"], "title": "Cleanup",
                                           "startDate": "2026-12-20T10:00:00.000Z", "endDate": "2026-12-20T12:00:00.000Z"}})
        store.sync()
        self.assertEqual(sorted(str(t.icalendar_component["SUMMARY"]) for t in mixed.todos()), ["Buy cake", "Buy milk"])
        self.assertEqual(sorted(str(e.icalendar_component["SUMMARY"]) for e in mixed.events()), ["Cleanup", "Party"])

        store.call("removeCalendar", {"calendarIdentifier": family_list["calendarIdentifier"]})
        report = store.sync()
        self.assertIn("Family was removed here, but its events are still synced here, so it stays on the server and comes back; "
                      "remove both to remove it there", report["accounts"][0]["notes"])
        self.assertIn("Family", [c.get_display_name() for c in self.principal.calendars()])
        self.assertEqual(len(mixed.events()), 2, "the events are not touched")
        self.assertEqual(sorted(r["title"] for r in store.reminders(store.list_named("Family")["calendarIdentifier"])),
                         ["Buy cake", "Buy milk"], "the list came back, with its to-dos from the server")

    def test_an_event_calendar_removed_here_goes_there_and_one_gone_there_stays_here_while_it_holds_changes(self):
        self.event_calendar("Old").save_event(ical=with_zone(vevent("old@test", "Old meeting", "20261216T100000", "20261216T110000")))
        self.event_calendar("Gone")
        self.event_calendar("Gone too")
        store = self.store()
        store.sync()
        store.call("removeCalendar", {"calendarIdentifier": self.calendar_named(store, "Old")["calendarIdentifier"]})
        gone = self.calendar_named(store, "Gone")["calendarIdentifier"]
        store.call("saveEvent", {"event": {"calendarIdentifier": gone, "title": "Made here", "startDate": "2026-12-17T10:00:00Z",
                                           "endDate": "2026-12-17T11:00:00Z"}})
        dry = store.sync("--dry-run")
        self.assertIn("Old was removed here: removed on the server too", dry["accounts"][0]["notes"])
        self.assertEqual(self.list_report(dry, "Gone")["uploaded"], 1, "a dry run counts the upload")
        self.assertIn("Old", [c.get_display_name() for c in self.principal.calendars()], "and moves nothing")
        store.sync()
        names = {c.get_display_name(): c for c in self.principal.calendars()}
        self.assertNotIn("Old", names)
        self.assertEqual([str(e.icalendar_component["SUMMARY"]) for e in names["Gone"].events()], ["Made here"])
        # Both collections go from the server; the calendar with a change not yet synced stays, as a local one.
        store.call("saveEvent", {"event": {"calendarIdentifier": gone, "title": "Made later", "startDate": "2026-12-18T10:00:00Z",
                                           "endDate": "2026-12-18T11:00:00Z"}})
        names["Gone"].delete()
        names["Gone too"].delete()
        report = store.sync()
        self.assertIn("the collection went from the server; the calendar holds changes not synced, so it stays, as a local one",
                      self.list_report(report, "Gone")["notes"])
        self.assertIn("the collection went from the server; the calendar went too", self.list_report(report, "Gone too")["notes"])
        kept = self.calendar_named(store, "Gone")
        self.assertEqual(kept["type"], "local")
        self.assertEqual(sorted(e["title"] for e in self.fetch(store, kept["calendarIdentifier"])), ["Made here", "Made later"])
        self.assertNotIn("Gone too", [c["title"] for c in self.calendars(store)])


class EventFaults(EventSyncTestCase):
    """What needs Radicale's own folder (an item no client could have written through CalDAV)."""

    def test_a_malformed_vevent_is_skipped_with_its_href_and_the_rest_sync(self):
        cal = self.event_calendar("Mixed bag")
        cal.save_event(ical=with_zone(vevent("good@test", "Good", "20261214T100000", "20261214T110000")))
        store = self.store()
        store.sync()
        # An item the server serves but that is no event remindersd can read (another program wrote it there).
        with open(os.path.join(self.server.collection_folder("alice", "mixed-bag"), "bad.ics"), "w") as f:
            f.write(with_zone(vevent("bad@test", "Ends before it starts", "20261214T100000", "20261214T090000")))
        self.server.stop()
        self.server.start()
        cal.save_event(ical=with_zone(vevent("later@test", "Later", "20261215T100000", "20261215T110000")))
        result = store.run("sync", "--json", check=False)
        self.assertEqual(result.returncode, 1, result.stdout)
        report = self.list_report(json.loads(result.stdout), "Mixed bag")
        self.assertEqual([s["href"].rsplit("/", 1)[-1] for s in report["skipped"]], ["bad.ics"])
        self.assertIn("DTEND", report["skipped"][0]["message"])
        self.assertEqual(sorted(e["title"] for e in self.fetch(store, self.calendar_named(store, "Mixed bag")["calendarIdentifier"])),
                         ["Good", "Later"])


on_every_engine(globals(), EventCollections)
