"""The store the scope test plays in: the owner's Work and Health lists (and WorkCal and HealthCal
for events), a client granted Work and WorkCal only, and the owner changing Health around it.

Everything Health holds is a secret of the client's: the lists' identifiers and titles, its items'
identifiers, external identifiers, alarms, titles and notes (each a token no other text holds). A
secret in anything the client is told — an answer that did not echo it from the request, an
error, a notification — is a leak."""

from __future__ import annotations

import json
import subprocess
import time
from datetime import datetime, timedelta, timezone

from peers import BIN, Served

HEALTH_FENCE = (52.52, 13.40)
HEALTH_TITLE = "Health-s3cr3t"
HEALTHCAL_TITLE = "HealthCal-s3cr3t"


def instant(days: float = 0) -> str:
    moment = datetime(2026, 12, 10, 9, 0, tzinfo=timezone.utc) + timedelta(days=days)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.000Z")


class World:
    def __init__(self, store: str):
        self.store = store
        for entity in ("reminder", "event"):
            self.permissions("set", "--any-program", "owner", "fullAccess", "--entity", entity)
        self.owner = Served(store, "owner")
        self.made = 0
        self.secrets: set[str] = set()
        # Identifiers the client may know: items that were in its lists when it could see them.
        self.public: set[str] = set()
        self.work = self.owner.call("saveCalendar", {"calendar": {"title": "Work"}})["calendar"]["calendarIdentifier"]
        self.health = self.owner.call("saveCalendar", {"calendar": {"title": HEALTH_TITLE}})["calendar"]["calendarIdentifier"]
        self.workcal = self.owner.call("saveCalendar", {"calendar": {"title": "WorkCal", "allowedEntityTypes": ["event"]}})["calendar"][
            "calendarIdentifier"]
        self.healthcal = self.owner.call("saveCalendar", {"calendar": {"title": HEALTHCAL_TITLE, "allowedEntityTypes": ["event"]}})[
            "calendar"]["calendarIdentifier"]
        self.secrets |= {self.health, self.healthcal, HEALTH_TITLE, HEALTHCAL_TITLE}
        self.grant_work_only()
        # Health: a reminder with a time and a place alarm, one removed (in the trash), an event.
        self.h_reminder = self.reminder(self.health, "hs-title-pills", "hs-notes-pills", alarms=[
            {"alarmIdentifier": "hs-alarm-time", "absoluteDate": instant(1)},
            {"alarmIdentifier": "hs-alarm-place", "proximity": "enter",
             "structuredLocation": {"title": "hs-place-pharmacy",
                                    "geoLocation": {"latitude": HEALTH_FENCE[0], "longitude": HEALTH_FENCE[1]}, "radius": 200}}])
        removed = self.reminder(self.health, "hs-title-removed", "hs-notes-removed")
        self.owner.call("removeReminder", {"identifier": removed["calendarItemIdentifier"]})
        self.h_removed = removed["calendarItemIdentifier"]
        self.h_event = self.event(self.healthcal, "hs-event-therapy", "hs-event-notes-therapy")
        # One that was in Health and moved into Work: its identifier is Work's now, its past is not.
        moved = self.reminder(self.health, "hs-title-moved", "hs-notes-moved")
        self.owner.call("saveReminder", {"reminder": {"calendarItemIdentifier": moved["calendarItemIdentifier"],
                                                      "calendarIdentifier": self.work, "title": "moved", "notes": ""}})
        self.public.add(moved["calendarItemIdentifier"])
        self.ensure_work()
        self.refresh_secrets()

    def permissions(self, *args: str) -> None:
        done = subprocess.run([BIN, "permissions", *args, "--store", self.store], capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr

    def grant_work_only(self) -> None:
        self.permissions("set", "--any-program", "work", "fullAccess", "--lists", self.work)
        self.permissions("set", "--any-program", "work", "fullAccess", "--entity", "event", "--lists", self.workcal)

    def grant_both(self) -> None:
        self.permissions("set", "--any-program", "work", "fullAccess", "--lists", f"{self.work},{self.health}")
        self.permissions("set", "--any-program", "work", "fullAccess", "--entity", "event", "--lists", f"{self.workcal},{self.healthcal}")

    def token(self, kind: str) -> str:
        self.made += 1
        return f"hs-{kind}-{self.made}"

    def reminder(self, calendar: str, title: str, notes: str, alarms: list | None = None) -> dict:
        reminder = {"calendarIdentifier": calendar, "title": title, "notes": notes}
        if alarms:
            reminder["alarms"] = alarms
            reminder["dueDateComponents"] = {"year": 2026, "month": 12, "day": 11, "hour": 9, "minute": 0}
        return self.owner.call("saveReminder", {"reminder": reminder})["reminder"]

    def event(self, calendar: str, title: str, notes: str) -> dict:
        return self.owner.call("saveEvent", {"event": {
            "calendarIdentifier": calendar, "title": title, "notes": notes, "startDate": instant(2), "endDate": instant(2.05),
            "alarms": [{"alarmIdentifier": f"alarm-{title}", "relativeOffset": -600}]}})["event"]

    def ensure_work(self) -> None:
        """Work's items as the variants aim at them: made again when a call removed or moved them."""
        def present(identifier: str | None, method: str, calendar: str) -> bool:
            if not identifier:
                return False
            answer = self.owner.request(method, {"identifier": identifier})
            item = answer.get("result", {}).get("reminder") or answer.get("result", {}).get("event") or answer.get("result", {}).get("item")
            return bool(item) and item.get("calendarIdentifier") == calendar
        if not present(getattr(self, "w_reminder", None) and self.w_reminder["calendarItemIdentifier"], "calendarItem", self.work):
            self.w_reminder = self.reminder(self.work, "work-report", "work-notes", alarms=[
                {"alarmIdentifier": "work-alarm", "absoluteDate": instant(1)}])
            self.public.add(self.w_reminder["calendarItemIdentifier"])
        if not present(getattr(self, "w_event", None) and self.w_event["eventIdentifier"], "event", self.workcal):
            self.w_event = self.owner.call("saveEvent", {"event": {
                "calendarIdentifier": self.workcal, "title": "work-meeting", "startDate": instant(3), "endDate": instant(3.05),
                "alarms": [{"alarmIdentifier": "work-event-alarm", "relativeOffset": -600}]}})["event"]
            self.public.add(self.w_event["eventIdentifier"])

    def churn(self, step: int) -> None:
        """The owner changes Health while the client works: notes rewritten, a reminder and an event
        made, a Work reminder moved into Health and back."""
        match step % 4:
            case 0:
                self.owner.call("saveReminder", {"reminder": {"calendarItemIdentifier": self.h_reminder["calendarItemIdentifier"],
                                                              "notes": self.token("notes")}})
            case 1:
                self.reminder(self.health, self.token("title"), self.token("notes"))
            case 2:
                self.event(self.healthcal, self.token("event"), self.token("notes"))
            case 3:
                traveller = self.reminder(self.work, "traveller", "public")
                self.public.add(traveller["calendarItemIdentifier"])
                self.owner.call("saveReminder", {"reminder": {"calendarItemIdentifier": traveller["calendarItemIdentifier"],
                                                              "calendarIdentifier": self.health, "notes": self.token("notes")}})
        self.refresh_secrets()

    def health_now(self) -> dict:
        """Health as the owner reads it: its lists, its reminders (completed too), its events."""
        calendars = [c for kind in ("reminder", "event")
                     for c in self.owner.call("calendars", {"entityType": kind})["calendars"]
                     if c["calendarIdentifier"] in (self.health, self.healthcal)]
        reminders = self.owner.call("fetchReminders", {"predicate": {"kind": "all", "calendarIdentifiers": [self.health]}})["reminders"]
        events = self.owner.call("fetchEvents", {"start": "2020-01-01T00:00:00.000Z", "end": "2030-01-01T00:00:00.000Z",
                                                 "calendarIdentifiers": [self.healthcal]})["events"]
        return {"calendars": calendars, "reminders": sorted(reminders, key=lambda r: r["calendarItemIdentifier"]),
                "events": sorted(events, key=lambda e: e["eventIdentifier"])}

    def refresh_secrets(self) -> None:
        now = self.health_now()
        for item in now["reminders"] + now["events"]:
            identifier = item.get("calendarItemIdentifier") or item.get("eventIdentifier")
            for key in ("calendarItemIdentifier", "eventIdentifier", "externalIdentifier", "calendarItemExternalIdentifier"):
                value = item.get(key)
                if isinstance(value, str) and identifier not in self.public:
                    self.secrets.add(value)
            # Titles and notes Health gave (a reminder moved in from Work keeps the title it was seen with).
            for key in ("title", "notes"):
                value = item.get(key)
                if isinstance(value, str) and value.startswith("hs-"):
                    self.secrets.add(value)
            for alarm in item.get("alarms") or []:
                if str(alarm.get("alarmIdentifier", "")).startswith("hs-"):
                    self.secrets.add(alarm["alarmIdentifier"])
        self.secrets.add(self.h_removed)
        self.secrets -= self.public

    def health_changes(self) -> list[str]:
        """The history's changes that touch Health (the owner's view), newest first."""
        changes = self.owner.call("changes", {"limit": 200})["changes"]
        touching = []
        for change in changes:
            before = change.get("before") or {}
            if self.health in (change.get("calendarIdentifier"), change.get("fromCalendarIdentifier"), before.get("calendarIdentifier")) \
                    or self.healthcal in (change.get("calendarIdentifier"), change.get("fromCalendarIdentifier")):
                touching.append(change["changeIdentifier"])
        return touching

    def leaks(self, told, sent=None) -> list[str]:
        """The secrets in `told` that were not in `sent` (what the client itself said)."""
        text = json.dumps(told)
        echoed = json.dumps(sent) if sent is not None else ""
        return sorted(secret for secret in self.secrets if secret in text and secret not in echoed)

    def fix_time(self) -> str:
        """A location fix's time: now and later each call, so no fix is older than the last used."""
        self.made += 1
        return (datetime.now(timezone.utc) + timedelta(seconds=self.made)).strftime("%Y-%m-%dT%H:%M:%S.000Z")

    def settle(self) -> None:
        time.sleep(0.05)
