"""Workloads 9 and 10 of bench/run: CalDAV sync against vdirsyncer, and iCalendar export against
SQLite's own JSON export.

9. Initial sync of N VTODOs from a real Radicale on 127.0.0.1: `remindersd sync` into a fresh
   store against vdirsyncer syncing the same collection into a fresh folder. Then the HTTP
   requests of a sync with nothing changed, with one item changed on the server, and with one
   reminder changed here (remindersd's own count, cross-checked against Radicale's log).
   vdirsyncer's initial sync is `discover` (finding the collection, making the folder) and then
   `sync`; both are timed, as remindersd's one command finds the collection too.
10. `remindersd export` (every reminder as one VCALENDAR of VTODOs) of the 100k store against the
   sqlite3 shell writing the same rows as JSON.

Radicale and vdirsyncer come from PyPI (bench/requirements.txt) into bench/.venv.
"""
import base64
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import time
import urllib.request

BENCH = os.path.dirname(os.path.abspath(__file__))


def log(*parts):
    print(*parts, file=sys.stderr, flush=True)


def venv_python():
    """bench/.venv with bench/requirements.txt installed (once)."""
    venv = os.path.join(BENCH, ".venv")
    python = os.path.join(venv, "bin", "python")
    requirements = os.path.join(BENCH, "requirements.txt")
    stamp = os.path.join(venv, ".requirements")
    wanted = open(requirements).read()
    if not os.path.exists(stamp) or open(stamp).read() != wanted:
        log("installing bench/requirements.txt into bench/.venv …")
        subprocess.run([sys.executable, "-m", "venv", venv], check=True)
        subprocess.run([python, "-m", "pip", "install", "-q", "-r", requirements], check=True, stdout=sys.stderr)
        with open(stamp, "w") as f:
            f.write(wanted)
    return python


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Radicale:
    """Radicale on a free port with one user and one VTODO collection written straight into its storage."""

    user, password, collection = "alice", "secret", "bench"

    def __init__(self, python, folder):
        self.python, self.folder = python, folder
        self.storage = os.path.join(folder, "collections")
        self.port = free_port()
        self.log_path = os.path.join(folder, "radicale.log")
        with open(os.path.join(folder, "users"), "w") as f:
            f.write(f"{self.user}:{self.password}\n")
        self.process = None

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}/"

    @property
    def collection_url(self):
        return f"{self.url}{self.user}/{self.collection}/"

    def fill(self, count):
        path = os.path.join(self.storage, "collection-root", self.user, self.collection)
        os.makedirs(path)
        with open(os.path.join(path, ".Radicale.props"), "w") as f:
            json.dump({"tag": "VCALENDAR", "D:displayname": "Bench", "C:supported-calendar-component-set": "VTODO"}, f)
        for index in range(count):
            uid = f"bench-{index:06d}@example.com"
            with open(os.path.join(path, uid + ".ics"), "w", newline="") as f:
                f.write(todo(uid, index))

    def start(self):
        self.log = open(self.log_path, "a")
        self.process = subprocess.Popen(
            [self.python, "-m", "radicale", "--server-hosts", f"127.0.0.1:{self.port}",
             "--storage-filesystem-folder", self.storage, "--auth-type", "htpasswd",
             "--auth-htpasswd-filename", os.path.join(self.folder, "users"), "--auth-htpasswd-encryption", "plain",
             "--auth-delay", "0", "--rights-type", "owner_only", "--logging-level", "info"],
            stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.time() + 30
        while time.time() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return self
            except OSError:
                time.sleep(0.05)
        raise SystemExit("radicale did not start: " + open(self.log_path).read()[-2000:])

    def requests_logged(self):
        self.log.flush()
        with open(self.log_path) as f:
            return sum(1 for line in f if " request for " in line)

    def put(self, href, text):
        request = urllib.request.Request(self.url.rstrip("/") + href, data=text.encode(), method="PUT",
                                         headers={"Content-Type": "text/calendar; charset=utf-8", "Authorization": "Basic "
                                                  + base64.b64encode(f"{self.user}:{self.password}".encode()).decode()})
        urllib.request.urlopen(request).read()

    def stop(self):
        if self.process:
            self.process.terminate()
            self.process.wait(10)
            self.log.close()


def todo(uid, index, summary=None):
    """A VTODO as phones write them: a third with a due date and an alarm, some with notes and categories."""
    summary = summary or f"Reminder number {index} to buy milk" + "\\, eggs and bread"
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//bench//EN", "BEGIN:VTODO", f"UID:{uid}",
             "DTSTAMP:20261101T090000Z", "CREATED:20261101T090000Z", "LAST-MODIFIED:20261101T090000Z",
             f"SUMMARY:{summary}", "STATUS:NEEDS-ACTION"]
    if index % 3 == 0:
        day = 1 + index % 28
        lines += [f"DUE:202612{day:02d}T090000Z", "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Reminder",
                  "TRIGGER;RELATED=END:-PT15M", "END:VALARM"]
    if index % 5 == 0:
        lines.append("DESCRIPTION:Some notes\\nover two lines")
    if index % 7 == 0:
        lines += ["CATEGORIES:home,errands", "PRIORITY:1"]
    lines += ["END:VTODO", "END:VCALENDAR", ""]
    return "\r\n".join(lines)


