"""Real servers for the interop suites, on 127.0.0.1 only: the CalDAV engines (Radicale and
Xandikos from PyPI, Cyrus from Debian), each in a temporary folder of its own, and servers that
misbehave on purpose (one that accepts and never answers, one that refuses some items)."""

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

#: The Python whose environment has Radicale and Xandikos (bench/ points it at bench/.venv).
PYTHON = sys.executable


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Engine:
    """What the scenarios need of a CalDAV server: where it is, who may use it, and start/stop
    (the folder outlives a stop, so a test can stop the server mid-sync and start it again)."""

    name = "engine"
    user = "alice"
    password = "secret"
    #: Whether the server gives back an item's properties as they were sent (not its own serialisation).
    keeps_items_as_sent = True
    #: Whether an unescaped comma in an X- property's value (Apple's `geo:LAT,LON`) survives.
    keeps_unescaped_commas = True
    #: Whether it holds a member with a VEVENT and a VTODO of one UID and lists it as both (RFC 4791
    #: §4.1 wants one component type per member: Radicale and SabreDAV refuse one, Cyrus lists it by
    #: its first component only).
    holds_members_of_two_kinds = True
    #: Whether it answers RFC 6578 sync-collection (else a sync lists every member's ETag).
    supports_sync_collection = True

    @classmethod
    def unavailable(cls) -> str | None:
        """Why the engine cannot run on this machine; None when it can."""
        return None

    def requests_logged(self) -> int | None:
        """How many requests the server has logged so far; None when it logs none."""
        return None

    @property
    def url(self) -> str:
        """The account URL remindersd is given (it discovers the rest)."""
        raise NotImplementedError

    @property
    def home(self) -> str:
        """The user's calendar home, where a collection made here is made."""
        raise NotImplementedError

    @property
    def client_url(self) -> str:
        """Where python-caldav starts (it does not look for the principal from the server's root)."""
        return self.url

    def _prepare(self, prefix: str) -> None:
        """A temporary folder of its own (with the server's log in it) and a free port."""
        self.folder = tempfile.mkdtemp(prefix=prefix)
        self.port = free_port()
        self.process: subprocess.Popen | None = None
        self.log = open(os.path.join(self.folder, "log"), "w")

    def _wait_for_port(self, log_path: str) -> None:
        deadline = time.time() + 30
        while time.time() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return
            except OSError:
                if self.process.poll() is not None:
                    raise RuntimeError(f"{self.name} exited: " + open(log_path).read()[-2000:])
                time.sleep(0.05)
        raise RuntimeError(f"{self.name} did not start")

    def close(self) -> None:
        self.stop()
        self.log.close()
        shutil.rmtree(self.folder, ignore_errors=True)

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None


class Radicale(Engine):
    """Radicale 3 on a free port, users from a plain htpasswd file, items in a temporary folder
    that outlives restarts (so a test can stop the server mid-sync and start it again)."""

    name = "Radicale"
    keeps_unescaped_commas = False  # vobject cuts the value at the comma
    holds_members_of_two_kinds = False  # 400 Bad Request

    def __init__(self, users: dict[str, str] | None = None, tls: tuple[str, str] | None = None):
        self.tls = tls  # (certificate, key) in PEM: served over HTTPS
        self._prepare("radicale-")
        self.storage = os.path.join(self.folder, "collections")
        self.users = users or {"alice": "secret"}
        with open(os.path.join(self.folder, "users"), "w") as f:
            for user, password in self.users.items():
                f.write(f"{user}:{password}\n")

    @property
    def url(self) -> str:
        return f"{'https' if self.tls else 'http'}://127.0.0.1:{self.port}/"

    @property
    def home(self) -> str:
        return self.url + self.user + "/"

    def start(self) -> "Radicale":
        tls = ["--server-ssl", "--server-certificate", self.tls[0], "--server-key", self.tls[1]] if self.tls else []
        self.process = subprocess.Popen(
            [PYTHON, "-m", "radicale", "--server-hosts", f"127.0.0.1:{self.port}", *tls,
             "--storage-filesystem-folder", self.storage,
             "--auth-type", "htpasswd", "--auth-htpasswd-filename", os.path.join(self.folder, "users"),
             "--auth-htpasswd-encryption", "plain", "--auth-delay", "0", "--rights-type", "owner_only",
             "--logging-level", "info"],
            stdout=self.log, stderr=subprocess.STDOUT)
        self._wait_for_port(os.path.join(self.folder, "log"))
        return self


    def requests_logged(self) -> int:
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


