"""The sessions the scope test drives: `remindersd serve` and `remindersd mcp` over NDJSON pipes,
each in a session of its own (no terminal to ask on), every notification kept for checking."""

from __future__ import annotations

import json
import os
import queue
import subprocess
import threading
import time

BIN = os.environ["REMINDERSD_BIN"]


class Peer:
    def __init__(self, store: str, *args: str):
        self.process = subprocess.Popen([BIN, *args, "--store", store], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, text=True, bufsize=1, start_new_session=True)
        self.messages: "queue.Queue[dict]" = queue.Queue()
        self.notifications: list[dict] = []
        self.next_id = 0
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.process.stdout:
            self.messages.put(json.loads(line))

    def send(self, message: dict) -> None:
        self.process.stdin.write(json.dumps(message) + "\n")
        self.process.stdin.flush()

    def request(self, method: str, params: dict | None = None, timeout: float = 120) -> dict:
        self.next_id += 1
        message = {"jsonrpc": "2.0", "id": self.next_id, "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)
        deadline = time.monotonic() + timeout
        while True:
            answer = self.messages.get(timeout=max(0.1, deadline - time.monotonic()))
            if answer.get("id") == self.next_id and "method" not in answer:
                return answer
            self.notifications.append(answer)

    def notify(self, method: str, params: dict | None = None) -> None:
        self.send({"jsonrpc": "2.0", "method": method, **({"params": params} if params is not None else {})})

    def collect(self, seconds: float) -> list[dict]:
        """The notifications that came, waiting `seconds` for more; taken out of `notifications`."""
        deadline = time.monotonic() + seconds
        while True:
            try:
                self.notifications.append(self.messages.get(timeout=max(0.01, deadline - time.monotonic())))
            except queue.Empty:
                break
        taken, self.notifications = self.notifications, []
        return taken

    def wait_for(self, predicate, timeout: float = 15) -> dict | None:
        """The first notification (kept or coming) `predicate` accepts, within `timeout`."""
        deadline = time.monotonic() + timeout
        for index, message in enumerate(self.notifications):
            if predicate(message):
                return self.notifications.pop(index)
        while time.monotonic() < deadline:
            try:
                message = self.messages.get(timeout=max(0.01, deadline - time.monotonic()))
            except queue.Empty:
                break
            if predicate(message):
                return message
            self.notifications.append(message)
        return None

    def close(self) -> None:
        try:
            self.process.stdin.close()
            self.process.wait(10)
        except Exception:
            self.process.kill()


class Served(Peer):
    """`remindersd serve` as `client`, initialized."""

    def __init__(self, store: str, client: str):
        super().__init__(store, "--no-consent-prompt")
        answer = self.request("initialize", {"clientInfo": {"name": client}, "capabilities": {"alarms": True}})
        assert "result" in answer, answer
        self.notify("initialized", {})

    def call(self, method: str, params: dict | None = None) -> dict:
        answer = self.request(method, params or {})
        if "error" in answer:
            raise AssertionError(f"{method} {json.dumps(params)[:300]}: {answer['error']}")
        return answer["result"]


class Assistant(Peer):
    """`remindersd mcp` as `client`, through the initialize handshake (2025-11-25)."""

    def __init__(self, store: str, client: str):
        super().__init__(store, "mcp")
        answer = self.request("initialize", {"protocolVersion": "2025-11-25", "capabilities": {},
                                             "clientInfo": {"name": client, "version": "1"}})
        assert "result" in answer, answer
        self.notify("notifications/initialized")

    def tool(self, name: str, arguments: dict) -> dict:
        return self.request("tools/call", {"name": name, "arguments": arguments})