def vdirsyncer_config(folder, url, user, password, collection=None):
    """A vdirsyncer pair from the CalDAV server at `url` (its VTODOs) to a folder; the folder the
    items land in (`collection`'s own, when vdirsyncer is to find it there)."""
    status, local = os.path.join(folder, "status"), os.path.join(folder, "local")
    target = os.path.join(local, collection) if collection else local
    os.makedirs(target)
    config = os.path.join(folder, "config")
    with open(config, "w") as f:
        f.write(f"""[general]
status_path = "{status}/"

[pair bench]
a = "bench_remote"
b = "bench_local"
collections = ["from a"]
conflict_resolution = "a wins"

[storage bench_remote]
type = "caldav"
url = "{url}"
username = "{user}"
password = "{password}"
item_types = ["VTODO"]

[storage bench_local]
type = "filesystem"
path = "{local}/"
fileext = ".ics"
""")
    return config, target


def timed(argv, env=None, stdin=None):
    started = time.perf_counter()
    result = subprocess.run(argv, env=env, input=stdin, capture_output=True, text=True)
    elapsed = time.perf_counter() - started
    if result.returncode != 0:
        raise SystemExit(f"{argv[0]} {argv[1] if len(argv) > 1 else ''} failed ({result.returncode}):\n{result.stdout[-2000:]}\n{result.stderr[-2000:]}")
    return elapsed, result.stdout


def sync_json(binary, store):
    _, text = timed([binary, "sync", "--json", "--store", store])
    return json.loads(text)


def workload_sync(bench, reps, count):
    python = venv_python()
    vdirsyncer = os.path.join(os.path.dirname(python), "vdirsyncer")
    folder = bench.path("radicale")
    os.makedirs(folder)
    radicale = Radicale(python, folder)
    radicale.fill(count)
    radicale.start()
    password = bench.path("password")
    with open(password, "w") as f:
        f.write(radicale.password + "\n")
    os.chmod(password, 0o600)
    binary = bench.binary
    env = dict(os.environ, LANG="C.UTF-8")

    def remindersd_once():
        store = bench.fresh_store("synced")
        timed([binary, "accounts", "add", "bench", "--url", radicale.url, "--username", radicale.user,
               "--password-file", password, "--timeout", "600", "--store", store])
        seconds, text = timed([binary, "sync", "--json", "--store", store])
        report = json.loads(text)
        downloaded = sum(lst["downloaded"] for account in report["accounts"] for lst in account["lists"])
        if downloaded != count or report["accounts"][0]["error"]:
            raise SystemExit(f"remindersd synced {downloaded} of {count}: {text[:2000]}")
        return seconds, store

    def vdirsyncer_once():
        work = bench.path("vdirsyncer")
        os.makedirs(work)
        config, local = vdirsyncer_config(work, radicale.url, radicale.user, radicale.password, Radicale.collection)
        discover, _ = timed([vdirsyncer, "-c", config, "discover", "bench"], env=env, stdin="y\n" * 10)
        seconds, _ = timed([vdirsyncer, "-c", config, "sync", "bench"], env=env)
        got = len([name for name in os.listdir(local) if name.endswith(".ics")])
        if got != count:
            raise SystemExit(f"vdirsyncer synced {got} of {count}")
        return discover + seconds, discover

    try:
        # Warm-up, not timed: Radicale builds its item cache on the first full read (over 30 s, the
        # default timeout, on a busy machine: so the accounts wait up to 600 s an answer).
        remindersd_once()
        vdirsyncer_once()
        samples = {"remindersd": [], "vdirsyncer": [], "vdirsyncer discover": []}
        store = None
        for rep in range(reps):
            order = ("remindersd", "vdirsyncer") if rep % 2 == 0 else ("vdirsyncer", "remindersd")
            for who in order:
                if who == "remindersd":
                    seconds, store = remindersd_once()
                    samples["remindersd"].append(seconds)
                else:
                    seconds, discover = vdirsyncer_once()
                    samples["vdirsyncer"].append(seconds)
                    samples["vdirsyncer discover"].append(discover)
            log(f"  9 rep {rep + 1}: remindersd {samples['remindersd'][-1]:.2f} s, vdirsyncer discover + sync "
                f"{samples['vdirsyncer'][-1]:.2f} s (of which discover {samples['vdirsyncer discover'][-1]:.2f} s)")

        # Requests: remindersd's own count, and what Radicale logged meanwhile.
        requests = {}

        def counted(name):
            before = radicale.requests_logged()
            report = sync_json(binary, store)
            requests[name] = (report["accounts"][0]["requests"], radicale.requests_logged() - before)

        counted("settle")  # the first sync's own uploads (none) and token
        counted("nothing changed")
        radicale.put(f"/{radicale.user}/{radicale.collection}/bench-000001@example.com.ics",
                     todo("bench-000001@example.com", 1, summary="Changed on the phone"))
        counted("one item changed on the server")
        identifier = json.loads(timed([binary, "call", "calendarItems", json.dumps({"externalIdentifier": "bench-000002@example.com"}),
                                       "--store", store, "--client", "bench"])[1])["reminders"][0]["calendarItemIdentifier"]
        timed([binary, "call", "saveReminder", json.dumps({"reminder": {"calendarItemIdentifier": identifier, "title": "Changed here"}}),
               "--store", store, "--client", "bench"])
        counted("one reminder changed here")
        counted("the sync after that")
        requests.pop("settle")
        ratios = [v / r for r, v in zip(samples["remindersd"], samples["vdirsyncer"])]
        return {"count": count, "remindersd": statistics.median(samples["remindersd"]),
                "vdirsyncer": statistics.median(samples["vdirsyncer"]),
                "vdirsyncer discover": statistics.median(samples["vdirsyncer discover"]),
                "ratio": statistics.median(ratios), "samples": samples, "requests": requests}
    finally:
        radicale.stop()


