"""vdirsyncer syncing the face to a folder both ways, with khal and todoman (Debian's) reading and
writing that folder — an event and a to-do made in each reach remindersd, and what remindersd's
other clients change reaches them."""

from __future__ import annotations

import glob
import json
import os
import shutil
import unittest

from face import Face, Household, run

UTC = {"TZ": "UTC"}


class VdirsyncerKhalTodomanTests(unittest.TestCase):
    def setUp(self) -> None:
        for tool in ("vdirsyncer", "khal", "todoman"):
            if shutil.which(tool) is None:
                self.fail(f"{tool} is not installed (Debian package {tool}; .ci/run installs it)")
        self.household = Household("remindersd-desktop-")
        self.folder, self.store = self.household.folder, self.household.store
        self.chores, self.home = self.household.chores, self.household.home
        self.store.save({"title": "Milk", "calendarIdentifier": self.chores})
        self.household.event(*("Standup", "2026-12-08T09:00:00Z", "2026-12-08T09:15:00Z"))
        self.face = Face(self.store)
        self.write_configs(self.face.add_app("vdirsyncer"))

    def tearDown(self) -> None:
        self.assertEqual(self.face.stop(), 0, "remindersd dav exits 0 on SIGTERM")
        shutil.rmtree(self.folder, ignore_errors=True)

    def write_configs(self, password: str) -> None:
        f = self.folder
        self.vdir = os.path.join(f, "calendars")
        with open(os.path.join(f, "vdirsyncer.conf"), "w") as config:
            config.write(f"""[general]
status_path = "{f}/status/"
[pair remindersd]
a = "local"
b = "face"
collections = ["from b"]
metadata = ["displayname", "color"]
[storage local]
type = "filesystem"
path = "{self.vdir}/"
fileext = ".ics"
[storage face]
type = "caldav"
url = "{self.face.url}"
username = "vdirsyncer"
password = "{password}"
""")
        with open(os.path.join(f, "khal.conf"), "w") as config:
            config.write(f"""[calendars]
[[home]]
path = {self.vdir}/{self.home}/
type = calendar
[locale]
timeformat = %H:%M
dateformat = %Y-%m-%d
longdateformat = %Y-%m-%d
datetimeformat = %Y-%m-%d %H:%M
longdatetimeformat = %Y-%m-%d %H:%M
default_timezone = UTC
local_timezone = UTC
[default]
default_calendar = home
[sqlite]
path = {f}/khal.db
""")
        with open(os.path.join(f, "todoman.py"), "w") as config:
            config.write(f"""path = "{self.vdir}/{self.chores}"
date_format = "%Y-%m-%d"
time_format = "%H:%M"
default_list = "Chores"
default_due = 0
cache_path = "{f}/todoman.db"
""")

    def vdirsyncer(self, *args: str) -> str:
        return run("vdirsyncer", "-c", os.path.join(self.folder, "vdirsyncer.conf"), *args, stdin="y\n" * 20, env=UTC)

    def sync(self) -> None:
        self.vdirsyncer("sync")

    def khal(self, *args: str) -> str:
        return run("khal", "-c", os.path.join(self.folder, "khal.conf"), *args, env=UTC)

    def todos(self) -> list[dict]:
        return json.loads(run("todoman", "-c", os.path.join(self.folder, "todoman.py"), "--porcelain", "list", "--status", "ANY"))

    def todoman(self, *args: str) -> str:
        return run("todoman", "-c", os.path.join(self.folder, "todoman.py"), *args)

    def events(self) -> list[dict]:
        return self.household.events()

    def test_an_event_and_a_todo_made_in_each_reach_the_other(self) -> None:
        self.vdirsyncer("discover")
        self.sync()
        self.vdirsyncer("metasync")
        with open(os.path.join(self.vdir, self.chores, "displayname")) as name:
            self.assertEqual(name.read().strip(), "Chores", "the list's name reaches the folder")
        self.assertIn("Standup", self.khal("list", "2026-12-07", "7d"))
        self.assertEqual([t["summary"] for t in self.todos()], ["Milk"])

        # Made in khal and todoman, synced to remindersd.
        self.khal("new", "-a", "home", "2026-12-24", "10:00", "11:00", "Carols")
        self.todoman("new", "-l", "Chores", "Sweep the porch")
        self.sync()
        self.assertEqual(sorted(e["title"] for e in self.events()), ["Carols", "Standup"])
        sweep = self.store.reminder_titled("Sweep the porch", self.chores)
        history = self.store.call("changes", {})["changes"]
        self.assertIn(("vdirsyncer", "caldav"), {(c["client"], c["program"]) for c in history if c["itemIdentifier"] ==
                                                  sweep["calendarItemIdentifier"]}, "the history names the app")

        # Completed in todoman: completed in remindersd.
        milk = next(t for t in self.todos() if t["summary"] == "Milk")
        self.todoman("done", str(milk["id"]))
        self.sync()
        self.assertTrue(self.store.reminder_titled("Milk", self.chores)["isCompleted"])

        # Changed by remindersd's other clients: seen by khal and todoman after the next sync.
        standup = next(e for e in self.events() if e["title"] == "Standup")
        self.store.call("saveEvent", {"event": {"eventIdentifier": standup["eventIdentifier"], "title": "Daily standup"}})
        self.store.call("removeReminder", {"identifier": sweep["calendarItemIdentifier"]})
        self.sync()
        listed = self.khal("list", "2026-12-07", "7d")
        self.assertIn("Daily standup", listed)
        self.assertEqual(sorted(t["summary"] for t in self.todos()), ["Milk"])

        # Removed from the folder (as khal's and todoman's delete do): removed from remindersd.
        carols = [path for path in glob.glob(os.path.join(self.vdir, self.home, "*.ics")) if "Carols" in open(path).read()]
        self.assertEqual(len(carols), 1)
        os.remove(carols[0])
        self.sync()
        self.assertEqual([e["title"] for e in self.events()], ["Daily standup"])
        self.sync()
        self.assertEqual(self.vdirsyncer("sync").count("Copying"), 0, "a sync with nothing changed copies nothing")
