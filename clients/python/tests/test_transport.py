"""Framing, request/response matching and notification dispatch, against a fake server."""

import io
import os
import signal
import sys
import threading
import time
import unittest

from support import FakeServer

from remindersd_client import (AuthorizationChanged, Client, ConnectionClosed, InvalidParams, Notification,
                               ProtocolError, RequestTimeout, StoreChanged)
from remindersd_client.client import find_binary
from remindersd_client.framing import FrameReader, encode_frame, encode_message


class TrickleStream(io.RawIOBase):
    """A stream that hands out at most ``n`` bytes per read, as a pipe may."""

    def __init__(self, data: bytes, n: int = 3):
        self.data, self.pos, self.n = data, 0, n

    def readable(self):
        return True

    def readinto(self, buf):
        chunk = self.data[self.pos:self.pos + min(self.n, len(buf))]
        buf[:len(chunk)] = chunk
        self.pos += len(chunk)
        return len(chunk)

    def read(self, size=-1):
        chunk = self.data[self.pos:self.pos + min(self.n, size if size >= 0 else self.n)]
        self.pos += len(chunk)
        return chunk


class FramingTests(unittest.TestCase):
    def test_encode(self):
        body = encode_message({"a": "x\ny", "b": "ü"})
        self.assertNotIn(b"\n", body)
        self.assertEqual(encode_frame(body, "ndjson"), body + b"\n")
        self.assertEqual(encode_frame(b"{}", "lsp"), b"Content-Length: 2\r\n\r\n{}")
        self.assertEqual(encode_frame("ü".encode(), "lsp")[:18], b"Content-Length: 2\r")

    def test_ndjson_reader(self):
        stream = io.BytesIO(b'\n{"a":1}\r\n  \n{"b":2}\n{"c":3}')
        reader = FrameReader(stream, "ndjson")
        self.assertEqual([reader.read(), reader.read(), reader.read(), reader.read()],
                         [b'{"a":1}', b'{"b":2}', b'{"c":3}', None])

    def test_lsp_reader(self):
        data = (b'Content-Length: 7\r\n\r\n{"a":1}'
                b'content-length: 7\nContent-Type: application/vscode-jsonrpc; charset=utf-8\n\n{"b":2}'
                b'\r\nContent-Length:2\r\n\r\n{}')
        for stream in (io.BytesIO(data), TrickleStream(data)):
            reader = FrameReader(stream, "lsp")
            self.assertEqual([reader.read(), reader.read(), reader.read(), reader.read()],
                             [b'{"a":1}', b'{"b":2}', b"{}", None])

    def test_lsp_reader_accepts_ndjson_messages(self):
        reader = FrameReader(io.BytesIO(b'{"a":1}\nContent-Length: 2\r\n\r\n{}'), "lsp")
        self.assertEqual(reader.read(), b'{"a":1}')
        self.assertEqual(reader.read(), b"{}")
        self.assertEqual(reader.ndjson_in_lsp, 1)

    def test_lsp_reader_errors(self):
        for data in (b"Content-Type: x\r\n\r\n{}", b"Content-Length: x\r\n\r\n", b"garbage\r\n\r\n",
                     b"Content-Length: 10\r\n\r\n{}", b"Content-Length: 2\r\n"):
            with self.subTest(data=data), self.assertRaises(ProtocolError):
                FrameReader(io.BytesIO(data), "lsp").read()