def workload_export(bench, reps, store, sqlite_json_sql, timed_pipe):
    """10. remindersd export of every reminder (iCalendar) against sqlite3 writing the same rows as JSON."""
    samples = {"remindersd": [], "sqlite3": [], "remindersd bytes": [], "sqlite3 bytes": [], "remindersd RSS KiB": []}
    for rep in range(reps):
        seconds, size, rss = timed_pipe([bench.binary, "export", "--store", store])
        samples["remindersd"].append(seconds); samples["remindersd bytes"].append(size); samples["remindersd RSS KiB"].append(rss)
        seconds, size, _ = timed_pipe(["sqlite3", "-readonly", store, sqlite_json_sql])
        samples["sqlite3"].append(seconds); samples["sqlite3 bytes"].append(size)
        log(f"  10 rep {rep + 1}: remindersd export {samples['remindersd'][-1]:.2f} s ({samples['remindersd bytes'][-1] / 1e6:.0f} MB), "
            f"sqlite3 JSON {samples['sqlite3'][-1]:.2f} s ({samples['sqlite3 bytes'][-1] / 1e6:.0f} MB)")
    ratios = [s / r for r, s in zip(samples["remindersd"], samples["sqlite3"])]
    summary = {key: statistics.median(values) for key, values in samples.items()}
    summary.update({"ratio": statistics.median(ratios), "samples": samples})
    return summary


def rows(results, seconds_text):
    out = []
    nine = results.get("9")
    if nine:
        out.append((f"9 initial sync of {nine['count'] // 1000}k VTODOs from Radicale", seconds_text(nine["remindersd"]),
                    "vdirsyncer discover + sync to a folder", seconds_text(nine["vdirsyncer"]), f"{nine['ratio']:.2f}×",
                    "≥ 2×", nine["ratio"] >= 2))
        for name, limit in (("nothing changed", 2), ("one item changed on the server", 4), ("one reminder changed here", 4),
                            ("the sync after that", 2)):
            ours, logged = nine["requests"][name]
            out.append((f"9 sync, {name}", f"{ours} requests", "Radicale's log", f"{logged} requests", "–",
                        f"≤ {limit} per collection", ours <= limit and logged <= limit))
    ten = results.get("10")
    if ten:
        out.append((f"10 export, every reminder as iCalendar ({ten['remindersd bytes'] / 1e6:.0f} MB)", seconds_text(ten["remindersd"]),
                    f"sqlite3 shell JSON of the same rows ({ten['sqlite3 bytes'] / 1e6:.0f} MB)", seconds_text(ten["sqlite3"]),
                    f"{ten['ratio']:.2f}×", "≥ 0.5× (within 2×)", ten["ratio"] >= 0.5))
    return out


def details(results, mib):
    lines = []
    nine = results.get("9")
    if nine:
        s = nine["samples"]
        lines.append(f"- 9: {nine['count']:,} VTODOs written into Radicale's storage, one untimed warm-up sync each first (Radicale "
                     f"builds its cache on the first full read); each repetition a fresh store and a fresh vdirsyncer folder and "
                     f"status, the order alternating. Of vdirsyncer's time, discover took {nine['vdirsyncer discover']:.2f} s. Samples s: "
                     f"remindersd {', '.join(f'{v:.2f}' for v in s['remindersd'])}; vdirsyncer {', '.join(f'{v:.2f}' for v in s['vdirsyncer'])}. "
                     "Requests as remindersd counted them / as Radicale logged them: "
                     + "; ".join(f"{name} {a}/{b}" for name, (a, b) in nine["requests"].items()) + ".")
    ten = results.get("10")
    if ten:
        lines.append(f"- 10: remindersd export peak RSS {mib(ten['remindersd RSS KiB'])}; samples s: remindersd "
                     f"{', '.join(f'{v:.2f}' for v in ten['samples']['remindersd'])}; sqlite3 {', '.join(f'{v:.2f}' for v in ten['samples']['sqlite3'])}.")
    return "\n".join(lines)
