"""Workload 16 of bench/run: the initial sync of N VTODOs on each of the four server engines the
interop suite runs — Radicale, Xandikos (PyPI), Cyrus (Debian's cyrus-caldav; it needs root,
as it runs as its own user, and is left out, saying so, without it) and SabreDAV (Debian's
php-sabre-dav under `php -S`) — against vdirsyncer syncing
the same collection on the same engine into a fresh folder, in the same run.

Each engine is started as the interop tests start it (Tests/Interop/servers.py), with one VTODO
collection made by MKCALENDAR and filled by PUT (4 connections), the VTODOs of workload 9.
remindersd's figure is `accounts add` and `sync` into a fresh store, from the server's root URL
(discovery included); vdirsyncer's is `discover` and `sync` (its discovery included), as in 9.
Repetitions alternate who goes first; the first of each is a warm-up (the server's caches).
"""
import base64
import json
import http.client
import os
import shutil
import statistics
import subprocess
import sys
import threading
import time

from sync_workloads import log, timed, todo, vdirsyncer_config, venv_python

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Tests", "Interop"))
import servers  # noqa: E402  (the interop suite's engines)

COLLECTION = "bench"


def request(engine, connection, method, path, body=None, headers=None):
    auth = base64.b64encode(f"{engine.user}:{engine.password}".encode()).decode()
    connection.request(method, path, body=body, headers={"Authorization": "Basic " + auth, **(headers or {})})
    answer = connection.getresponse()
    answer.read()
    if answer.status >= 300:
        raise SystemExit(f"{engine.name}: {method} {path} answered {answer.status}")