class Xandikos(Engine):
    """Xandikos (a git-backed CalDAV server) on a free port, its collections in a temporary folder.
    It serves one user and asks no password (it takes one only behind a reverse proxy or TLS),
    so remindersd's credentials go unasked, as they do on a server behind single sign-on."""

    name = "Xandikos"

    def __init__(self):
        self._prepare("xandikos-")

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    @property
    def home(self) -> str:
        return self.url + "user/calendars/"

    def start(self) -> "Xandikos":
        executable = os.path.join(os.path.dirname(PYTHON), "xandikos")
        self.process = subprocess.Popen(
            [executable, "serve", "-d", os.path.join(self.folder, "data"), "--autocreate", "--no-detect-systemd",
             "--state-dir", os.path.join(self.folder, "state"), "-l", "127.0.0.1", "-p", str(self.port)],
            stdout=self.log, stderr=subprocess.STDOUT)
        self._wait_for_port(os.path.join(self.folder, "log"))
        return self



class Cyrus(Engine):
    """Cyrus IMAP's CalDAV (the engine behind Fastmail), from Debian's cyrus-imapd and
    cyrus-caldav: its master process with httpd (and imapd, through which the admin makes the
    user's mailbox: Cyrus makes a user's calendar home only once the user exists) on free ports,
    passwords in a sasldb of the test's own, everything in a temporary folder. Cyrus runs as its
    own user: started by root, master becomes `cyrus`, so the folder is that user's."""

    name = "Cyrus"
    bin = "/usr/lib/cyrus/bin"
    keeps_items_as_sent = False  # libical's serialisation: one CATEGORIES per value, X- values unescaped
    holds_members_of_two_kinds = False  # kept, but listed as a VEVENT only

    @classmethod
    def unavailable(cls) -> str | None:
        if not os.path.exists(os.path.join(cls.bin, "master")):
            return "Cyrus is not installed (apt-get install cyrus-imapd cyrus-caldav sasl2-bin)"
        if os.geteuid() != 0:
            return "Cyrus runs as its own user: starting it needs root"
        return None

    def __init__(self):
        import pwd

        self._prepare("cyrus-")
        self.imap_port = free_port()
        for sub in ("lib", "spool", "socket", "run", "sieve"):
            os.makedirs(os.path.join(self.folder, sub))
        self.config = os.path.join(self.folder, "imapd.conf")
        f = self.folder
        with open(self.config, "w") as out:
            out.write(f"configdirectory: {f}/lib\npartition-default: {f}/spool\nsievedir: {f}/sieve\n"
                      f"lmtpsocket: {f}/socket/lmtp\nidlesocket: {f}/socket/idle\nnotifysocket: {f}/socket/notify\n"
                      f"master_pid_file: {f}/run/master.pid\nsasl_sasldb_path: {f}/sasldb2\n"
                      "admins: admin\nsasl_pwcheck_method: auxprop\nsasl_auxprop_plugin: sasldb\nsasl_mech_list: PLAIN\n"
                      "allowplaintext: yes\nhttpmodules: caldav\nunixhierarchysep: yes\nhttpallowcompress: no\n"
                      "caldav_create_default: no\ncaldav_create_attach: no\nstatuscache: off\n")
        with open(os.path.join(self.folder, "cyrus.conf"), "w") as out:
            out.write(f'START {{\n  recover cmd="{self.bin}/ctl_cyrusdb -C {self.config} -r"\n}}\n'
                      f'SERVICES {{\n  imap cmd="{self.bin}/imapd -C {self.config}" listen="127.0.0.1:{self.imap_port}" prefork=0\n'
                      f'  http cmd="{self.bin}/httpd -C {self.config}" listen="127.0.0.1:{self.port}" prefork=0\n}}\n'
                      "EVENTS {\n}\nDAEMON {\n}\n")
        for user in (self.user, "admin"):
            subprocess.run(["saslpasswd2", "-p", "-f", os.path.join(self.folder, "sasldb2"), "-c", user],
                           input=self.password + "\n", text=True, check=True)
        cyrus = pwd.getpwnam("cyrus")
        for root, dirs, files in os.walk(self.folder):
            for name in [root, *(os.path.join(root, n) for n in dirs + files)]:
                os.chown(name, cyrus.pw_uid, cyrus.pw_gid)
        self.provisioned = False

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    @property
    def home(self) -> str:
        return self.url + f"dav/calendars/user/{self.user}/"

    @property
    def client_url(self) -> str:
        return self.url + f"dav/principals/user/{self.user}/"

    def start(self) -> "Cyrus":
        self.process = subprocess.Popen(
            [os.path.join(self.bin, "master"), "-C", self.config, "-M", os.path.join(self.folder, "cyrus.conf"),
             "-p", os.path.join(self.folder, "run", "master.pid"), "-D"],
            stdout=self.log, stderr=subprocess.STDOUT)
        self._wait_for_port(os.path.join(self.folder, "log"))
        if not self.provisioned:
            import imaplib

            deadline = time.time() + 20
            while True:
                try:
                    imap = imaplib.IMAP4("127.0.0.1", self.imap_port)
                    break
                except OSError:
                    if time.time() > deadline:
                        raise
                    time.sleep(0.1)
            imap.login("admin", self.password)
            status, detail = imap.create(f"user/{self.user}")
            if status != "OK":
                raise RuntimeError(f"cyrus: could not make user {self.user}: {detail}")
            imap.logout()
            self.provisioned = True
        return self



