"""Workload 22 of bench/run: the CalDAV face (issue 51) against Radicale serving the same items.

Radicale (PyPI, bench/.venv) holds N VTODOs in one collection and N VEVENTs in another; a fresh
store syncs them in once (`remindersd sync`), and `remindersd dav` serves that store. The same
client — Python's http.client on one kept-alive connection, Basic authentication — then asks each
server the same things, back to back in each repetition (the order alternating):

- the initial sync a calendar app does: per collection, a `sync-collection` without a token (each
  member's ETag), then one `calendar-multiget` of every member with its `calendar-data`;
  target ≥ 3× faster than Radicale;
- an idle `sync-collection` (with the token the first gave, nothing changed): the median of 50;
  target under 5 ms;
- one `PUT` of a new VTODO, acknowledged when the store has it durably, against one `saveReminder`
  (commit: true) round trip on an initialized JSON-RPC session: medians of 200 each; target within
  2× of the save;
- the face's RSS after 1,000 requests and after 10,000 more (PROPFIND, GET, idle sync-collection
  in turn); target: grows by at most 10%.
"""
import base64
import http.client
import json
import os
import socket
import statistics
import subprocess
import sys
import time
import uuid
import xml.etree.ElementTree as ElementTree

import sync_workloads

DAV = "{DAV:}"
CALDAV = "{urn:ietf:params:xml:ns:caldav}"


def log(*parts):
    print(*parts, file=sys.stderr, flush=True)


class Client:
    """One kept-alive HTTP/1.1 connection with Basic credentials."""

    def __init__(self, port, user, password):
        self.port = port
        self.auth = "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=600)

    def ask(self, method, path, body=b"", headers=None):
        all_headers = {"Authorization": self.auth, "Content-Type": "application/xml; charset=utf-8"}
        all_headers.update(headers or {})
        self.connection.request(method, path, body=body, headers=all_headers)
        response = self.connection.getresponse()
        data = response.read()
        if response.status >= 400:
            raise SystemExit(f"{method} {path}: {response.status} {data[:500]!r}")
        return response.status, data

    def close(self):
        self.connection.close()


def sync_collection(client, path, token=""):
    body = (f'<?xml version="1.0" encoding="utf-8"?><D:sync-collection xmlns:D="DAV:"><D:sync-token>{token}</D:sync-token>'
            '<D:sync-level>1</D:sync-level><D:prop><D:getetag/></D:prop></D:sync-collection>').encode()
    _, data = client.ask("REPORT", path, body, {"Depth": "1"})
    root = ElementTree.fromstring(data)
    hrefs = [r.findtext(f"{DAV}href") for r in root.findall(f"{DAV}response")]
    return [h for h in hrefs if h and not h.endswith("/")], root.findtext(f"{DAV}sync-token")


def multiget(client, path, hrefs):
    body = ('<?xml version="1.0" encoding="utf-8"?><C:calendar-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">'
            '<D:prop><D:getetag/><C:calendar-data/></D:prop>' + "".join(f"<D:href>{h}</D:href>" for h in hrefs)
            + "</C:calendar-multiget>").encode()
    _, data = client.ask("REPORT", path, body, {"Depth": "1"})
    root = ElementTree.fromstring(data)
    return sum(1 for r in root.findall(f"{DAV}response") if r.find(f".//{CALDAV}calendar-data") is not None)


def initial_sync(client, collections, count):
    """Seconds for sync-collection + calendar-multiget of every collection; the tokens it got."""
    started = time.perf_counter()
    tokens = {}
    for path in collections:
        hrefs, token = sync_collection(client, path)
        got = multiget(client, path, hrefs)
        if got != count:
            raise SystemExit(f"{path}: {got} objects of {count}")
        tokens[path] = token
    return time.perf_counter() - started, tokens


def event(uid, index):
    day = 1 + index % 28
    hour = 8 + index % 10
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//bench//EN", "BEGIN:VEVENT", f"UID:{uid}", "DTSTAMP:20261101T090000Z",
             f"DTSTART:202612{day:02d}T{hour:02d}0000Z", f"DTEND:202612{day:02d}T{hour:02d}3000Z", f"SUMMARY:Meeting number {index}"]
    if index % 20 == 0:
        lines.append("RRULE:FREQ=WEEKLY;COUNT=10")
    if index % 4 == 0:
        lines += ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Reminder", "TRIGGER:-PT10M", "END:VALARM"]
    lines += ["END:VEVENT", "END:VCALENDAR", ""]
    return "\r\n".join(lines)


