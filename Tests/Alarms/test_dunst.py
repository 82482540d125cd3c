"""The agent's notifications on dunst itself, on Xvfb: dunst sends ActionInvoked and
NotificationClosed to the notification's sender only (python3-dbusmock broadcasts them), so this
is what shows that Complete, Snooze and closing reach the agent on a real server. dunst's context
menu (`dunstctl context`) runs its dmenu program, here one that picks the line we name."""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import unittest

from test_desktop import BIN, soon


def tool(name: str) -> bool:
    return shutil.which(name) is not None


@unittest.skipUnless(tool("dunst") and tool("dunstctl") and tool("Xvfb"), "needs dunst and Xvfb (Debian: dunst, xvfb)")
class DunstNotifications(unittest.TestCase):
    def setUp(self) -> None:
        self.folder = tempfile.mkdtemp(prefix="dunst-test-")
        self.store = os.path.join(self.folder, "store.sqlite")
        self.pick = os.path.join(self.folder, "pick")
        picker = os.path.join(self.folder, "dmenu")
        with open(picker, "w") as f:
            # dunst writes one line per action ("#Complete (Water the plants) [3,complete]"); the
            # line holding the text in `pick` is the choice.
            f.write(f"#!/bin/sh\nmenu=$(cat)\nprintf '%s\\n' \"$menu\" | grep -F -m1 -- \"$(cat '{self.pick}')\"\n")
        os.chmod(picker, 0o755)
        config = os.path.join(self.folder, "dunstrc")
        with open(config, "w") as f:
            f.write(f"[global]\ndmenu = {picker}\n")
        read, write = os.pipe()
        self.xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "800x600x24", "-nolisten", "tcp"],
                                     pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as display:
            number = display.readline().strip()
        self.assertTrue(number, "Xvfb gave no display")
        self.env = dict(os.environ, DISPLAY=":" + number)
        self.dunst = subprocess.Popen(["dunst", "-config", config], env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 30
        while time.time() < deadline:
            info = subprocess.run(["gdbus", "call", "--session", "--dest", "org.freedesktop.Notifications", "--object-path",
                                   "/org/freedesktop/Notifications", "--method",
                                   "org.freedesktop.Notifications.GetServerInformation"], capture_output=True, text=True)
            if info.returncode == 0 and "dunst" in info.stdout:
                break
            time.sleep(0.1)
        else:
            self.fail("dunst did not take the notification server's name")
        self.remindersd("permissions", "set", "--any-program", "dunst-test", "fullAccess")

    def tearDown(self) -> None:
        for process in (self.dunst, self.xvfb):
            process.terminate()
            process.wait(10)
        shutil.rmtree(self.folder, ignore_errors=True)

    def remindersd(self, *args: str) -> subprocess.CompletedProcess:
        result = subprocess.run([BIN, *args, "--store", self.store], capture_output=True, text=True, timeout=60)
        self.assertEqual(result.returncode, 0, result.stderr)
        return result

    def save(self, reminder: dict) -> dict:
        out = self.remindersd("call", "saveReminder", json.dumps({"reminder": reminder}), "--client", "dunst-test")
        return json.loads(out.stdout)["reminder"]

    def item(self, identifier: str) -> dict:
        out = self.remindersd("call", "calendarItem", json.dumps({"identifier": identifier}), "--client", "dunst-test")
        return json.loads(out.stdout)["reminder"]

    def ledger(self) -> dict:
        out = subprocess.run(["sqlite3", "-readonly", self.store, "SELECT alarm, state FROM alarm_deliveries"],
                             capture_output=True, text=True, check=True).stdout
        return dict(line.split("|") for line in out.splitlines())

    def displayed(self) -> int:
        out = subprocess.run(["dunstctl", "count", "displayed"], capture_output=True, text=True, env=self.env)
        return int(out.stdout.strip() or 0)

    def wait(self, condition, what: str, seconds: float = 30) -> None:
        deadline = time.time() + seconds
        while not condition():
            if time.time() > deadline:
                self.fail(f"waited in vain for {what} (ledger {self.ledger()}, {self.displayed()} displayed)")
            time.sleep(0.1)

    def choose(self, line: str) -> None:
        with open(self.pick, "w") as f:
            f.write(line)
        subprocess.run(["dunstctl", "context"], check=True, env=self.env, timeout=30)

    def test_complete_snooze_and_close_on_dunst(self):
        plants = self.save({"title": "Water the plants", "alarms": [{"absoluteDate": soon(1), "alarmIdentifier": "plants"}]})
        agent = subprocess.Popen([BIN, "agent", "--store", self.store, "--snooze", "2s", "--log-level", "info"],
                                 stderr=subprocess.PIPE, text=True, env=self.env)
        try:
            self.wait(lambda: self.displayed() == 1, "the notification on dunst")
            self.choose("#Complete (Water the plants)")
            self.wait(lambda: self.item(plants["calendarItemIdentifier"])["isCompleted"], "Complete to complete it")
            self.wait(lambda: self.ledger().get("plants") == "dismissed", "the alarm recorded as seen")

            self.save({"title": "Call the bank", "alarms": [{"absoluteDate": soon(1), "alarmIdentifier": "bank"}]})
            self.wait(lambda: self.ledger().get("bank") == "delivered" and self.displayed() >= 1, "the second notification")
            self.choose("#Snooze (Call the bank)")
            self.wait(lambda: self.ledger().get("bank") == "snoozed" or self.displayed() == 0, "Snooze to take it off the screen")
            self.wait(lambda: self.ledger().get("bank") == "delivered" and self.displayed() == 1, "the snoozed alarm again after --snooze")

            subprocess.run(["dunstctl", "close"], check=True, env=self.env)
            self.wait(lambda: self.ledger().get("bank") == "dismissed", "closing it to dismiss it")
        finally:
            agent.terminate()
            _, errors = agent.communicate(timeout=10)
            print(errors, file=sys.stderr)
        self.assertIn('completed "Water the plants" from its notification', errors)
        self.assertEqual(agent.returncode, 0, errors)
        self.assertNotIn("no desktop notification", errors)

    def test_the_desktop_consent_agent_on_dunst(self):
        self.remindersd("permissions", "consent-agent", "--desktop")
        params = {"entityType": "reminder", "level": "full", "usageDescription": "Shows your reminders in the editor"}
        call = subprocess.Popen([BIN, "call", "requestAccess", json.dumps(params), "--client", "editor", "--store", self.store,
                                 "--no-consent-prompt"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=self.env)
        self.wait(lambda: self.displayed() == 1, "the question on dunst")
        self.choose('#Allow (Allow "editor" full access to your reminders?)')
        out, errors = call.communicate(timeout=60)
        self.assertEqual(json.loads(out), {"granted": True, "status": "fullAccess"}, errors)
        self.wait(lambda: self.displayed() == 0, "the question off the screen")
