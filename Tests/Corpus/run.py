"""The interop corpus: the real-world .ics files python-icalendar ships with its tests (Outlook,
Google, Apple, Thunderbird, Nextcloud and broken ones), each imported into a fresh store with the
real binary, exported, parsed back by python-icalendar and imported again; and the occurrences of
every recurring VEVENT compared with an independent engine (recurring-ical-events) in three time
zones. Prints "corpus: N passed, N failed, N skipped" last.

A file fails when remindersd dies, hangs, writes what python-icalendar cannot parse, changes an
event when its own export is imported again, or gives other occurrences than the other engine —
unless the difference is one protocol.md names as deliberate (DELIBERATE below, each with its
reason). A file python-icalendar itself cannot read is skipped (nothing to compare against)."""

from __future__ import annotations

import datetime as dt
import json
import os
import subprocess
import sys
import tempfile
import zoneinfo

import icalendar
import recurring_ical_events

BIN = os.environ.get("REMINDERSD_BIN", "remindersd")
ZONES = ["Europe/Berlin", "America/New_York", "Asia/Tokyo"]
CORPUS = os.path.join(os.path.dirname(icalendar.__file__), "tests")
FOLDERS = ["calendars", "events", "alarms", "timezones", "todos"]

# (file, UID) → why remindersd's occurrences differ from recurring-ical-events', as protocol.md
# ("Events", "What files from other programs hold") says.
DELIBERATE: dict[tuple[str, str], str] = {
    ("issue_1633_rdate_with_dates.ics", "1"): "a DATE RDATE on a timed series is that day's occurrence at the series' time of day",
    ("issue_1633_rdate_with_dates_and_tzid.ics", "1"): "a DATE RDATE on a timed series is that day's occurrence at the series' time of day",
}