class FakeServerTests:
    FRAMING = "ndjson"

    def test_initialize_and_shutdown(self):
        server = FakeServer(self.FRAMING)
        client = server.client(client_name="fake-test", client_version="1.0", time_zone="Europe/Berlin")
        self.assertEqual(client.server_info.name, "fake")
        self.assertEqual(client.time_zone, "Europe/Berlin")
        self.assertEqual(client.tzinfo.key, "Europe/Berlin")
        init = server.received[0]
        self.assertEqual(init["params"], {"clientInfo": {"name": "fake-test", "version": "1.0"},
                                          "timeZone": "Europe/Berlin"})
        client.close()
        self.assertTrue(server.exited.wait(5))
        self.assertEqual(server.methods(), ["initialize", "initialized", "shutdown", "exit"])
        self.assertTrue(client.closed)
        with self.assertRaises(ConnectionClosed):
            client.call("calendars")

    def test_notifications_between_responses(self):
        def handler(message, server):
            if message.get("method") == "calendars":
                # notifications before, between and after the answer
                server.notify("storeChanged", {"changedIdentifiers": ["A", "B"], "future": 1})
                server.notify("authorizationChanged", {"entityType": "reminder", "status": "denied"})
                server.result(message, {"calendars": [], "somethingNew": 1})
                server.notify("storeChanged", {})
                server.notify("somethingElse", [1])
                server.notify("storeChanged")
                return None
            return False

        server = FakeServer(self.FRAMING, handler)
        store_events, auth_events, raw = [], [], []
        done = threading.Event()
        with server.client(on_store_changed=store_events.append) as client:
            client.on_authorization_changed(auth_events.append)

            @client.on_notification
            def everything(note):
                raw.append(note)
                if len(raw) == 5:
                    done.set()

            self.assertEqual(client.calendars(), [])
            self.assertTrue(done.wait(5))
        self.assertEqual([e.changed_identifiers for e in store_events], [["A", "B"], None, None])
        self.assertIsInstance(store_events[0], StoreChanged)
        self.assertEqual(store_events[0].extra, {"future": 1})
        self.assertEqual(auth_events, [AuthorizationChanged("reminder", "denied")])
        self.assertEqual([n.method for n in raw],
                         ["storeChanged", "authorizationChanged", "storeChanged", "somethingElse", "storeChanged"])
        self.assertEqual(raw[3], Notification("somethingElse", [1]))

    def test_notification_without_any_request(self):
        server = FakeServer(self.FRAMING)
        with server.client() as client:
            got = []
            client.on_store_changed(got.append)
            waiter = threading.Thread(target=lambda: got.append(client.wait_for_notification("storeChanged", 5)))
            waiter.start()
            time.sleep(0.1)
            server.notify("storeChanged", {"changedIdentifiers": ["X"]})
            waiter.join(5)
            self.assertEqual(len(got), 2)
            self.assertTrue(all(isinstance(e, StoreChanged) for e in got))
            self.assertIsNone(client.wait_for_notification("storeChanged", 0.05))

    def test_callback_may_call_the_client_and_may_raise(self):
        def handler(message, server):
            method = message.get("method")
            if method == "authorizationStatus":
                server.result(message, {"status": "fullAccess"})
            elif method == "commit":
                server.notify("storeChanged", {})
                server.result(message, {})
            else:
                return False

        server = FakeServer(self.FRAMING, handler)
        statuses = []
        done = threading.Event()
        with server.client() as client:
            @client.on_store_changed
            def broken(event):
                raise RuntimeError("a bug in a callback")

            @client.on_store_changed
            def calls_back(event):
                statuses.append(client.authorization_status())
                done.set()

            with self.assertLogs("remindersd_client", "ERROR"):
                client.commit()
                self.assertTrue(done.wait(5))
        self.assertEqual(statuses, ["fullAccess"])

    def test_concurrent_calls_answered_out_of_order(self):
        held = []
        lock = threading.Lock()

        def handler(message, server):
            if message.get("method") == "calendarItem":
                with lock:
                    held.append(message)
                    if len(held) == 8:
                        for m in reversed(held):
                            server.result(m, {"reminder": {"calendarItemIdentifier": m["params"]["identifier"],
                                                           "title": "t", "brandNew": True}})
                return None
            return False

        server = FakeServer(self.FRAMING, handler)
        results = {}
        with server.client() as client:
            def worker(i):
                results[i] = client.calendar_item("id-%d" % i)

            threads = [threading.Thread(target=worker, args=(i,)) for i in range(8)]
            for t in threads:
                t.start()
            for t in threads:
                t.join(5)
        self.assertEqual({i: r.identifier for i, r in results.items()}, {i: "id-%d" % i for i in range(8)})
        self.assertEqual(results[0].extra, {"brandNew": True})

    def test_batch_and_result_extras(self):
        def handler(message, server):
            if isinstance(message, list):
                out = []
                for m in message:
                    if m["method"] == "fetchReminders":
                        out.append({"jsonrpc": "2.0", "id": m["id"],
                                    "result": {"reminders": [{"title": "a"}], "nextCursor": "c2", "total": 9}})
                    else:
                        out.append({"jsonrpc": "2.0", "id": m["id"], "error": {
                            "code": -32602, "message": "bad", "data": {"field": "reminder.priority",
                                                                       "reason": "priorityIsInvalid"}}})
                server.send(out)
                return None
            if message.get("method") == "saveReminder":
                server.result(message, {"reminder": {"title": "r"}, "completedOccurrence": {"title": "done"},
                                        "futureMember": 1})
                return None
            if message.get("method") == "fetchReminders":
                server.result(message, {"reminders": [], "nextCursor": "c9"})
                return None
            return False

        server = FakeServer(self.FRAMING, handler)
        with server.client() as client:
            fetched, error = client.call_batch([("fetchReminders", {}), ("saveReminder", {})],
                                               return_exceptions=True)
            self.assertEqual(fetched["nextCursor"], "c2")
            self.assertIsInstance(error, InvalidParams)
            self.assertEqual(error.reason, "priorityIsInvalid")
            page = client.fetch_reminders()
            self.assertEqual((list(page), page.next_cursor), ([], "c9"))
            saved = client.save_reminder({"title": "r"})
            self.assertEqual(saved.completed_occurrence.title, "done")
            self.assertEqual(saved.result_extra, {"futureMember": 1})

    def test_timeout_cancels(self):
        def handler(message, server):
            if message.get("method") == "fetchReminders":
                return None  # never answered
            if message.get("method") == "$/cancelRequest":
                return None
            return False

        server = FakeServer(self.FRAMING, handler)
        with server.client() as client:
            with self.assertRaises(RequestTimeout):
                client.call("fetchReminders", {}, timeout=0.2)
            deadline = time.time() + 5
            while "$/cancelRequest" not in server.methods() and time.time() < deadline:
                time.sleep(0.01)
            cancel = [m for m in server.received if m.get("method") == "$/cancelRequest"][0]
            fetch = [m for m in server.received if m.get("method") == "fetchReminders"][0]
            self.assertEqual(cancel["params"], {"id": fetch["id"]})

    def test_server_going_away_fails_pending_calls(self):
        def handler(message, server):
            if message.get("method") == "fetchReminders":
                server.notify("storeChanged", {})
                server.close()
                return None
            return False

        server = FakeServer(self.FRAMING, handler)
        client = server.client()
        with self.assertRaises(ConnectionClosed):
            client.fetch_reminders()
        with self.assertRaises(ConnectionClosed):
            client.calendars()
        client.close()  # no shutdown possible: still closes quietly
        self.assertNotIn("shutdown", server.methods())

    def test_garbage_from_server_is_skipped(self):
        def handler(message, server):
            if message.get("method") == "commit":
                if self.FRAMING == "ndjson":
                    server.send_raw(b"not json\n")
                else:
                    server.send_raw(b"Content-Length: 8\r\n\r\nnot json")
                server.send({"jsonrpc": "2.0", "id": None, "error": {"code": -32700, "message": "Parse error"}})
                server.result(message, {})
                return None
            return False

        server = FakeServer(self.FRAMING, handler)
        with server.client() as client, self.assertLogs("remindersd_client", "WARNING"):
            client.commit()


    def test_close_gives_up_on_a_silent_server(self):
        def handler(message, server):
            if message.get("method") in ("shutdown", "exit"):
                return None  # never answers, never goes away
            return False

        server = FakeServer(self.FRAMING, handler)
        client = server.client(shutdown_timeout=0.3)
        started = time.monotonic()
        client.close()
        self.assertLess(time.monotonic() - started, 3)
        self.assertTrue(client.closed)
        server.close()


