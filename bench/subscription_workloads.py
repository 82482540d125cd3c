"""Workload 23 of bench/run: subscribed calendars (issue 52).

A feed of N events (a tenth of them weekly, a VTIMEZONE of Europe/London, DTSTAMPs as a publisher
writes them) published on 127.0.0.1 by Tests/Feeds/feeds.py (ETag, Last-Modified, 304s):

- the first import: `remindersd subscriptions add URL` on a fresh store against `remindersd
  import FILE --calendar Calendar` of the same file on another fresh store, alternating which goes
  first; medians; target: within 1.5× of the import;
- an unchanged refresh: `remindersd subscriptions refresh` (the whole command, process start
  included), the median of 20, with the number of requests the publisher saw; target: one request
  and under 50 ms;
- 50 events changed in the feed: the refresh's rows written — events whose row changed (their
  last-modified date), and history rows recorded — target: those 50 and no other.
"""
import os
import socket
import sqlite3
import statistics
import subprocess
import sys
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def log(*parts):
    print(*parts, file=sys.stderr, flush=True)


def feed(count, changed=()):
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Bench//Fixtures//EN", "X-WR-CALNAME:Bench feed",
             "BEGIN:VTIMEZONE", "TZID:Europe/London", "BEGIN:DAYLIGHT", "TZOFFSETFROM:+0000", "TZOFFSETTO:+0100", "TZNAME:BST",
             "DTSTART:19700329T010000", "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU", "END:DAYLIGHT", "BEGIN:STANDARD",
             "TZOFFSETFROM:+0100", "TZOFFSETTO:+0000", "TZNAME:GMT", "DTSTART:19701025T020000",
             "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU", "END:STANDARD", "END:VTIMEZONE"]
    for index in range(count):
        day = 1 + index % 28
        month = 1 + (index // 28) % 12
        year = 2027 + index // (28 * 12)
        summary = f"Match {index}" + (" (moved)" if index in changed else "")
        lines += ["BEGIN:VEVENT", f"UID:bench-{index}@fixtures.example", "DTSTAMP:20261206T080000Z",
                  f"DTSTART;TZID=Europe/London:{year:04d}{month:02d}{day:02d}T150000",
                  f"DTEND;TZID=Europe/London:{year:04d}{month:02d}{day:02d}T165000", f"SUMMARY:{summary}", "LOCATION:Ground"]
        if index % 10 == 0:
            lines.append("RRULE:FREQ=WEEKLY;COUNT=10")
        lines.append("END:VEVENT")
    lines.append("END:VCALENDAR")
    return "\r\n".join(lines) + "\r\n"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rows_of(store):
    with sqlite3.connect(store) as db:
        events = dict(db.execute("SELECT identifier, last_modified FROM events"))
        history = db.execute("SELECT count(*) FROM changes").fetchone()[0]
    return events, history


def workload_subscriptions(bench, reps, count):
    binary = bench.binary
    folder = bench.path("feeds")
    os.makedirs(folder)
    feed_path = os.path.join(folder, "fixtures.ics")
    with open(feed_path, "w") as f:
        f.write(feed(count))
    port = free_port()
    requests = os.path.join(folder, "requests.log")
    publisher = subprocess.Popen([sys.executable, os.path.join(REPO, "Tests", "Feeds", "feeds.py"), folder, str(port)],
                                 stdout=subprocess.PIPE, stderr=open(requests, "w"), text=True)
    if publisher.stdout.readline().strip() != f"port {port}":
        raise SystemExit("feeds.py did not start")
    url = f"http://127.0.0.1:{port}/fixtures.ics"
    try:
        subscribe, imports = [], []
        store = None
        for rep in range(reps):
            order = ["subscribe", "import"] if rep % 2 == 0 else ["import", "subscribe"]
            for kind in order:
                fresh = bench.fresh_store(f"{kind}-{rep}")
                if kind == "subscribe":
                    started = time.perf_counter()
                    subprocess.run([binary, "subscriptions", "add", url, "--store", fresh], check=True, capture_output=True)
                    subscribe.append(time.perf_counter() - started)
                    store = fresh
                else:
                    started = time.perf_counter()
                    subprocess.run([binary, "import", feed_path, "--calendar", "Calendar", "--store", fresh], check=True, capture_output=True)
                    imports.append(time.perf_counter() - started)
        log(f"  23: first import {', '.join(f'{v:.2f}' for v in subscribe)} s; remindersd import {', '.join(f'{v:.2f}' for v in imports)} s")

        def asked():
            with open(requests) as f:
                return sum(1 for _ in f)

        unchanged, statuses = [], []
        for _ in range(20):
            before = asked()
            started = time.perf_counter()
            subprocess.run([binary, "subscriptions", "refresh", "--store", store], check=True, capture_output=True)
            unchanged.append(time.perf_counter() - started)
            statuses.append(asked() - before)
        with open(requests) as f:
            last = f.read().strip().split("\n")[-1].split("\t")
        log(f"  23: unchanged refresh median {statistics.median(unchanged) * 1000:.1f} ms, requests each {set(statuses)}, last status {last[-1]}")

        changed = set(range(0, count, count // 50))
        with open(feed_path, "w") as f:
            f.write(feed(count, changed))
        events_before, history_before = rows_of(store)
        started = time.perf_counter()
        said = subprocess.run([binary, "subscriptions", "refresh", "--store", store], check=True, capture_output=True, text=True).stdout
        changed_seconds = time.perf_counter() - started
        events_after, history_after = rows_of(store)
        rewritten = sum(1 for key, value in events_after.items() if events_before.get(key) != value)
        return {
            "count": count, "subscribe": statistics.median(subscribe), "import": statistics.median(imports),
            "samples": {"subscribe": subscribe, "import": imports, "unchanged": unchanged},
            "unchanged": statistics.median(unchanged), "unchanged requests": max(statuses), "last status": last[-1],
            "changed": len(changed), "rewritten": rewritten, "history rows": history_after - history_before,
            "changed seconds": changed_seconds, "said": said.strip(),
        }
    finally:
        publisher.kill()
        publisher.wait()


def rows(results, seconds_text):
    found = results.get("23")
    if not found:
        return []
    n = found["count"]
    ratio = found["subscribe"] / found["import"]
    return [
        (f"23 subscriptions add of a {n // 1000}k-event feed (fetched, read, stored)", seconds_text(found["subscribe"]),
         "remindersd import of the same file", seconds_text(found["import"]), f"{ratio:.2f}× the time", "≤ 1.5× the time", ratio <= 1.5),
        ("23 unchanged refresh: the whole command (median of 20)", seconds_text(found["unchanged"]), "requests to the publisher",
         f"{found['unchanged requests']} ({found['last status']})", "–", "1 request, < 50 ms",
         found["unchanged requests"] == 1 and found["unchanged"] < 0.05),
        (f"23 refresh with {found['changed']} of {n} events changed: event rows rewritten", str(found["rewritten"]), "history rows recorded",
         str(found["history rows"]), "–", f"= {found['changed']}", found["rewritten"] == found["changed"] and found["history rows"] == found["changed"]),
    ]


def details(results):
    found = results.get("23")
    if not found:
        return ""
    s = found["samples"]
    return (f"- 23: first import s, subscriptions add {', '.join(f'{v:.2f}' for v in s['subscribe'])}; remindersd import "
            f"{', '.join(f'{v:.2f}' for v in s['import'])} (alternating which goes first). The changed refresh took "
            f"{found['changed seconds']:.2f} s and said: {found['said']}")