def run(*args: str, stdin: str | None = None, timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run([BIN, *args], input=stdin, capture_output=True, text=True, timeout=timeout)


class Store:
    def __init__(self, folder: str, zone: str = "UTC"):
        self.path = os.path.join(folder, f"store-{zone.replace('/', '-')}.sqlite")
        self.zone = zone
        for entity in ("reminder", "event"):
            run("permissions", "set", "--any-program", "corpus", "fullAccess", "--entity", entity, "--store", self.path)
        self.events = self.call("calendars", {"entityType": "event"})["calendars"][0]["calendarIdentifier"]

    def call(self, method: str, params: dict) -> dict:
        result = run("call", method, json.dumps(params), "--store", self.path, "--client", "corpus", "--time-zone", self.zone)
        if result.returncode != 0:
            raise RuntimeError(f"{method}: exit {result.returncode}: {result.stderr[-400:]}")
        return json.loads(result.stdout)

    def import_text(self, text: str) -> tuple[dict, dict]:
        events = self.call("importICalendar", {"text": text, "calendarIdentifier": self.events})
        todos = self.call("importICalendar", {"text": text})
        return events, todos

    def export(self) -> str:
        return self.call("exportICalendar", {"calendarIdentifiers": [self.events]})["text"]

    def occurrences(self, start: dt.datetime, end: dt.datetime) -> dict[str, set[dt.datetime]]:
        found: dict[str, set[dt.datetime]] = {}
        cursor = None
        while True:
            params = {"start": start.isoformat(), "end": end.isoformat(), "limit": 10000}
            if cursor:
                params["cursor"] = cursor
            page = self.call("fetchEvents", params)
            for event in page["events"]:
                moment = dt.datetime.fromisoformat(event["startDate"].replace("Z", "+00:00"))
                found.setdefault(event["calendarItemExternalIdentifier"], set()).add(moment)
            cursor = page.get("nextCursor")
            if not cursor:
                return found


def reference(calendar: icalendar.Calendar, start: dt.datetime, end: dt.datetime, zone: str) -> dict[str, set[dt.datetime]]:
    """recurring-ical-events' occurrences, floating and all-day ones placed in `zone`."""
    found: dict[str, set[dt.datetime]] = {}
    where = zoneinfo.ZoneInfo(zone)
    for event in recurring_ical_events.of(calendar).between(start, end):
        value = event["DTSTART"].dt
        if isinstance(value, dt.datetime):
            moment = value if value.tzinfo else value.replace(tzinfo=where)
        else:
            moment = dt.datetime(value.year, value.month, value.day, tzinfo=where)
        found.setdefault(str(event.get("UID", "")), set()).add(moment.astimezone(dt.timezone.utc))
    return found


def window(calendar: icalendar.Calendar) -> tuple[dt.datetime, dt.datetime] | None:
    """Two years from the earliest recurring start (a day before it), in UTC."""
    starts = []
    for event in calendar.walk("VEVENT"):
        if "RRULE" not in event and "RDATE" not in event:
            continue
        value = event["DTSTART"].dt if "DTSTART" in event else None
        if value is None:
            continue
        if isinstance(value, dt.datetime):
            value = value if value.tzinfo else value.replace(tzinfo=dt.timezone.utc)
        else:
            value = dt.datetime(value.year, value.month, value.day, tzinfo=dt.timezone.utc)
        starts.append(value.astimezone(dt.timezone.utc))
    if not starts:
        return None
    first = min(starts) - dt.timedelta(days=1)
    return first, first + dt.timedelta(days=730)


def check(path: str, folder: str) -> tuple[str, str]:
    """'passed', 'failed' or 'skipped', with what was seen."""
    raw = open(path, "rb").read()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        text = raw.decode("latin-1")
    text = text.lstrip("\ufeff")
    try:
        calendars = icalendar.Calendar.from_ical(text, multiple=True)
        parsed = calendars[0] if len(calendars) == 1 else icalendar.Calendar()
        if len(calendars) > 1:
            for calendar in calendars:
                for component in calendar.subcomponents:
                    parsed.add_component(component)
    except Exception as error:  # noqa: BLE001 — any refusal means the reference engine has nothing
        parsed = None
        reason = f"python-icalendar cannot read it ({type(error).__name__})"
    problems: list[str] = []
    store = Store(folder)
    try:
        events_report, _ = store.import_text(text)
    except subprocess.TimeoutExpired:
        return "failed", "the import hung"
    except RuntimeError as error:
        return "failed", f"the import failed: {error}"
    exported = store.export()
    try:
        icalendar.Calendar.from_ical(exported)
    except Exception as error:  # noqa: BLE001
        problems.append(f"python-icalendar cannot read the export: {error}")
    again = store.call("importICalendar", {"text": exported, "calendarIdentifier": store.events})
    if again["imported"] or again["updated"] or again["skipped"]:
        problems.append(f"the export imported again changed something: {json.dumps(again)[:300]}")
    if parsed is None:
        return ("failed", "; ".join(problems)) if problems else ("skipped", reason)
    span = window(parsed)
    reference_failed = None
    if span is not None and events_report["imported"]:
        for zone in ZONES:
            zoned = Store(folder, zone)
            zoned.import_text(text)
            mine = zoned.occurrences(*span)
            try:
                theirs = reference(parsed, span[0], span[1], zone)
            except Exception as error:  # noqa: BLE001 — the reference cannot say: nothing to compare
                reference_failed = f"recurring-ical-events fails on it ({type(error).__name__}: {error})"
                continue
            imported_uids = set(mine)
            for uid in sorted(set(theirs) | imported_uids):
                if uid not in imported_uids:
                    continue  # skipped by the import, which named it
                a, b = mine.get(uid, set()), theirs.get(uid, set())
                if a != b and (os.path.basename(path), uid) not in DELIBERATE:
                    extra = sorted(x.isoformat() for x in a - b)[:3]
                    missing = sorted(x.isoformat() for x in b - a)[:3]
                    problems.append(f"{zone} {uid}: {len(a)} occurrences here, {len(b)} there; only here {extra}, only there {missing}")
    if problems:
        return "failed", "; ".join(problems)
    if reference_failed:
        return "skipped", reference_failed + " (round trip checked)"
    return "passed", f"{events_report['imported']} events"


def main() -> int:
    files = sorted(os.path.join(CORPUS, sub, name) for sub in FOLDERS if os.path.isdir(os.path.join(CORPUS, sub))
                   for name in os.listdir(os.path.join(CORPUS, sub)) if name.endswith(".ics"))
    only = sys.argv[1:]
    if only:
        files = [f for f in files if any(o in f for o in only)]
    counts = {"passed": 0, "failed": 0, "skipped": 0}
    for path in files:
        with tempfile.TemporaryDirectory(prefix="corpus-") as folder:
            try:
                outcome, detail = check(path, folder)
            except subprocess.TimeoutExpired:
                outcome, detail = "failed", "remindersd hung"
            except Exception as error:  # noqa: BLE001
                outcome, detail = "failed", f"{type(error).__name__}: {error}"
        counts[outcome] += 1
        label = {"passed": "ok", "failed": "FAIL", "skipped": "skip"}[outcome]
        print(f"{label} - {os.path.relpath(path, CORPUS)}: {detail}", flush=True)
    print(f"corpus: {counts['passed']} passed, {counts['failed']} failed, {counts['skipped']} skipped")
    return 0 if counts["failed"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
