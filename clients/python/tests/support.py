"""Test helpers: the server binary, temporary stores, consent agents, a scriptable fake server."""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import threading
import unittest
from typing import Any, Callable, Dict, List, Optional

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE_ROOT = os.path.dirname(HERE)
if PACKAGE_ROOT not in sys.path:
    sys.path.insert(0, PACKAGE_ROOT)

from remindersd_client import Client  # noqa: E402
from remindersd_client.framing import FrameReader, encode_frame, encode_message  # noqa: E402


def server_binary() -> str:
    """$REMINDERSD_BIN, else remindersd on PATH; the real-server tests need one."""
    binary = os.environ.get("REMINDERSD_BIN") or shutil.which("remindersd")
    if not binary or not os.access(binary, os.X_OK):
        raise unittest.SkipTest("no remindersd binary: set REMINDERSD_BIN")
    return binary


class TempStore:
    """A temporary directory holding HOME and a store, with helpers to run the server CLI."""

    def __init__(self) -> None:
        self.binary = server_binary()
        self.dir = tempfile.mkdtemp(prefix="remindersd-py-")
        self.home = os.path.join(self.dir, "home")
        os.makedirs(self.home)
        self.path = os.path.join(self.dir, "store", "reminders.sqlite")
        self.env = {k: v for k, v in os.environ.items()
                    if not k.startswith("REMINDERSD_") and k != "XDG_DATA_HOME"}
        self.env["HOME"] = self.home
        self.env["REMINDERSD_BIN"] = self.binary

    def cleanup(self) -> None:
        shutil.rmtree(self.dir, ignore_errors=True)

    def cli(self, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        return subprocess.run([self.binary, *args, "--store", self.path], env=self.env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=30,
                              check=check, universal_newlines=True)

    def grant(self, client: str, status: str = "fullAccess") -> None:
        self.cli("permissions", "set", "--any-program", client, status)

    def client(self, client_name: str = "python-tests", **kwargs: Any) -> Client:
        kwargs.setdefault("timeout", 20)
        if kwargs.get("consent_agent"):
            # The owner records the agent first: a client cannot name one of its own.
            self.cli("permissions", "consent-agent", kwargs["consent_agent"])
        kwargs.setdefault("env", self.env)
        return Client(self.binary, store=self.path, client_name=client_name, **kwargs)

    def script(self, name: str, body: str) -> str:
        """An executable shell script in the temp dir (for --consent-agent)."""
        path = os.path.join(self.dir, name)
        with open(path, "w") as f:
            f.write("#!/bin/sh\n" + body + "\n")
        os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
        return path


class FakeServer:
    """A scripted server on a pair of pipes, speaking the given framing.

    ``handler(message, server)`` is called for every message the client sends; it answers
    with ``server.send(...)``.  By default, ``initialize`` and ``shutdown`` are answered and
    ``exit`` ends the server.
    """

    def __init__(self, framing: str = "ndjson",
                 handler: Optional[Callable[[Any, "FakeServer"], None]] = None) -> None:
        self.framing = framing
        self.handler = handler
        self.received: List[Any] = []
        self.lock = threading.Lock()
        c2s_r, c2s_w = os.pipe()
        s2c_r, s2c_w = os.pipe()
        self.client_reader = os.fdopen(s2c_r, "rb")
        self.client_writer = os.fdopen(c2s_w, "wb")
        self._in = os.fdopen(c2s_r, "rb")
        self._out = os.fdopen(s2c_w, "wb")
        self.exited = threading.Event()
        self.thread = threading.Thread(target=self._loop, daemon=True)
        self.thread.start()

    def client(self, **kwargs: Any) -> Client:
        kwargs.setdefault("timeout", 5)
        return Client(reader=self.client_reader, writer=self.client_writer, framing=self.framing, **kwargs)

    def send(self, message: Any) -> None:
        data = encode_frame(encode_message(message), self.framing)
        with self.lock:
            self._out.write(data)
            self._out.flush()

    def send_raw(self, data: bytes) -> None:
        with self.lock:
            self._out.write(data)
            self._out.flush()

    def notify(self, method: str, params: Optional[Dict[str, Any]] = None) -> None:
        message: Dict[str, Any] = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)

    def result(self, request: Dict[str, Any], result: Any) -> None:
        self.send({"jsonrpc": "2.0", "id": request["id"], "result": result})

    def error(self, request: Dict[str, Any], code: int, message: str, data: Any = None) -> None:
        err: Dict[str, Any] = {"code": code, "message": message}
        if data is not None:
            err["data"] = data
        self.send({"jsonrpc": "2.0", "id": request["id"], "error": err})

    def close(self) -> None:
        """End of the server's output (as if it died)."""
        with self.lock:
            try:
                self._out.close()
            except OSError:
                pass

    def methods(self) -> List[str]:
        return [m.get("method") for m in self.received if isinstance(m, dict)]

    def _loop(self) -> None:
        reader = FrameReader(self._in, self.framing)
        try:
            while True:
                body = reader.read()
                if body is None:
                    break
                message = json.loads(body)
                self.received.append(message)
                if self.handler is not None and self.handler(message, self) is not False:
                    continue
                self._default(message)
                if isinstance(message, dict) and message.get("method") == "exit":
                    break
        finally:
            self.exited.set()
            self.close()
            self._in.close()

    def _default(self, message: Any) -> None:
        if not isinstance(message, dict) or "id" not in message:
            return
        method = message.get("method")
        if method == "initialize":
            self.result(message, {"serverInfo": {"name": "fake", "version": "9"}, "protocolVersion": "1.0",
                                  "capabilities": {"notifications": ["storeChanged", "authorizationChanged"]},
                                  "timeZone": (message.get("params") or {}).get("timeZone") or "Etc/UTC",
                                  "somethingNew": True})
        elif method == "shutdown":
            self.result(message, None)
        else:
            self.error(message, -32601, "Method not found: %s" % method, {"method": method})
