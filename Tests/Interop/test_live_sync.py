"""Always-on sync (`remindersd agent --sync`) against a real Radicale, python-caldav as the phone:
changes here reach the server within seconds, changes there arrive within the interval, a server
that goes away is caught up with no lost edit, and two syncs of one store never run at once."""

from __future__ import annotations

import fcntl
import json
import os
import signal
import subprocess
import threading
import time

from remindersd import BIN
from test_sync import SyncTestCase, vcalendar, vtodo


class Agent:
    """`remindersd agent --sync INTERVAL --notify none`, its log gathered as it comes."""

    def __init__(self, store_path: str, interval: str):
        self.process = subprocess.Popen([BIN, "agent", "--sync", interval, "--notify", "none", "--log-level", "info",
                                         "--store", store_path], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        self.lines: list[str] = []
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        for line in self.process.stderr:
            self.lines.append(line.rstrip("\n"))

    def count(self, text: str) -> int:
        return sum(text in line for line in self.lines)

    def stop(self) -> int:
        self.process.send_signal(signal.SIGTERM)
        status = self.process.wait(30)
        self.reader.join(5)
        return status


def eventually(what: str, probe, timeout: float, step: float = 0.2):
    """Polls `probe` until it returns something true; fails naming `what` after `timeout` seconds."""
    deadline = time.time() + timeout
    while True:
        value = probe()
        if value:
            return value
        if time.time() > deadline:
            raise AssertionError(f"{what}: not within {timeout} s")
        time.sleep(step)


class LiveSync(SyncTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.cal = self.calendar("Groceries")
        self.laptop = self.store()
        self.laptop.sync()
        self.list = self.laptop.list_named("Groceries")["calendarIdentifier"]
        self.agents: list[Agent] = []

    def tearDown(self) -> None:
        for agent in self.agents:
            if agent.process.poll() is None:
                agent.process.kill()
                agent.process.wait()
        super().tearDown()

    def start_agent(self, interval: str) -> Agent:
        agent = Agent(self.laptop.path, interval)
        self.agents.append(agent)
        eventually("the agent's first sync", lambda: agent.count("synced") or agent.count("sync failed"), 30)
        return agent

    def accounts(self) -> list[dict]:
        return [json.loads(line) for line in self.laptop.run("accounts", "list").stdout.splitlines()]

    def on_server(self, summary: str) -> bool:
        return any(str(todo.icalendar_component.get("summary")) == summary for todo in self.cal.todos(include_completed=True))

    def here(self, title: str) -> bool:
        return any(reminder["title"] == title for reminder in self.laptop.reminders(self.list))

    def add_here(self, title: str) -> None:
        self.laptop.call("saveReminder", {"reminder": {"title": title, "calendarIdentifier": self.list}})

    def test_a_change_here_reaches_the_server_within_seconds_and_one_there_arrives_within_the_interval(self):
        agent = self.start_agent("3s")
        started = time.time()
        self.add_here("Buy milk")
        eventually("Buy milk on the server", lambda: self.on_server("Buy milk"), 10)
        print(f"  local change visible on the server after {time.time() - started:.1f} s")
        self.cal.save_todo(ical=vcalendar(vtodo("bread@test", "Buy bread")))
        started = time.time()
        eventually("Buy bread here", lambda: self.here("Buy bread"), 3 + 10)
        print(f"  server change here after {time.time() - started:.1f} s (interval 3 s)")
        account = self.accounts()[0]
        self.assertEqual(account["lastResult"], "ok", account)
        self.assertIsNotNone(account["lastSync"], account)
        self.assertIsNotNone(account["nextSync"], "the agent's plan, while it runs")
        self.assertEqual(agent.stop(), 0)
        self.assertIsNone(self.accounts()[0]["nextSync"], "no plan once the agent is gone")
        self.assertIsNotNone(self.accounts()[0]["lastSync"])

    def test_a_conflict_in_the_live_sync_is_logged_and_in_the_account_status(self):
        agent = self.start_agent("1h")
        self.add_here("Bins out")
        eventually("Bins out on the server", lambda: self.on_server("Bins out"), 15)
        todo = next(t for t in self.cal.todos() if str(t.icalendar_component["summary"]) == "Bins out")
        earlier = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime(time.time() - 3600))
        todo.data = "\r\n".join(line if not line.startswith("LAST-MODIFIED") else "LAST-MODIFIED:" + earlier
                                 for line in todo.data.replace("SUMMARY:Bins out", "SUMMARY:Bins and recycling out").splitlines())
        todo.save()
        mine = next(r for r in self.laptop.reminders(self.list) if r["title"] == "Bins out")
        self.laptop.call("saveReminder", {"reminder": {"calendarItemIdentifier": mine["calendarItemIdentifier"], "title": "Bins out (Monday)"}})
        line = eventually("the conflict in the agent's log", lambda: next((l for l in agent.lines if "sync conflict" in l), None), 15)
        self.assertIn("warning: sync conflict in home: an item's title changed on both sides; kept the change made here", line)
        self.assertRegex(line, r"undo change \d+ brings it back")
        self.assertNotIn("recycling", line, "nothing a person wrote at warning")
        eventually("the account's status", lambda: self.accounts()[0]["lastResult"] == "ok, 1 conflict", 10)

    def test_a_burst_of_changes_here_is_one_sync(self):
        agent = self.start_agent("1h")
        before = agent.count("synced")
        for number in range(5):
            self.add_here(f"item {number}")
        eventually("the burst on the server", lambda: all(self.on_server(f"item {n}") for n in range(5)), 15)
        time.sleep(2)  # a second sync would have started by now
        self.assertEqual(agent.count("synced") - before, 1, "\n".join(agent.lines))

    def test_a_server_that_goes_away_and_comes_back_is_caught_up_with_no_lost_edit(self):
        agent = self.start_agent("2s")
        self.server.stop()
        self.add_here("Written while the server was away")
        eventually("the failure in the log", lambda: agent.count("sync failed"), 15)
        self.add_here("And another")  # tried again at once, and failed again: no new line
        time.sleep(3)
        self.assertEqual(agent.count("sync failed"), 1, "one line per change of state:\n" + "\n".join(agent.lines))
        self.assertTrue(self.accounts()[0]["lastResult"].startswith("error: "), self.accounts()[0])
        self.server.start()
        self.add_here("Written when it came back")  # a change here tries again at once
        for title in ["Written while the server was away", "And another", "Written when it came back"]:
            eventually(f"{title!r} on the server", lambda: self.on_server(title), 15)
        eventually("the recovery in the log", lambda: agent.count("synced") >= 2, 10)
        self.assertEqual(self.accounts()[0]["lastResult"], "ok")

    def test_a_sync_started_while_another_runs_waits_for_it(self):
        lock = open(os.path.realpath(self.laptop.path) + ".sync-lock", "a+")
        fcntl.flock(lock, fcntl.LOCK_EX)  # as a running sync holds it
        waiting = subprocess.Popen([BIN, "sync", "--store", self.laptop.path], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        time.sleep(1.5)
        self.assertIsNone(waiting.poll(), "it waits while the other runs")
        fcntl.flock(lock, fcntl.LOCK_UN)
        lock.close()
        out, err = waiting.communicate(timeout=60)
        self.assertEqual(waiting.returncode, 0, out + err)
        self.assertIn("waiting for the sync already running for this store", err)
        self.assertIn("Groceries", out)

    def test_a_kill_of_the_agent_mid_sync_loses_nothing(self):
        agent = self.start_agent("1h")
        lock_path = os.path.realpath(self.laptop.path) + ".sync-lock"

        def syncing() -> bool:
            with open(lock_path, "a+") as lock:
                try:
                    fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
                except BlockingIOError:
                    return True
                fcntl.flock(lock, fcntl.LOCK_UN)
                return False

        titles = [f"burst {number}" for number in range(20)]
        for title in titles:
            self.add_here(title)
        eventually("the agent's sync of the burst", syncing, 15, step=0.01)
        agent.process.kill()  # SIGKILL, mid-sync
        agent.process.wait()
        after = self.laptop.sync()  # waits for a sync the agent left running, then takes what is left
        self.assertEqual(after["accounts"][0].get("error"), None, after)
        for title in titles:
            self.assertTrue(self.on_server(title), f"{title} on the server")
        self.assertEqual(sorted(r["title"] for r in self.laptop.reminders(self.list)), sorted(titles))
        integrity = subprocess.run(["sqlite3", self.laptop.path, "PRAGMA integrity_check"], capture_output=True, text=True)
        self.assertEqual(integrity.stdout.strip(), "ok", integrity.stderr)