def fill(engine, count):
    """One VTODO collection in the engine's home (MKCALENDAR), with `count` items: written into
    Radicale's folder and into Xandikos' git repository (one commit) as workload 9 writes
    Radicale's — a PUT each costs those two a rescan or a commit of the whole collection, which
    would make filling, not syncing, the bench — and PUT into Cyrus and SabreDAV over 4 connections."""
    home = "/" + engine.home.split("/", 3)[3]
    collection = home + COLLECTION + "/"
    body = ('<?xml version="1.0" encoding="utf-8"?><C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop>'
            '<D:displayname>Bench</D:displayname><C:supported-calendar-component-set><C:comp name="VTODO"/>'
            '</C:supported-calendar-component-set></D:prop></D:set></C:mkcalendar>')
    connection = http.client.HTTPConnection("127.0.0.1", engine.port, timeout=60)
    request(engine, connection, "MKCALENDAR", collection, body, {"Content-Type": "application/xml"})
    connection.close()
    if isinstance(engine, (servers.Radicale, servers.Xandikos)):
        return write_into_storage(engine, count)
    indexes = list(range(count))
    lock = threading.Lock()

    def put_some():
        connection = http.client.HTTPConnection("127.0.0.1", engine.port, timeout=60)
        while True:
            with lock:
                if not indexes:
                    break
                index = indexes.pop()
            uid = f"bench-{index:06d}@example.com"
            request(engine, connection, "PUT", collection + uid + ".ics", todo(uid, index).encode(),
                    {"Content-Type": "text/calendar; charset=utf-8", "If-None-Match": "*"})
        connection.close()

    threads = [threading.Thread(target=put_some) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def write_into_storage(engine, count):
    if isinstance(engine, servers.Radicale):
        folder = engine.collection_folder(engine.user, COLLECTION)
    else:
        engine.stop()  # Xandikos reads its repository afresh when it starts
        folder = os.path.join(engine.folder, "data", "user", "calendars", COLLECTION)
    for index in range(count):
        uid = f"bench-{index:06d}@example.com"
        with open(os.path.join(folder, uid + ".ics"), "w", newline="") as f:
            f.write(todo(uid, index))
    if isinstance(engine, servers.Xandikos):
        subprocess.run(["git", "-C", folder, "add", "-A"], check=True)
        subprocess.run(["git", "-C", folder, "-c", "user.name=bench", "-c", "user.email=bench@127.0.0.1", "commit", "-qm", "fill"], check=True)
        engine.start()


def workload_engines(bench, reps, count):
    python = venv_python()
    servers.PYTHON = python
    vdirsyncer = os.path.join(os.path.dirname(python), "vdirsyncer")
    env = dict(os.environ, LANG="C.UTF-8")
    results = {"count": count, "engines": {}}
    for engine_class in (servers.Radicale, servers.Xandikos, servers.Cyrus, servers.SabreDAV):
        reason = engine_class.unavailable()
        if reason:
            log(f"  16 {engine_class.name}: left out — {reason}")
            results["engines"][engine_class.name] = {"left out": reason}
            continue
        engine = engine_class().start()
        try:
            started = time.perf_counter()
            fill(engine, count)
            log(f"  16 {engine.name}: {count} items in the collection in {time.perf_counter() - started:.1f} s")
            password = bench.path(f"{engine.name}-password")
            with open(password, "w") as f:
                f.write(engine.password + "\n")
            os.chmod(password, 0o600)

            def remindersd_once():
                store = bench.fresh_store(f"engine-{engine.name}")
                timed([bench.binary, "accounts", "add", "bench", "--url", engine.url, "--username", engine.user,
                       "--password-file", password, "--timeout", "600", "--store", store])
                seconds, text = timed([bench.binary, "sync", "--json", "--store", store])
                report = json.loads(text)
                downloaded = sum(lst["downloaded"] for account in report["accounts"] for lst in account["lists"])
                if downloaded != count or report["accounts"][0]["error"]:
                    raise SystemExit(f"remindersd synced {downloaded} of {count} from {engine.name}: {text[:2000]}")
                return seconds

            def vdirsyncer_once():
                work = bench.path(f"vdirsyncer-{engine.name}")
                shutil.rmtree(work, ignore_errors=True)
                os.makedirs(work)
                config, local = vdirsyncer_config(work, engine.client_url, engine.user, engine.password)
                discover, _ = timed([vdirsyncer, "-c", config, "discover", "bench"], env=env, stdin="y\n" * 10)
                seconds, _ = timed([vdirsyncer, "-c", config, "sync", "bench"], env=env)
                got = sum(len([n for n in files if n.endswith(".ics")]) for _, _, files in os.walk(local))
                if got != count:
                    raise SystemExit(f"vdirsyncer synced {got} of {count} from {engine.name}")
                return discover + seconds

            remindersd_once()
            vdirsyncer_once()
            samples = {"remindersd": [], "vdirsyncer": []}
            for rep in range(reps):
                order = ("remindersd", "vdirsyncer") if rep % 2 == 0 else ("vdirsyncer", "remindersd")
                for who in order:
                    samples[who].append(remindersd_once() if who == "remindersd" else vdirsyncer_once())
                log(f"  16 {engine.name} rep {rep + 1}: remindersd {samples['remindersd'][-1]:.2f} s, "
                    f"vdirsyncer discover + sync {samples['vdirsyncer'][-1]:.2f} s")
            ratios = [v / r for r, v in zip(samples["remindersd"], samples["vdirsyncer"])]
            results["engines"][engine.name] = {"remindersd": statistics.median(samples["remindersd"]),
                                               "vdirsyncer": statistics.median(samples["vdirsyncer"]),
                                               "ratio": statistics.median(ratios), "samples": samples}
        finally:
            engine.close()
    return results


def rows(results, seconds_text):
    sixteen = results.get("16")
    if not sixteen:
        return []
    out = []
    for name, entry in sixteen["engines"].items():
        if "left out" in entry:
            continue
        out.append((f"16 initial sync of {sixteen['count'] // 1000}k VTODOs from {name}", seconds_text(entry["remindersd"]),
                    f"vdirsyncer discover + sync from {name}", seconds_text(entry["vdirsyncer"]), f"{entry['ratio']:.2f}×", "≥ 2×",
                    entry["ratio"] >= 2))
    return out


def details(results):
    sixteen = results.get("16")
    if not sixteen:
        return ""
    parts = []
    for name, entry in sixteen["engines"].items():
        if "left out" in entry:
            parts.append(f"{name} left out ({entry['left out']})")
        else:
            parts.append(f"{name}: remindersd {', '.join(f'{v:.2f}' for v in entry['samples']['remindersd'])}; vdirsyncer "
                         f"{', '.join(f'{v:.2f}' for v in entry['samples']['vdirsyncer'])}")
    return "- 16: samples s — " + "; ".join(parts) + "."
