"""The remindersd binary as the interop suites drive it: the command line, and served sessions."""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
import threading
import queue

BIN = os.environ.get("REMINDERSD_BIN", "remindersd")


class Store:
    """A store file of its own, with a client granted full access."""

    def __init__(self, folder: str, name: str = "store"):
        self.path = os.path.join(folder, name + ".sqlite")
        self.run("permissions", "set", "--any-program", "interop", "fullAccess")

    def run(self, *args: str, check: bool = True, stdin: str | None = None) -> subprocess.CompletedProcess:
        result = subprocess.run([BIN, *args, "--store", self.path], input=stdin, capture_output=True, text=True, timeout=180)
        if check and result.returncode != 0:
            raise AssertionError(f"remindersd {' '.join(args)} exited {result.returncode}: {result.stdout}\n{result.stderr}")
        return result

    def call(self, method: str, params: dict | None = None):
        result = subprocess.run([BIN, "call", method, json.dumps(params or {}), "--store", self.path, "--client", "interop"],
                                capture_output=True, text=True, timeout=60)
        if result.returncode != 0:
            raise AssertionError(f"{method}: {result.stderr}")
        return json.loads(result.stdout)

    def sync(self, *args: str, check: bool = True) -> dict:
        result = self.run("sync", "--json", *args, check=False)
        report = json.loads(result.stdout) if result.stdout.strip() else {}
        if check and result.returncode != 0:
            raise AssertionError(f"sync failed ({result.returncode}): {json.dumps(report, indent=1)}\n{result.stderr}")
        return report

    def add_account(self, name: str, url: str, user: str = "alice", password: str = "secret", *extra: str) -> None:
        secret = os.path.join(os.path.dirname(self.path), f"{name}.password")
        with open(secret, "w") as f:
            f.write(password + "\n")
        os.chmod(secret, 0o600)
        self.run("accounts", "add", name, "--url", url, "--username", user, "--password-file", secret, *extra)

    def lists(self) -> list[dict]:
        return self.call("calendars")["calendars"]

    def list_named(self, title: str) -> dict:
        found = [c for c in self.lists() if c["title"] == title]
        assert len(found) == 1, f"{title!r} in {[c['title'] for c in self.lists()]}"
        return found[0]

    def reminders(self, calendar: str | None = None) -> list[dict]:
        predicate: dict = {"kind": "all"}
        if calendar:
            predicate["calendarIdentifiers"] = [calendar]
        return self.call("fetchReminders", {"predicate": predicate})["reminders"]

    def reminder_titled(self, title: str, calendar: str | None = None) -> dict:
        found = [r for r in self.reminders(calendar) if r["title"] == title]
        assert len(found) == 1, f"{title!r}: {[r['title'] for r in self.reminders(calendar)]}"
        return found[0]

    def save(self, reminder: dict) -> dict:
        return self.call("saveReminder", {"reminder": reminder})["reminder"]


class Session:
    """A served session (NDJSON over pipes), for methods with notifications ($/progress, storeChanged)."""

    def __init__(self, store: Store, client: str = "interop"):
        self.process = subprocess.Popen([BIN, "--store", store.path, "--no-consent-prompt"], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.messages: "queue.Queue[dict]" = queue.Queue()
        self.notifications: list[dict] = []
        threading.Thread(target=self._read, daemon=True).start()
        self.next_id = 0
        self.request("initialize", {"clientInfo": {"name": client}})

    def _read(self) -> None:
        for line in self.process.stdout:
            self.messages.put(json.loads(line))

    def request(self, method: str, params: dict | None = None, timeout: float = 120) -> dict:
        self.next_id += 1
        self.process.stdin.write(json.dumps({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params or {}}) + "\n")
        while True:
            message = self.messages.get(timeout=timeout)
            if "id" in message and message["id"] == self.next_id:
                return message
            self.notifications.append(message)

    def wait_for_notification(self, method: str, timeout: float = 10) -> dict:
        for n in self.notifications:
            if n.get("method") == method:
                self.notifications.remove(n)
                return n
        while True:
            message = self.messages.get(timeout=timeout)
            if message.get("method") == method:
                return message
            self.notifications.append(message)

    def close(self) -> None:
        try:
            self.request("shutdown", timeout=10)
            self.process.stdin.write(json.dumps({"jsonrpc": "2.0", "method": "exit"}) + "\n")
            self.process.stdin.close()
            self.process.wait(10)
        except Exception:
            self.process.kill()
