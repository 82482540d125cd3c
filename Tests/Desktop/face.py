"""The CalDAV face as the desktop apps meet it: `remindersd dav` serving a store of its own on a
free loopback port, and the apps added to it with `remindersd dav add-app`."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Interop"))
from remindersd import BIN, Store  # noqa: E402


class Face:
    """`remindersd dav --listen 127.0.0.1:0` on `store`, until stopped."""

    def __init__(self, store: Store):
        self.store = store
        self.process = subprocess.Popen([BIN, "dav", "--listen", "127.0.0.1:0", "--store", store.path],
                                        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        self.log: list[str] = []
        found = threading.Event()
        self.port = 0

        def read() -> None:
            for line in self.process.stderr:
                self.log.append(line)
                match = re.search(r"serving CalDAV at http://127\.0\.0\.1:(\d+)/", line)
                if match:
                    self.port = int(match.group(1))
                    found.set()

        threading.Thread(target=read, daemon=True).start()
        if not found.wait(30):
            self.process.kill()
            raise AssertionError(f"remindersd dav never said where it serves: {''.join(self.log)}")

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def add_app(self, name: str, *options: str) -> str:
        """The password `dav add-app` prints once."""
        return self.store.run("dav", "add-app", name, *options).stdout.strip()

    def stop(self) -> int:
        self.process.terminate()
        return self.process.wait(20)


class Household:
    """A store of its own in a private folder, granted to the tests for reminders and events, with a
    list "Chores" and an event calendar "Home" (`chores`, `home`: their identifiers)."""

    def __init__(self, prefix: str):
        self.folder = tempfile.mkdtemp(prefix=prefix)
        os.chmod(self.folder, 0o700)
        self.store = Store(self.folder)
        self.store.run("permissions", "set", "--any-program", "interop", "fullAccess", "--entity", "event")
        self.chores = self.store.call("saveCalendar", {"calendar": {"title": "Chores"}})["calendar"]["calendarIdentifier"]
        self.home = self.store.call("saveCalendar", {"calendar": {"title": "Home", "allowedEntityTypes": ["event"]}})["calendar"][
            "calendarIdentifier"]

    def event(self, title: str, start: str, end: str) -> None:
        self.store.call("saveEvent", {"event": {"title": title, "calendarIdentifier": self.home, "startDate": start, "endDate": end}})

    def events(self) -> list[dict]:
        return self.store.call("fetchEvents", {"start": "2026-12-01T00:00:00Z", "end": "2027-01-01T00:00:00Z",
                                               "calendarIdentifiers": [self.home]})["events"]


def run(*args: str, cwd: str | None = None, env: dict | None = None, stdin: str | None = None) -> str:
    """A desktop app's command; its failure names the command and what it said."""
    result = subprocess.run(list(args), capture_output=True, text=True, timeout=120, cwd=cwd, input=stdin,
                            env={**os.environ, **(env or {})})
    if result.returncode != 0:
        raise AssertionError(f"{' '.join(args)} exited {result.returncode}:\n{result.stdout}\n{result.stderr}")
    return result.stdout


def wait_until(predicate, timeout: float = 20.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.05)
    return predicate()