class TwoCollectionRadicale(sync_workloads.Radicale):
    """Radicale with a collection of VTODOs and one of VEVENTs, written straight into its storage."""

    collections = {"bench-todos": ("VTODO", sync_workloads.todo), "bench-events": ("VEVENT", event)}

    def fill(self, count):
        for name, (component, make) in self.collections.items():
            path = os.path.join(self.storage, "collection-root", self.user, name)
            os.makedirs(path)
            with open(os.path.join(path, ".Radicale.props"), "w") as f:
                json.dump({"tag": "VCALENDAR", "D:displayname": name, "C:supported-calendar-component-set": component}, f)
            for index in range(count):
                uid = f"{name}-{index:06d}@example.com"
                with open(os.path.join(path, uid + ".ics"), "w", newline="") as f:
                    f.write(make(uid, index))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def save_round_trips(binary, store, count):
    """Seconds of each saveReminder commit:true, asked one at a time on an initialized session."""
    server = subprocess.Popen([binary, "--store", store, "--log-level", "warning", "--no-consent-prompt"], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)

    def ask(identifier, method, params):
        server.stdin.write((json.dumps({"jsonrpc": "2.0", "id": identifier, "method": method, "params": params}) + "\n").encode())
        server.stdin.flush()
        while True:
            answer = json.loads(server.stdout.readline())
            if answer.get("id") == identifier:
                if "error" in answer:
                    raise SystemExit(f"{method}: {answer['error']}")
                return answer

    ask(0, "initialize", {"clientInfo": {"name": "bench"}, "timeZone": "UTC"})
    server.stdin.write(b'{"jsonrpc":"2.0","method":"initialized","params":{}}\n')
    samples = []
    for index in range(count):
        started = time.perf_counter()
        ask(index + 1, "saveReminder", {"reminder": {"title": f"Saved {index}"}, "commit": True})
        samples.append(time.perf_counter() - started)
    server.stdin.close()
    server.wait(30)
    return samples