class SabreDAV(Engine):
    holds_members_of_two_kinds = False  # 400: a calendar object must hold one component type
    """SabreDAV 1.8 (Debian's php-sabre-dav, the engine inside Nextcloud, Baikal and ownCloud)
    under PHP's own server on a free port: `sabredav/server.php` with its principals, calendars
    and items in an SQLite file of the test's folder. It has no sync-collection, so a sync of it
    lists ETags; PHP's server answers one request at a time."""

    name = "SabreDAV"
    supports_sync_collection = False
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "sabredav", "server.php")

    @classmethod
    def unavailable(cls) -> str | None:
        if shutil.which("php") is None or not os.path.exists("/usr/share/php/Sabre/autoload.php"):
            return "SabreDAV is not installed (apt-get install php-cli php-sqlite3 php-sabre-dav)"
        return None

    def __init__(self):
        self._prepare("sabredav-")
        os.makedirs(os.path.join(self.folder, "data"))

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    @property
    def home(self) -> str:
        return self.url + f"calendars/{self.user}/"

    @property
    def client_url(self) -> str:
        return self.url + f"principals/{self.user}/"

    def start(self) -> "SabreDAV":
        env = dict(os.environ, SABRE_DATA=os.path.join(self.folder, "data"), SABRE_USER=self.user, SABRE_PASSWORD=self.password)
        self.process = subprocess.Popen(["php", "-d", "include_path=.:/usr/share/php", "-S", f"127.0.0.1:{self.port}", self.script],
                                        stdout=self.log, stderr=subprocess.STDOUT, env=env, cwd=self.folder)
        self._wait_for_port(os.path.join(self.folder, "log"))
        return self

    def requests_logged(self) -> int:
        self.log.flush()
        with open(os.path.join(self.folder, "log")) as f:
            return sum(1 for line in f if line.rstrip().endswith("Accepted"))


ENGINES = {"radicale": Radicale, "xandikos": Xandikos, "cyrus": Cyrus, "sabredav": SabreDAV}


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
