"""A conflict met by the agent's live sync reaches the person as a desktop notification (the
recording notification server of python3-dbusmock), with Radicale as the phone's server: the
sync never loses an edit silently."""

import json
import os
import shutil
import socket
import subprocess
import tempfile
import time
import unittest
import urllib.request
import base64

from test_desktop import BIN, DesktopNotifications

RADICALE_PYTHON = os.environ.get("RADICALE_PYTHON", "")


def radicale_available() -> bool:
    return bool(RADICALE_PYTHON) and subprocess.run([RADICALE_PYTHON, "-c", "import radicale"], capture_output=True).returncode == 0


@unittest.skipUnless(radicale_available(), "needs Radicale in the tests' venv (scripts/python-venv)")
class SyncConflictNotification(DesktopNotifications):
    """Runs only its own test; the base class brings the mock notification server and the store."""

    def setUp(self) -> None:
        super().setUp()
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        with open(os.path.join(self.folder, "users"), "w") as f:
            f.write("alice:secret\n")
        self.radicale = subprocess.Popen(
            [RADICALE_PYTHON, "-m", "radicale", "--server-hosts", f"127.0.0.1:{self.port}",
             "--storage-filesystem-folder", os.path.join(self.folder, "collections"), "--auth-type", "htpasswd",
             "--auth-htpasswd-filename", os.path.join(self.folder, "users"), "--auth-htpasswd-encryption", "plain",
             "--auth-delay", "0"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), 1).close()
                break
            except OSError:
                if time.time() > deadline:
                    self.fail("Radicale did not start")
                time.sleep(0.1)
        secret = os.path.join(self.folder, "password")
        with open(secret, "w") as f:
            f.write("secret\n")
        os.chmod(secret, 0o600)
        self.remindersd("accounts", "add", "home", "--url", f"http://127.0.0.1:{self.port}/", "--username", "alice",
                        "--password-file", secret)

    def tearDown(self) -> None:
        self.radicale.terminate()
        self.radicale.wait(10)
        super().tearDown()

    def http(self, method: str, href: str, body: bytes | None = None) -> bytes:
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}{href}", data=body, method=method)
        request.add_header("Authorization", "Basic " + base64.b64encode(b"alice:secret").decode())
        if body is not None:
            request.add_header("Content-Type", "text/calendar")
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.read()

    def test_a_conflict_of_the_live_sync_is_a_notification(self):
        made = self.remindersd("call", "saveCalendar", json.dumps({"calendar": {"title": "Home", "source": {"account": "home"}}}),
                               "--client", "alarms-test")
        home = json.loads(made.stdout)["calendar"]["calendarIdentifier"]
        bins = self.save({"title": "Bins out", "calendarIdentifier": home})
        self.remindersd("sync")
        href = subprocess.run(["sqlite3", "-readonly", self.store, "SELECT href FROM sync_items"],
                              capture_output=True, text=True, check=True).stdout.strip()
        # The phone renames it (an hour ago, by its clock), then this machine renames it; the agent's first sync meets both.
        text = self.http("GET", href).decode()
        earlier = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime(time.time() - 3600))
        lines = [("LAST-MODIFIED:" + earlier) if line.startswith("LAST-MODIFIED") else line
                 for line in text.replace("SUMMARY:Bins out", "SUMMARY:Bins and recycling out").splitlines()]
        self.http("PUT", href, "\r\n".join(lines).encode() + b"\r\n")
        self.save({"calendarItemIdentifier": bins["calendarItemIdentifier"], "title": "Bins out (Monday)"})
        agent = subprocess.Popen([BIN, "agent", "--store", self.store, "--sync", "1h"], stderr=subprocess.PIPE, text=True)
        try:
            calls = self.wait_for_notifications(1, 30)
        finally:
            agent.terminate()
            _, errors = agent.communicate(timeout=20)
        self.assertEqual(len(calls), 1, errors)
        for expected in ('"Sync conflict"', '"Bins out (Monday)', "kept the change made here", '"Bins and recycling out"', "undo change"):
            self.assertIn(expected, calls[0])
        self.assertIn("warning: sync conflict in home", errors)


def load_tests(loader, tests, pattern):
    return unittest.TestSuite([SyncConflictNotification("test_a_conflict_of_the_live_sync_is_a_notification")])