def workload_face(bench, reps, count):
    python = sync_workloads.venv_python()
    folder = bench.path("face-radicale")
    os.makedirs(folder)
    radicale = TwoCollectionRadicale(python, folder)
    log(f"  22: writing {count} VTODOs and {count} VEVENTs into Radicale's storage …")
    radicale.fill(count)
    radicale.start()
    binary = bench.binary
    store = bench.fresh_store("face")
    subprocess.run([binary, "permissions", "set", "--any-program", "bench", "fullAccess", "--entity", "event", "--store", store],
                   check=True, stderr=subprocess.DEVNULL)
    password_file = bench.path("face-password")
    with open(password_file, "w") as f:
        f.write(radicale.password + "\n")
    os.chmod(password_file, 0o600)
    subprocess.run([binary, "accounts", "add", "bench", "--url", radicale.url, "--username", radicale.user, "--password-file",
                    password_file, "--timeout", "600", "--keep-default-list", "--store", store], check=True, capture_output=True)
    log("  22: syncing them into the store once …")
    subprocess.run([binary, "sync", "--store", store], check=True, capture_output=True)
    app_password = subprocess.run([binary, "dav", "add-app", "bench-app", "--store", store], check=True, capture_output=True,
                                  text=True).stdout.strip()
    port = free_port()
    face = subprocess.Popen([binary, "dav", "--listen", f"127.0.0.1:{port}", "--store", store], stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    if "serving CalDAV" not in face.stderr.readline():
        raise SystemExit("remindersd dav did not start")
    try:
        face_client = Client(port, "bench-app", app_password)
        _, listing = face_client.ask("PROPFIND", "/dav/bench-app/", b"", {"Depth": "1"})
        root = ElementTree.fromstring(listing)
        face_collections = [r.findtext(f"{DAV}href") for r in root.findall(f"{DAV}response")
                            if (r.findtext(f".//{DAV}displayname") or "") in TwoCollectionRadicale.collections]
        face_client.close()
        if len(face_collections) != 2:
            raise SystemExit(f"the face serves {len(face_collections)} of the two collections: {listing[:1000]!r}")
        radicale_collections = [f"/{radicale.user}/{name}/" for name in TwoCollectionRadicale.collections]

        samples = {"face": [], "radicale": []}
        tokens = {}
        for rep in range(reps):
            order = ("face", "radicale") if rep % 2 == 0 else ("radicale", "face")
            for name in order:
                client = Client(port, "bench-app", app_password) if name == "face" else Client(radicale.port, radicale.user,
                                                                                              radicale.password)
                seconds, tokens[name] = initial_sync(client, face_collections if name == "face" else radicale_collections, count)
                client.close()
                samples[name].append(seconds)
            log(f"  22 rep {rep + 1}: initial sync of {2 * count} objects: face {samples['face'][-1]:.2f} s, "
                f"Radicale {samples['radicale'][-1]:.2f} s")

        idle = {}
        for name, (target_port, user, secret, paths) in {
                "face": (port, "bench-app", app_password, face_collections),
                "radicale": (radicale.port, radicale.user, radicale.password, radicale_collections)}.items():
            client = Client(target_port, user, secret)
            times = []
            for _ in range(50):
                started = time.perf_counter()
                hrefs, _ = sync_collection(client, paths[0], tokens[name][paths[0]])
                times.append(time.perf_counter() - started)
                if hrefs:
                    raise SystemExit(f"{name}: an idle sync-collection named {len(hrefs)} members")
            client.close()
            idle[name] = statistics.median(times)

        client = Client(port, "bench-app", app_password)
        puts = []
        for index in range(200):
            uid = f"put-{uuid.uuid4()}"
            text = ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//bench//EN\r\nBEGIN:VTODO\r\n"
                    f"UID:{uid}\r\nSUMMARY:Put {index}\r\nEND:VTODO\r\nEND:VCALENDAR\r\n").encode()
            started = time.perf_counter()
            status, _ = client.ask("PUT", face_collections[0] + uid + ".ics", text,
                                   {"Content-Type": "text/calendar; charset=utf-8", "If-None-Match": "*"})
            puts.append(time.perf_counter() - started)
            if status != 201:
                raise SystemExit(f"PUT answered {status}")
        saves = save_round_trips(binary, store, 200)

        # RSS: after 1,000 requests, then after 10,000 more.
        _, some = sync_collection(client, face_collections[0])
        hrefs, token = sync_collection(client, face_collections[0])

        def requests(n):
            for index in range(n):
                kind = index % 3
                if kind == 0:
                    client.ask("PROPFIND", face_collections[0], b"", {"Depth": "0"})
                elif kind == 1:
                    client.ask("GET", hrefs[index % len(hrefs)])
                else:
                    sync_collection(client, face_collections[0], token)

        requests(1_000)
        rss_before = rss_kib(face.pid)
        requests(10_000)
        rss_after = rss_kib(face.pid)
        client.close()
    finally:
        face.terminate()
        face.wait(20)
        radicale.stop()
    ratios = [r / f for f, r in zip(samples["face"], samples["radicale"])]
    return {"count": count, "face": statistics.median(samples["face"]), "radicale": statistics.median(samples["radicale"]),
            "ratio": statistics.median(ratios), "samples": samples, "idle": idle["face"], "idle radicale": idle["radicale"],
            "put": statistics.median(puts), "save": statistics.median(saves), "rss before": rss_before, "rss after": rss_after}


def rows(results, seconds_text, mib):
    found = results.get("22")
    if not found:
        return []
    n = found["count"]
    put_ratio = found["put"] / found["save"]
    growth = found["rss after"] / found["rss before"] - 1
    return [
        (f"22 the face: initial sync-collection + calendar-multiget, {n // 1000}k VTODOs + {n // 1000}k VEVENTs",
         seconds_text(found["face"]), "Radicale serving the same", seconds_text(found["radicale"]), f"{found['ratio']:.2f}×", "≥ 3×",
         found["ratio"] >= 3),
        ("22 the face: idle sync-collection (median of 50)", seconds_text(found["idle"]), "Radicale", seconds_text(found["idle radicale"]),
         "–", "< 5 ms", found["idle"] < 0.005),
        ("22 the face: one PUT of a VTODO, durable (median of 200)", seconds_text(found["put"]), "saveReminder commit:true round trip",
         seconds_text(found["save"]), f"{put_ratio:.2f}× the time", "≤ 2× the time", put_ratio <= 2),
        ("22 the face: RSS after 1k requests → after 10k more", f"{mib(found['rss before'])} → {mib(found['rss after'])}", "", "",
         f"{growth * 100:+.1f}%", "≤ +10%", growth <= 0.10),
    ]


def details(results):
    found = results.get("22")
    if not found:
        return ""
    s = found["samples"]
    return (f"- 22: initial sync s, face {', '.join(f'{v:.2f}' for v in s['face'])}; Radicale "
            f"{', '.join(f'{v:.2f}' for v in s['radicale'])} (one client, one kept-alive connection each, alternating which goes first).")
