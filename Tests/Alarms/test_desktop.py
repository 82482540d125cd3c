"""Desktop notifications from `remindersd agent` on a real session bus, recorded by python3-dbusmock's
notification_daemon template (run inside dbus-run-session by ./run)."""

import datetime
import json
import re
import os
import shutil
import subprocess
import sys
import tempfile
import time
import unittest

BIN = os.environ["REMINDERSD_BIN"]


def soon(seconds: float) -> str:
    moment = datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(seconds=seconds)
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


class DesktopNotifications(unittest.TestCase):
    def setUp(self) -> None:
        self.folder = tempfile.mkdtemp(prefix="alarms-test-")
        self.store = os.path.join(self.folder, "store.sqlite")
        self.log = os.path.join(self.folder, "notifications.log")
        self.mock = subprocess.Popen(["/usr/bin/python3", "-m", "dbusmock", "--session", "-t", "notification_daemon",
                                      "-p", '{"capabilities": "actions body"}', "-l", self.log],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 20
        while time.time() < deadline:
            probe = subprocess.run(["gdbus", "call", "--session", "--dest", "org.freedesktop.Notifications", "--object-path",
                                    "/org/freedesktop/Notifications", "--method", "org.freedesktop.Notifications.GetCapabilities"],
                                   capture_output=True, text=True)
            if probe.returncode == 0:
                break
            time.sleep(0.1)
        else:
            self.fail("the mock notification server did not come up")
        self.remindersd("permissions", "set", "--any-program", "alarms-test", "fullAccess")

    def tearDown(self) -> None:
        self.mock.terminate()
        self.mock.wait(10)
        shutil.rmtree(self.folder, ignore_errors=True)

    def remindersd(self, *args: str, env: dict | None = None) -> subprocess.CompletedProcess:
        result = subprocess.run([BIN, *args, "--store", self.store], capture_output=True, text=True, timeout=60, env=env)
        self.assertEqual(result.returncode, 0, result.stderr)
        return result

    def save(self, reminder: dict) -> dict:
        out = self.remindersd("call", "saveReminder", json.dumps({"reminder": reminder}), "--client", "alarms-test")
        return json.loads(out.stdout)["reminder"]

    def notify_calls(self) -> list[str]:
        """The Notify calls the mock recorded (a body's newlines are written as they are, so a call
        may span lines: split at the timestamps that start each entry)."""
        if not os.path.exists(self.log):
            return []
        with open(self.log) as f:
            text = f.read()
        entries = re.split(r"(?m)^(?=\d+\.\d+ )", text)
        return [entry for entry in entries if " Notify " in entry]

    def test_a_due_alarm_is_a_notification_with_complete_and_snooze(self):
        lst = json.loads(self.remindersd("call", "saveCalendar", json.dumps({"calendar": {"title": "Errands"}}),
                                         "--client", "alarms-test").stdout)["calendar"]
        self.save({"title": "Pick up the parcel", "notes": "Post office, counter 3\nbring ID", "calendarIdentifier": lst["calendarIdentifier"],
                   "dueDateComponents": {"year": 2030, "month": 1, "day": 2, "hour": 9, "minute": 30},
                   "alarms": [{"absoluteDate": soon(2), "alarmIdentifier": "parcel"}]})
        agent = subprocess.Popen([BIN, "agent", "--store", self.store], stderr=subprocess.PIPE, text=True,
                                 env=dict(os.environ, TZ="Europe/Berlin"))
        deadline = time.time() + 12
        while not self.notify_calls() and time.time() < deadline:
            time.sleep(0.1)
        agent.terminate()
        _, errors = agent.communicate(timeout=10)
        self.assertEqual(agent.returncode, 0, errors)
        calls = self.notify_calls()
        print("recorded from the bus:", calls[0].strip() if calls else None, file=sys.stderr)
        self.assertEqual(len(calls), 1, errors)
        call = calls[0]
        for expected in ('"remindersd"', '"Pick up the parcel"', "Due Wed 2030-01-02 09:30", "Errands", "Post office, counter 3",
                         '"complete"', '"Complete"', '"snooze"', '"Snooze"', "urgency"):
            self.assertIn(expected, call)
        self.assertNotIn("bring ID", call, "only the notes' first line")

    def emit(self, signal: str, signature: str, args: str) -> None:
        subprocess.run(["gdbus", "call", "--session", "--dest", "org.freedesktop.Notifications", "--object-path",
                        "/org/freedesktop/Notifications", "--method", "org.freedesktop.DBus.Mock.EmitSignal",
                        "org.freedesktop.Notifications", signal, signature, args], check=True, capture_output=True)

    def wait_for_notifications(self, count: int, seconds: float) -> list[str]:
        deadline = time.time() + seconds
        while len(self.notify_calls()) < count and time.time() < deadline:
            time.sleep(0.1)
        return self.notify_calls()

    def item(self, identifier: str) -> dict:
        out = self.remindersd("call", "calendarItem", json.dumps({"identifier": identifier}), "--client", "alarms-test")
        return json.loads(out.stdout)["reminder"]

    def ledger(self) -> list[tuple]:
        out = subprocess.run(["sqlite3", "-readonly", self.store, "SELECT alarm, state FROM alarm_deliveries ORDER BY alarm"],
                             capture_output=True, text=True, check=True).stdout
        return [tuple(line.split("|")) for line in out.splitlines()]

    def test_complete_snooze_and_close_from_the_notification(self):
        done = self.save({"title": "Water the plants", "alarms": [{"absoluteDate": soon(1.5), "alarmIdentifier": "done"}]})
        agent = subprocess.Popen([BIN, "agent", "--store", self.store, "--snooze", "2s", "--log-level", "info"], stderr=subprocess.PIPE,
                                 text=True)
        try:
            self.assertEqual(len(self.wait_for_notifications(1, 10)), 1)
            self.emit("ActionInvoked", "us", "[<uint32 1>, <'complete'>]")
            deadline = time.time() + 5
            while not self.item(done["calendarItemIdentifier"])["isCompleted"] and time.time() < deadline:
                time.sleep(0.1)
            self.assertTrue(self.item(done["calendarItemIdentifier"])["isCompleted"], "Complete completed it")

            self.save({"title": "Call the bank", "alarms": [{"absoluteDate": soon(1), "alarmIdentifier": "snoozed"}]})
            self.assertEqual(len(self.wait_for_notifications(2, 10)), 2)
            self.emit("ActionInvoked", "us", "[<uint32 2>, <'snooze'>]")
            time.sleep(0.5)
            self.assertIn(("snoozed", "snoozed"), self.ledger())
            calls = self.wait_for_notifications(3, 10)
            self.assertEqual(len(calls), 3, "fired again after --snooze")
            self.assertIn('"Call the bank"', calls[2])

            self.emit("NotificationClosed", "uu", "[<uint32 3>, <uint32 2>]")
            deadline = time.time() + 5
            while ("snoozed", "dismissed") not in self.ledger() and time.time() < deadline:
                time.sleep(0.1)
            self.assertEqual(self.ledger(), [("done", "dismissed"), ("snoozed", "dismissed")])
        finally:
            agent.terminate()
            _, errors = agent.communicate(timeout=10)
        self.assertIn('completed "Water the plants" from its notification', errors)
        self.assertEqual(agent.returncode, 0, errors)

    def test_without_a_session_bus_it_says_so_once_and_the_program_still_runs(self):
        record = os.path.join(self.folder, "fired.jsonl")
        script = os.path.join(self.folder, "record.sh")
        with open(script, "w") as f:
            # One write per alarm: deliveries run side by side, and two appends each would interleave.
            f.write(f"#!/bin/sh\npayload=$(cat)\nprintf '%s\\n' \"$payload\" >> '{record}'\n")
        os.chmod(script, 0o755)
        for name in ("One", "Two"):
            self.save({"title": name, "alarms": [{"absoluteDate": soon(1.5)}]})
        env = dict(os.environ, DBUS_SESSION_BUS_ADDRESS="unix:path=" + os.path.join(self.folder, "no-bus"))
        agent = subprocess.Popen([BIN, "agent", "--store", self.store, "--on-alarm", script], stderr=subprocess.PIPE, text=True, env=env)
        deadline = time.time() + 12
        def recorded() -> int:
            if not os.path.exists(record):
                return 0
            with open(record) as f:
                return len(f.read().splitlines())
        while time.time() < deadline and recorded() < 2:
            time.sleep(0.1)
        agent.terminate()
        _, errors = agent.communicate(timeout=10)
        self.assertEqual(recorded(), 2, open(record).read() if os.path.exists(record) else "")
        self.assertEqual(errors.count("no desktop notification"), 1, errors)
        self.assertEqual(self.notify_calls(), [])


if __name__ == "__main__":
    # dunst's case too (test_dunst.py): each test starts its own notification server on this bus.
    import test_consent
    import test_dunst
    import test_sync_conflict
    loader = unittest.TestLoader()
    suite = unittest.TestSuite([loader.loadTestsFromTestCase(DesktopNotifications),
                                loader.loadTestsFromTestCase(test_dunst.DunstNotifications),
                                test_sync_conflict.load_tests(loader, None, None),
                                test_consent.load_tests(loader, None, None)])
    result = unittest.TextTestRunner(verbosity=2).run(suite)
    failed = len(result.failures) + len(result.errors)
    skipped = len(result.skipped)
    print(f"alarms: {result.testsRun - failed - skipped} passed, {failed} failed, {skipped} skipped")
    sys.exit(1 if failed else 0)
