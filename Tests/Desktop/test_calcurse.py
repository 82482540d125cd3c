"""calcurse-caldav (Debian's calcurse) syncing with the face: its appointments with an event
calendar, its to-dos with a reminders list (one collection each: a calendar here holds one kind),
both ways."""

from __future__ import annotations

import os
import shutil
import unittest

from face import Face, Household, run

# calcurse-caldav is a Python script for Debian's python3 (with python3-httplib2 and lxml).
PYTHON = "/usr/bin/python3"


class CalcurseTests(unittest.TestCase):
    def setUp(self) -> None:
        if shutil.which("calcurse-caldav") is None:
            self.fail("calcurse-caldav is not installed (Debian package calcurse; .ci/run installs it)")
        self.household = Household("remindersd-calcurse-")
        self.folder, self.store = self.household.folder, self.household.store
        self.chores, self.home = self.household.chores, self.household.home
        self.store.save({"title": "Water the plants", "calendarIdentifier": self.chores, "priority": 1})
        self.household.event(*("Dentist", "2026-12-09T14:00:00Z", "2026-12-09T14:30:00Z"))
        self.face = Face(self.store)
        self.password = self.face.add_app("calcurse")
        self.data = os.path.join(self.folder, "calcurse")
        os.makedirs(os.path.join(self.folder, "hooks"))
        for kind, calendar in (("cal", self.home), ("todo", self.chores)):
            with open(os.path.join(self.folder, f"{kind}.conf"), "w") as config:
                config.write(f"""[General]
Binary = calcurse
Hostname = 127.0.0.1:{self.face.port}
Path = /dav/calcurse/{calendar}/
AuthMethod = basic
HTTPS = No
SyncFilter = {kind}
DryRun = No
[Auth]
Username = calcurse
""")

    def tearDown(self) -> None:
        self.assertEqual(self.face.stop(), 0)
        shutil.rmtree(self.folder, ignore_errors=True)

    def sync(self, kind: str, *extra: str) -> str:
        f = self.folder
        return run(PYTHON, shutil.which("calcurse-caldav"), "--config", f"{f}/{kind}.conf", "--datadir", self.data, "--syncdb",
                   f"{f}/{kind}.db", "--lockfile", f"{f}/{kind}.lock", "--hookdir", f"{f}/hooks", "-v", *extra,
                   env={"CALCURSE_CALDAV_PASSWORD": self.password, "TZ": "UTC"})

    def calcurse(self, *args: str) -> str:
        return run("calcurse", "-D", self.data, *args, env={"TZ": "UTC"})

    def appointments(self) -> str:
        return self.calcurse("--input-datefmt", "4", "-Q", "--from", "2026-12-01", "--days", "60")

    def test_appointments_and_todos_both_ways(self) -> None:
        self.sync("cal", "--init", "keep-remote")
        # keep-remote would wipe what the first sync brought: the second collection is merged.
        self.sync("todo", "--init", "two-way")
        self.assertIn("Dentist", self.appointments())
        self.assertIn("Water the plants", self.calcurse("-t"))

        # Made in calcurse (imported, as its own interface stores them), synced to remindersd.
        new = os.path.join(self.folder, "new.ics")
        with open(new, "w") as f:
            f.write("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n"
                    "BEGIN:VEVENT\r\nUID:cc-1\r\nDTSTART:20261215T180000Z\r\nDTEND:20261215T190000Z\r\nSUMMARY:Choir\r\nEND:VEVENT\r\n"
                    "BEGIN:VTODO\r\nUID:cc-2\r\nPRIORITY:3\r\nSUMMARY:Return the library books\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
        self.calcurse("-i", new)
        self.sync("cal")
        self.sync("todo")
        events = self.household.events()
        self.assertEqual(sorted(e["title"] for e in events), ["Choir", "Dentist"])
        books = self.store.reminder_titled("Return the library books", self.chores)
        self.assertEqual(books["priority"], 3)

        # Changed and removed by remindersd's other clients: seen by calcurse at its next sync.
        self.store.save({"calendarItemIdentifier": books["calendarItemIdentifier"], "title": "Return the books (due Friday)"})
        dentist = next(e for e in events if e["title"] == "Dentist")
        self.store.call("removeEvent", {"identifier": dentist["eventIdentifier"]})
        self.sync("cal")
        self.sync("todo")
        self.assertNotIn("Dentist", self.appointments())
        self.assertIn("Choir", self.appointments())
        todos = self.calcurse("-t")
        self.assertIn("Return the books (due Friday)", todos)
        self.assertNotIn("Return the library books", todos)
