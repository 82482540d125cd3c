"""The consent agents remindersd ships, asked for real: `--desktop` shows a notification with
Allow and Deny on the session bus (python3-dbusmock's recording server here, dunst in
test_dunst.py), `--terminal` asks in the terminal where `remindersd permissions listen` runs
(a pseudo-terminal of the test's, typed into as a person would)."""

import json
import os
import pty
import re
import select
import subprocess
import time
import unittest

from test_desktop import BIN, DesktopNotifications


class ConsentAgents(DesktopNotifications):
    """The base class brings the mock notification server and a store; these tests use its bus."""

    def request(self, client: str) -> subprocess.Popen:
        params = {"entityType": "reminder", "level": "full", "usageDescription": "Shows your reminders in the test"}
        return subprocess.Popen([BIN, "call", "requestAccess", json.dumps(params), "--client", client, "--store", self.store,
                                 "--no-consent-prompt"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    def answer(self, call: subprocess.Popen) -> dict:
        out, errors = call.communicate(timeout=90)
        self.assertEqual(call.returncode, 0, errors)
        return json.loads(out)

    def status(self, client: str) -> str:
        out = self.remindersd("permissions", "list").stdout
        return [json.loads(line)["status"] for line in out.splitlines() if json.loads(line)["client"] == client][-1]

    def test_the_desktop_agent_asks_with_allow_and_deny_and_allow_grants(self):
        self.remindersd("permissions", "consent-agent", "--desktop")
        self.assertEqual(self.remindersd("permissions", "consent-agent").stdout.strip(), "remindersd:desktop")
        call = self.request("desktop-test")
        calls = self.wait_for_notifications(1, 30)
        self.assertEqual(len(calls), 1, "one notification asks")
        for expected in ('"Allow "desktop-test" full access to your reminders?"', "Shows your reminders in the test", "Program: ",
                         '"allow"', '"Allow"', '"deny"', '"Deny"'):
            self.assertIn(expected, calls[0])
        self.emit("ActionInvoked", "us", "[<uint32 1>, <'allow'>]")
        self.assertEqual(self.answer(call), {"granted": True, "status": "fullAccess"})

    def test_closing_the_desktop_question_denies(self):
        self.remindersd("permissions", "consent-agent", "--desktop")
        call = self.request("closing-test")
        self.assertEqual(len(self.wait_for_notifications(1, 30)), 1)
        self.emit("NotificationClosed", "uu", "[<uint32 1>, <uint32 2>]")
        self.assertEqual(self.answer(call), {"granted": False, "status": "denied"})

    def listen(self) -> tuple[int, int]:
        pid, master = pty.fork()
        if pid == 0:
            os.execv(BIN, [BIN, "permissions", "listen"])
        self.read_until(master, "Ctrl-C stops")
        return pid, master

    def read_until(self, master: int, text: str, seconds: float = 30) -> str:
        seen = ""
        deadline = time.time() + seconds
        while text not in seen:
            ready, _, _ = select.select([master], [], [], max(0.0, deadline - time.time()))
            if not ready:
                self.fail(f"waited in vain for {text!r} on the listener's terminal; it showed {seen!r}")
            seen += os.read(master, 4096).decode(errors="replace")
        return seen

    def stop(self, pid: int, master: int) -> None:
        os.kill(pid, 15)
        os.waitpid(pid, 0)
        os.close(master)

    def test_the_terminal_agent_asks_where_permissions_listen_runs(self):
        self.remindersd("permissions", "consent-agent", "--terminal")
        pid, master = self.listen()
        try:
            call = self.request("terminal-test")
            shown = self.read_until(master, " to allow it")
            self.assertRegex(shown, r'"terminal-test" asks for full access to your reminders:\r?\n  Shows your reminders in the test\r?\nProgram: ')
            word = re.search(r"Type (\w+) to allow it", shown).group(1)
            os.write(master, word.encode() + b"\n")
            self.assertEqual(self.answer(call), {"granted": True, "status": "fullAccess"})
            self.read_until(master, "allowed")
        finally:
            self.stop(pid, master)

    def test_keys_typed_before_the_question_grant_nothing(self):
        self.remindersd("permissions", "consent-agent", "--terminal")
        pid, master = self.listen()
        try:
            os.write(master, b"allow\n")  # typed ahead, or pushed in before anyone asked
            time.sleep(0.2)
            call = self.request("typeahead-test")
            self.read_until(master, " to allow it")
            os.write(master, b"allow\n")  # blind: not the word the question shows
            self.assertEqual(self.answer(call), {"granted": False, "status": "denied"})
        finally:
            self.stop(pid, master)

    def test_with_nobody_listening_nobody_is_asked_and_nothing_is_decided(self):
        self.remindersd("permissions", "consent-agent", "--terminal")
        call = self.request("nobody-test")
        self.assertEqual(self.answer(call), {"granted": False, "status": "notDetermined"})
        self.assertEqual(self.status("nobody-test"), "notDetermined")


def load_tests(loader, tests, pattern):
    return unittest.TestSuite(ConsentAgents(name) for name in loader.getTestCaseNames(ConsentAgents) if name.startswith("test_the_")
                              or name.startswith("test_closing") or name.startswith("test_keys") or name.startswith("test_with_nobody"))
