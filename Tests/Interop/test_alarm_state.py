"""Alarm state between devices, python-caldav playing the phone: a dismissal or snooze made here
reaches the item on the server (RFC 9074 ACKNOWLEDGED and a snooze alarm, Thunderbird's
X-MOZ-LASTACK and X-MOZ-SNOOZE-TIME); one made there keeps the agent here from ringing, or makes
it ring at the snooze's time."""

from __future__ import annotations

import json
import os
import subprocess
import time
from datetime import datetime, timedelta, timezone

from remindersd import BIN
from test_event_sync import EventSyncTestCase
from test_sync import SyncTestCase, lines_of, on_every_engine, vcalendar, vtodo


def stamp(when: datetime) -> str:
    return when.astimezone(timezone.utc).strftime("%Y%m%dT%H%M%SZ")


def iso(when: datetime) -> str:
    return when.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


class AlarmStateBetweenDevices(SyncTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.cal = self.calendar("Shared")
        self.laptop = self.store()
        self.laptop.sync()
        self.list = self.laptop.list_named("Shared")["calendarIdentifier"]

    def phone_item(self, uid: str, title: str, fires: datetime, *alarm_lines: str, item_lines: tuple = ()) -> None:
        """An item as the phone writes it: one absolute alarm, with whatever the phone said of it."""
        self.cal.save_todo(ical=vcalendar(vtodo(uid, title, *item_lines, "BEGIN:VALARM", f"UID:{uid}-alarm", "ACTION:DISPLAY",
                                                "DESCRIPTION:Reminder", f"TRIGGER;VALUE=DATE-TIME:{stamp(fires)}", *alarm_lines,
                                                "END:VALARM")))

    def run_agent(self, seconds: float, until_fired: int = 0) -> list[dict]:
        """The agent with a program that records what it fires, for `seconds` (or until that many fired)."""
        record = os.path.join(self.folder, "fired.jsonl")
        script = os.path.join(self.folder, "record.sh")
        with open(script, "w") as f:
            f.write(f"#!/bin/sh\npayload=$(cat)\nprintf '%s\\n' \"$payload\" >> '{record}'\n")
        os.chmod(script, 0o755)
        agent = subprocess.Popen([BIN, "agent", "--store", self.laptop.path, "--notify", "none", "--on-alarm", script],
                                 stderr=subprocess.PIPE, text=True)

        def fired() -> list[dict]:
            if not os.path.exists(record):
                return []
            with open(record) as f:
                return [json.loads(line) for line in f if line.strip()]

        deadline = time.time() + seconds
        while time.time() < deadline and (until_fired == 0 or len(fired()) < until_fired):
            time.sleep(0.1)
        agent.terminate()
        agent.communicate(timeout=10)
        return fired()

    def test_dismissed_here_is_acknowledged_on_the_server(self):
        due = datetime.now(timezone.utc) + timedelta(hours=2)
        call = self.laptop.save({"title": "Call the bank", "calendarIdentifier": self.list, "dueDateComponents": {
            "year": due.year, "month": due.month, "day": due.day, "hour": due.hour, "minute": due.minute, "timeZone": "UTC"},
            "alarms": [{"relativeOffset": -900, "alarmIdentifier": "bank"}, {"relativeOffset": -60, "alarmIdentifier": "again"}]})
        self.laptop.sync()
        before = lines_of(self.cal.todo_by_uid(call["calendarItemExternalIdentifier"]).data)
        self.laptop.call("dismissAlarm", {"identifier": call["calendarItemIdentifier"], "alarmIdentifier": "bank"})
        report = self.list_report(self.laptop.sync(), "Shared")
        self.assertEqual(report["uploaded"], 1, "the dismissal changes the item there")
        todo = self.remote(self.cal, call["calendarItemExternalIdentifier"])
        alarms = {str(a["UID"]): a for a in todo.walk("VALARM")}
        # Dismissed two hours before its time: acknowledged as of its time, which is what RFC 9074
        # and Thunderbird read as "this one is done" (earlier would still ring there).
        fires = due.replace(second=0, microsecond=0) - timedelta(minutes=15)
        self.assertEqual(alarms["bank"]["ACKNOWLEDGED"].dt, fires)
        self.assertNotIn("ACKNOWLEDGED", alarms["again"])
        self.assertEqual(str(todo["X-MOZ-LASTACK"]), stamp(fires))
        desktop = self.store("desktop")
        desktop.sync()
        upcoming = desktop.call("upcomingAlarms", {"from": iso(datetime.now(timezone.utc)), "to": iso(due + timedelta(minutes=1))})
        self.assertEqual([a["alarmIdentifier"] for a in upcoming["alarms"]], ["again"], "the other device does not ring it")
        after = lines_of(self.cal.todo_by_uid(call["calendarItemExternalIdentifier"]).data)
        self.assertIn("BEGIN:VALARM", after)
        again = before[before.index("UID:again") - 1:][:6]
        self.assertTrue(all(line in after for line in again), "the other alarm as it was")
        self.assertEqual(self.list_report(self.laptop.sync(), "Shared")["uploaded"], 0, "sent once")
        self.assertEqual(self.laptop.reminder_titled("Call the bank")["lastModifiedDate"], call["lastModifiedDate"],
                         "the reminder itself did not change")

    def test_snoozed_here_is_a_snooze_alarm_on_the_server(self):
        call = self.laptop.save({"title": "Stretch", "calendarIdentifier": self.list,
                                 "alarms": [{"absoluteDate": iso(datetime.now(timezone.utc) - timedelta(minutes=1)), "alarmIdentifier": "s"}]})
        self.laptop.sync()
        self.laptop.call("snoozeAlarm", {"identifier": call["calendarItemIdentifier"], "alarmIdentifier": "s", "minutes": 20})
        self.laptop.sync()
        todo = self.remote(self.cal, call["calendarItemExternalIdentifier"])
        snoozes = [a for a in todo.walk("VALARM") if "RELATED-TO" in a]
        self.assertEqual(len(snoozes), 1, todo.to_ical().decode())
        self.assertEqual((str(snoozes[0]["RELATED-TO"]), snoozes[0]["RELATED-TO"].params["RELTYPE"]), ("s", "SNOOZE"))
        until = snoozes[0]["TRIGGER"].dt
        self.assertLess(abs(until - (datetime.now(timezone.utc) + timedelta(minutes=20))), timedelta(minutes=2))
        self.assertEqual(str(todo["X-MOZ-SNOOZE-TIME"]), stamp(until))
        # A second store reads it as the same alarm, snoozed: not a second alarm.
        desktop = self.store("desktop")
        desktop.sync()
        self.assertEqual([a["alarmIdentifier"] for a in desktop.reminder_titled("Stretch")["alarms"]], ["s"])
        upcoming = desktop.call("upcomingAlarms", {"from": iso(datetime.now(timezone.utc)), "to": iso(datetime.now(timezone.utc) + timedelta(hours=1))})
        self.assertEqual([(a["alarmIdentifier"], a["snoozed"]) for a in upcoming["alarms"]], [("s", True)])

    def test_acknowledged_there_does_not_ring_here_and_a_snooze_there_rings_at_its_time(self):
        now = datetime.now(timezone.utc)
        fires = now + timedelta(seconds=3)
        self.phone_item("acked@test", "Dismissed on the phone", fires, f"ACKNOWLEDGED:{stamp(fires + timedelta(seconds=1))}")
        self.phone_item("thunderbird@test", "Dismissed in Thunderbird", fires, item_lines=(f"X-MOZ-LASTACK:{stamp(fires + timedelta(seconds=1))}",))
        self.phone_item("control@test", "Not dismissed anywhere", fires)
        # Fired on the phone a minute ago and snoozed there to ring again in four seconds.
        snoozed = now + timedelta(seconds=4)
        self.cal.save_todo(ical=vcalendar(vtodo(
            "snoozed@test", "Snoozed on the phone", "BEGIN:VALARM", "UID:snoozed-alarm", "ACTION:DISPLAY", "DESCRIPTION:Reminder",
            f"TRIGGER;VALUE=DATE-TIME:{stamp(now - timedelta(minutes=1))}", f"ACKNOWLEDGED:{stamp(now - timedelta(seconds=30))}", "END:VALARM",
            "BEGIN:VALARM", "UID:snooze-1", "RELATED-TO;RELTYPE=SNOOZE:snoozed-alarm", "ACTION:DISPLAY", "DESCRIPTION:Reminder",
            f"TRIGGER;VALUE=DATE-TIME:{stamp(snoozed)}", "END:VALARM")))
        self.laptop.sync()
        upcoming = self.laptop.call("upcomingAlarms", {"from": iso(now - timedelta(minutes=5)), "to": iso(now + timedelta(hours=1))})
        self.assertEqual(sorted((a["alarmIdentifier"], a["snoozed"]) for a in upcoming["alarms"]),
                         [("control@test-alarm", False), ("snoozed-alarm", True)])
        fired = self.run_agent(15, until_fired=2)
        self.assertEqual(sorted((f["reminder"]["title"], f["reason"]) for f in fired),
                         [("Not dismissed anywhere", "time"), ("Snoozed on the phone", "snooze")], fired)
        self.assertEqual(self.laptop.reminder_titled("Snoozed on the phone")["alarms"][0]["alarmIdentifier"], "snoozed-alarm")


def vevent(uid: str, summary: str, start: datetime, *lines: str) -> str:
    body = "".join(line + "\r\n" for line in lines)
    return (f"BEGIN:VEVENT\r\nUID:{uid}\r\nDTSTAMP:{stamp(start)}\r\nSUMMARY:{summary}\r\nDTSTART:{stamp(start)}\r\n"
            f"DTEND:{stamp(start + timedelta(hours=1))}\r\n{body}END:VEVENT\r\n")


class EventAlarmStateBetweenDevices(EventSyncTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.cal = self.event_calendar("Meetings")
        self.laptop = self.store()
        self.laptop.sync()
        self.calendar_id = self.calendar_named(self.laptop, "Meetings")["calendarIdentifier"]

    def upcoming(self) -> list[tuple[str, bool]]:
        now = datetime.now(timezone.utc)
        answer = self.laptop.call("upcomingAlarms", {"from": iso(now - timedelta(minutes=5)), "to": iso(now + timedelta(hours=3))})
        return sorted((a["alarmIdentifier"], a["snoozed"]) for a in answer["alarms"])

    def test_an_event_dismissed_here_is_acknowledged_on_the_server(self):
        start = datetime.now(timezone.utc).replace(microsecond=0) + timedelta(hours=2)
        saved = self.laptop.call("saveEvent", {"event": {"calendarIdentifier": self.calendar_id, "title": "Review", "startDate": iso(start),
                                                         "endDate": iso(start + timedelta(hours=1)),
                                                         "alarms": [{"relativeOffset": -900, "alarmIdentifier": "review"}]}})["event"]
        self.laptop.sync()
        self.laptop.call("dismissAlarm", {"identifier": saved["eventIdentifier"], "alarmIdentifier": "review"})
        self.assertEqual(self.list_report(self.laptop.sync(), "Meetings")["uploaded"], 1)
        event = self.cal.event_by_uid(saved["calendarItemExternalIdentifier"]).icalendar_component
        alarm = event.walk("VALARM")[0]
        self.assertEqual(alarm["ACKNOWLEDGED"].dt, start - timedelta(minutes=15), "as of its time: " + event.to_ical().decode())
        self.assertEqual(str(event["X-MOZ-LASTACK"]), stamp(start - timedelta(minutes=15)))
        desktop = self.store("desktop")
        desktop.sync()
        upcoming = desktop.call("upcomingAlarms", {"from": iso(datetime.now(timezone.utc)), "to": iso(start)})
        self.assertEqual(upcoming["alarms"], [], "the other device does not ring it")
        self.assertEqual(self.list_report(self.laptop.sync(), "Meetings")["uploaded"], 0, "sent once")

    def test_an_event_acknowledged_or_snoozed_there(self):
        now = datetime.now(timezone.utc).replace(microsecond=0)
        alarm = ("BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Reminder", "TRIGGER:-PT15M")
        fires = now + timedelta(minutes=5)
        self.cal.save_event(ical=vcalendar(vevent("acked@test", "Dismissed on the phone", now + timedelta(minutes=20), *alarm,
                                                   "UID:acked-alarm", f"ACKNOWLEDGED:{stamp(fires + timedelta(seconds=1))}", "END:VALARM")))
        self.cal.save_event(ical=vcalendar(vevent("control@test", "Not dismissed", now + timedelta(minutes=20), *alarm,
                                                   "UID:control-alarm", "END:VALARM")))
        # Fired a minute ago on the phone, snoozed there for ten minutes.
        self.cal.save_event(ical=vcalendar(vevent(
            "snoozed@test", "Snoozed on the phone", now + timedelta(minutes=14), *alarm, "UID:snoozed-alarm",
            f"ACKNOWLEDGED:{stamp(now - timedelta(seconds=30))}", "END:VALARM",
            "BEGIN:VALARM", "UID:snooze-1", "RELATED-TO;RELTYPE=SNOOZE:snoozed-alarm", "ACTION:DISPLAY", "DESCRIPTION:Reminder",
            f"TRIGGER;VALUE=DATE-TIME:{stamp(now + timedelta(minutes=10))}", "END:VALARM")))
        self.laptop.sync()
        self.assertEqual(self.upcoming(), [("control-alarm", False), ("snoozed-alarm", True)])
        snoozed = self.laptop.call("upcomingAlarms", {"to": iso(now + timedelta(hours=3))})["alarms"]
        self.assertEqual([a["fireDate"] for a in snoozed if a["alarmIdentifier"] == "snoozed-alarm"],
                         [iso(now + timedelta(minutes=10)).replace("Z", ".000Z")])

    def daily(self, uid: str, today: datetime, *lines: str) -> str:
        """A daily series that started yesterday at today's time, with one alarm 15 minutes before."""
        return ("BEGIN:VEVENT\r\n" f"UID:{uid}\r\nDTSTAMP:{stamp(today)}\r\nSUMMARY:Stand-up\r\n"
                f"DTSTART:{stamp(today - timedelta(days=1))}\r\nDTEND:{stamp(today - timedelta(days=1) + timedelta(minutes=15))}\r\n"
                "RRULE:FREQ=DAILY;COUNT=5\r\n" + "".join(line + "\r\n" for line in lines)
                + "BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:Stand-up\r\nTRIGGER:-PT15M\r\nEND:VALARM\r\nEND:VEVENT\r\n")

    def test_one_occurrence_snoozed_here_is_written_as_thunderbird_writes_it(self):
        now = datetime.now(timezone.utc).replace(microsecond=0)
        today = now + timedelta(minutes=14)
        saved = self.laptop.call("saveEvent", {"event": {
            "calendarIdentifier": self.calendar_id, "title": "Stand-up", "startDate": iso(today - timedelta(days=1)),
            "endDate": iso(today - timedelta(days=1) + timedelta(minutes=15)), "recurrenceRules": [{"frequency": "daily", "interval": 1}],
            "alarms": [{"relativeOffset": -900, "alarmIdentifier": "daily"}]}})["event"]
        self.laptop.sync()
        self.laptop.call("snoozeAlarm", {"identifier": saved["eventIdentifier"], "alarmIdentifier": "daily",
                                         "occurrenceDate": iso(today), "minutes": 20})
        self.laptop.sync()
        lines = lines_of(self.cal.event_by_uid(saved["calendarItemExternalIdentifier"]).data)
        snoozes = [line for line in lines if line.startswith("X-MOZ-SNOOZE-TIME")]
        self.assertEqual([line.split(":")[0] for line in snoozes], [f"X-MOZ-SNOOZE-TIME-{int(today.timestamp()) * 1_000_000}"], lines)
        until = datetime.strptime(snoozes[0].split(":")[1], "%Y%m%dT%H%M%SZ").replace(tzinfo=timezone.utc)
        self.assertLess(abs(until - (datetime.now(timezone.utc) + timedelta(minutes=20))), timedelta(minutes=2))
        # Read back by another device: that occurrence, snoozed.
        desktop = self.store("desktop")
        desktop.sync()
        upcoming = desktop.call("upcomingAlarms", {"from": iso(now), "to": iso(now + timedelta(hours=3))})["alarms"]
        self.assertEqual([(a["snoozed"], a["occurrenceDate"]) for a in upcoming], [(True, iso(today).replace("Z", ".000Z"))], upcoming)


on_every_engine(globals(), AlarmStateBetweenDevices, EventAlarmStateBetweenDevices)
