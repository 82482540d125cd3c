"""Real servers for the interop suites, on 127.0.0.1 only: Radicale (a CalDAV server, started
with htpasswd auth in a temporary folder) and a server that accepts and never answers."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Radicale:
    """Radicale 3 on a free port, users from a plain htpasswd file, items in a temporary folder
    that outlives restarts (so a test can stop the server mid-sync and start it again)."""

    def __init__(self, users: dict[str, str] | None = None, tls: tuple[str, str] | None = None):
        self.tls = tls  # (certificate, key) in PEM: served over HTTPS
        self.folder = tempfile.mkdtemp(prefix="radicale-")
        self.storage = os.path.join(self.folder, "collections")
        self.users = users or {"alice": "secret"}
        with open(os.path.join(self.folder, "users"), "w") as f:
            for user, password in self.users.items():
                f.write(f"{user}:{password}\n")
        self.port = free_port()
        self.process: subprocess.Popen | None = None
        self.log = open(os.path.join(self.folder, "log"), "w")

    @property
    def url(self) -> str:
        return f"{'https' if self.tls else 'http'}://127.0.0.1:{self.port}/"

    def start(self) -> "Radicale":
        tls = ["--server-ssl", "--server-certificate", self.tls[0], "--server-key", self.tls[1]] if self.tls else []
        self.process = subprocess.Popen(
            [sys.executable, "-m", "radicale", "--server-hosts", f"127.0.0.1:{self.port}", *tls,
             "--storage-filesystem-folder", self.storage,
             "--auth-type", "htpasswd", "--auth-htpasswd-filename", os.path.join(self.folder, "users"),
             "--auth-htpasswd-encryption", "plain", "--auth-delay", "0", "--rights-type", "owner_only",
             "--logging-level", "info"],
            stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.time() + 20
        while time.time() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return self
            except OSError:
                if self.process.poll() is not None:
                    raise RuntimeError("radicale exited: " + open(os.path.join(self.folder, "log")).read()[-2000:])
                time.sleep(0.05)
        raise RuntimeError("radicale did not start")

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None

    def close(self) -> None:
        self.stop()
        self.log.close()
        shutil.rmtree(self.folder, ignore_errors=True)

    def requests_logged(self) -> int:
        """How many requests the server has logged so far."""
        self.log.flush()
        with open(os.path.join(self.folder, "log")) as f:
            return sum(1 for line in f if " request for " in line)

    def collection_folder(self, user: str, name: str) -> str:
        return os.path.join(self.storage, "collection-root", user, name)

    def forget_sync_tokens(self) -> None:
        """Drops the tokens Radicale remembers, as servers do (Radicale #825, #1049)."""
        for root, dirs, _ in os.walk(self.storage):
            for d in dirs:
                if d == "sync-token":
                    shutil.rmtree(os.path.join(root, d), ignore_errors=True)


def self_signed_certificate(folder: str) -> tuple[str, str]:
    """A certificate for 127.0.0.1 and its key, made with openssl."""
    certificate, key = os.path.join(folder, "certificate.pem"), os.path.join(folder, "key.pem")
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1", "-days", "2", "-keyout", key, "-out", certificate],
                   check=True, capture_output=True)
    return certificate, key


class SilentServer:
    """Accepts connections and never answers: for timeouts."""

    def __init__(self):
        self.port = free_port()
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1", self.port))
        self.sock.listen(16)
        self.held: list[socket.socket] = []
        self.thread = threading.Thread(target=self._accept, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def _accept(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            self.held.append(conn)

    def close(self) -> None:
        self.sock.close()
        for conn in self.held:
            conn.close()


class _LocalHTTPServer:
    """An HTTP server on 127.0.0.1 with a handler class, on a thread of its own."""

    def serve(self, handler: type) -> None:
        import http.server

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.port = self.httpd.server_address[1]
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


class RecordingServer(_LocalHTTPServer):
    """An HTTP server on 127.0.0.1 that answers every request with `status` (and `Location` when
    given) and records each request's method, path and headers."""

    def __init__(self, status: int = 404, location: str | None = None):
        import http.server

        self.requests: list[tuple[str, str, dict]] = []
        outer = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def _any(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                if length:
                    self.rfile.read(length)
                outer.requests.append((self.command, self.path, dict(self.headers)))
                self.send_response(status)
                if location:
                    self.send_header("Location", location)
                self.send_header("Content-Length", "0")
                self.end_headers()

            do_GET = do_PROPFIND = do_REPORT = do_PUT = do_DELETE = do_OPTIONS = _any

            def log_message(self, *args) -> None:
                pass

        self.serve(Handler)


class RefusingProxy(_LocalHTTPServer):
    """A real server behind a proxy that refuses some items: every request goes on to `upstream`
    (a Radicale) unchanged, except a PUT whose body holds `marker`, answered with `status` — a
    server that will not store one item (a name it cannot take, a UID it chokes on) while it
    stores the rest."""

    def __init__(self, upstream: "Radicale", marker: str, status: int = 500):
        import http.client
        import http.server

        outer = self
        self.refused = 0

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def _any(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                if self.command == "PUT" and marker.encode() in body:
                    outer.refused += 1
                    self.send_response(status)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                connection = http.client.HTTPConnection("127.0.0.1", upstream.port, timeout=30)
                headers = {k: v for k, v in self.headers.items() if k.lower() not in ("host", "connection")}
                connection.request(self.command, self.path, body=body or None, headers=headers)
                answer = connection.getresponse()
                data = answer.read()
                self.send_response(answer.status)
                for key, value in answer.getheaders():
                    if key.lower() not in ("content-length", "connection", "transfer-encoding"):
                        self.send_header(key, value)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
                connection.close()

            do_GET = do_PROPFIND = do_REPORT = do_PUT = do_DELETE = do_OPTIONS = do_PROPPATCH = do_MKCALENDAR = _any

            def log_message(self, *args) -> None:
                pass

        self.serve(Handler)