STUBBORN_SERVER = r"""
import json, signal, sys, time
signal.signal(signal.SIGTERM, signal.SIG_IGN)
for line in sys.stdin:
    message = json.loads(line)
    if message.get("method") == "initialize":
        sys.stdout.write(json.dumps({"jsonrpc": "2.0", "id": message["id"], "result": {}}) + "\n")
        sys.stdout.flush()
time.sleep(30)  # ignores shutdown, exit and the end of its input
"""


class SpawnTests(unittest.TestCase):
    def test_kill_after_timeout(self):
        client = Client([sys.executable, "-c", STUBBORN_SERVER], timeout=5, shutdown_timeout=0.5)
        self.assertEqual(client.command[3:], ["serve", "--no-consent-prompt"])
        started = time.monotonic()
        with self.assertLogs("remindersd_client", "WARNING"):
            self.assertEqual(client.close(), -signal.SIGKILL)
        self.assertLess(time.monotonic() - started, 5)

    def test_terminate_after_timeout(self):
        polite = STUBBORN_SERVER.replace("signal.signal(signal.SIGTERM, signal.SIG_IGN)", "")
        client = Client([sys.executable, "-c", polite], timeout=5, shutdown_timeout=0.3)
        with self.assertLogs("remindersd_client", "WARNING"):
            self.assertEqual(client.close(), -signal.SIGTERM)

    def test_binary_lookup(self):
        old = os.environ.get("REMINDERSD_BIN")
        try:
            os.environ["REMINDERSD_BIN"] = "/opt/x/remindersd"
            self.assertEqual(find_binary(), ["/opt/x/remindersd"])
            self.assertEqual(find_binary("/bin/rd"), ["/bin/rd"])
            self.assertEqual(find_binary(["ssh", "host", "remindersd"]), ["ssh", "host", "remindersd"])
            del os.environ["REMINDERSD_BIN"]
            path = os.environ.get("PATH", "")
            os.environ["PATH"] = "/nonexistent"
            try:
                with self.assertRaises(FileNotFoundError):
                    find_binary()
            finally:
                os.environ["PATH"] = path
        finally:
            if old is None:
                os.environ.pop("REMINDERSD_BIN", None)
            else:
                os.environ["REMINDERSD_BIN"] = old

    def test_options_become_server_arguments(self):
        client = Client([sys.executable, "-c", STUBBORN_SERVER], store="/tmp/s.sqlite", consent_agent="agent",
                        consent_prompt=True, consent_timeout=2.5, log_level="debug", server_args=["--max-batch", "5"],
                        initialize=False, shutdown_timeout=0.2)
        try:
            self.assertEqual(client.command[3:], ["serve", "--store", "/tmp/s.sqlite", "--consent-agent", "agent",
                                                  "--consent-timeout", "2.5", "--log-level", "debug",
                                                  "--max-batch", "5"])
        finally:
            with self.assertLogs("remindersd_client", "WARNING"):
                client.close()


class NDJSONFakeServerTests(FakeServerTests, unittest.TestCase):
    FRAMING = "ndjson"


class LSPFakeServerTests(FakeServerTests, unittest.TestCase):
    FRAMING = "lsp"


if __name__ == "__main__":
    unittest.main()
