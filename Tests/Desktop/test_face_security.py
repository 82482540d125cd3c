"""The face refusing what it must, to python-caldav (a client nobody here wrote) and to raw HTTP:
another app's password, a revoked app, a wrong Host, a read-only list written, a list outside
the grant — each with the right status, and nothing changed in the store."""

from __future__ import annotations

import base64
import http.client
import os
import shutil
import tempfile
import unittest

import caldav
from caldav.lib import error as caldav_error

from face import Face, Store

TODO = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VTODO\r\nUID:{uid}\r\nSUMMARY:{summary}\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"


class FaceSecurityTests(unittest.TestCase):
    def setUp(self) -> None:
        self.folder = tempfile.mkdtemp(prefix="remindersd-face-")
        os.chmod(self.folder, 0o700)
        self.store = Store(self.folder)
        self.chores = self.store.call("saveCalendar", {"calendar": {"title": "Chores"}})["calendar"]["calendarIdentifier"]
        self.shared = self.store.call("saveCalendar", {"calendar": {"title": "Shared"}})["calendar"]["calendarIdentifier"]
        self.secret = self.store.call("saveCalendar", {"calendar": {"title": "Secret"}})["calendar"]["calendarIdentifier"]
        self.store.save({"title": "Hidden", "calendarIdentifier": self.secret})
        self.face = Face(self.store)
        self.thunderbird = self.face.add_app("thunderbird", "--lists", "Chores", "--read-only-lists", "Shared", "--entity", "reminder")
        self.evolution = self.face.add_app("evolution")

    def tearDown(self) -> None:
        self.face.stop()
        shutil.rmtree(self.folder, ignore_errors=True)

    def client(self, user: str, password: str) -> caldav.DAVClient:
        return caldav.DAVClient(url=self.face.url, username=user, password=password)

    def raw(self, method: str, path: str, user: str, password: str, body: str = "", host: str | None = None) -> int:
        connection = http.client.HTTPConnection("127.0.0.1", self.face.port, timeout=20)
        headers = {"Authorization": "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode(),
                   "Host": host or f"127.0.0.1:{self.face.port}", "Content-Type": "text/calendar", "Depth": "1"}
        connection.request(method, path, body=body.encode(), headers=headers)
        status = connection.getresponse().status
        connection.close()
        return status

    def titles(self) -> list[str]:
        return sorted(r["title"] for r in self.store.reminders())

    def test_the_grant_decides_what_an_app_sees_and_writes(self) -> None:
        calendars = {c.get_display_name() for c in self.client("thunderbird", self.thunderbird).principal().calendars()}
        self.assertEqual(calendars, {"Chores", "Shared"}, "the grant's lists only")
        every = {c.get_display_name() for c in self.client("evolution", self.evolution).principal().calendars()}
        self.assertTrue({"Chores", "Shared", "Secret"} <= every)

        base = f"/dav/thunderbird/"
        self.assertEqual(self.raw("PUT", f"{base}{self.chores}/a.ics", "thunderbird", self.thunderbird, TODO.format(uid="a", summary="Mine")), 201)
        self.assertEqual(self.raw("PUT", f"{base}{self.shared}/b.ics", "thunderbird", self.thunderbird, TODO.format(uid="b", summary="RO")), 403,
                         "a list it may only read")
        self.assertEqual(self.raw("PUT", f"{base}{self.secret}/c.ics", "thunderbird", self.thunderbird, TODO.format(uid="c", summary="X")), 404,
                         "a list outside its grant does not exist for it")
        self.assertEqual(self.raw("PROPFIND", f"{base}{self.secret}/", "thunderbird", self.thunderbird), 404)
        self.assertEqual(self.raw("PROPFIND", f"/dav/evolution/", "thunderbird", self.thunderbird), 404, "another app's home")
        self.assertEqual(self.raw("PROPFIND", base, "thunderbird", self.evolution), 401, "another app's password")
        self.assertEqual(self.raw("PROPFIND", base, "thunderbird", self.thunderbird, host="attacker.example:80"), 421,
                         "a Host that is not this server's (DNS rebinding)")
        self.assertEqual(self.titles(), ["Hidden", "Mine"], "only the one allowed write happened")

        self.store.run("permissions", "set", "thunderbird", "denied", "--program", "caldav")
        with self.assertRaises(caldav_error.AuthorizationError):
            self.client("thunderbird", self.thunderbird).principal().calendars()
        self.assertEqual(self.raw("PUT", f"{base}{self.chores}/d.ics", "thunderbird", self.thunderbird, TODO.format(uid="d", summary="Late")), 401,
                         "revoked: refused at the next request")
        self.store.run("dav", "remove-app", "evolution")
        self.assertEqual(self.raw("PROPFIND", "/dav/evolution/", "evolution", self.evolution), 401, "a removed app")
        self.assertEqual(self.titles(), ["Hidden", "Mine"])
