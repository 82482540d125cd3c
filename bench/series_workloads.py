"""Workload 18 of bench/run: recurring tasks as other clients write them (issue 34).

- fetch: `fetchReminders` of every reminder of a store holding N recurring reminders imported as
  Thunderbird writes them — a daily series whose first ten occurrences were completed by
  overrides and one removed by an EXDATE, so each is shown at its eleventh occurrence and keeps
  its series' state — against the same N series as Apple writes them (the master is the
  occurrence to do: nothing beyond EventKit's series), each fetched on an initialized session as
  workload 4 fetches. The first occurrence still to do is worked out when an item is read (at
  import or sync), not at every fetch: the fetch only reads what was kept.
- requests: the requests a sync makes of Radicale (its log), first and with nothing changed, for a
  list of M recurring tasks carrying ten overrides each against M without overrides.
"""
import json
import os
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Tests", "Interop"))
import servers  # noqa: E402  (the interop suite's engines)


def log(*parts):
    print(*parts, file=sys.stderr, flush=True)


def series(index, overrides):
    """One VCALENDAR: a daily series of 2027, with `overrides` occurrences completed and one removed."""
    uid = f"series-{index:06d}@example.com"
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0",
             f"PRODID:{'-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN' if overrides else '-//Apple Inc.//iOS 17.2//EN'}",
             "BEGIN:VTODO", f"UID:{uid}", "DTSTAMP:20261201T080000Z", f"SUMMARY:Series {index}", "RRULE:FREQ=DAILY",
             "DTSTART;TZID=Europe/Berlin:20270104T090000", "DUE;TZID=Europe/Berlin:20270104T100000"]
    if overrides:
        lines.append(f"EXDATE;TZID=Europe/Berlin:202701{4 + overrides:02d}T090000")
    lines += ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Reminder", "TRIGGER;RELATED=START:-PT15M", "END:VALARM", "END:VTODO"]
    for day in range(4, 4 + overrides):
        lines += ["BEGIN:VTODO", f"UID:{uid}", "DTSTAMP:20261201T080000Z", f"SUMMARY:Series {index}",
                  f"RECURRENCE-ID;TZID=Europe/Berlin:202701{day:02d}T090000", f"DTSTART;TZID=Europe/Berlin:202701{day:02d}T090000",
                  "STATUS:COMPLETED", "COMPLETED:20261202T080000Z", "PERCENT-COMPLETE:100", "END:VTODO"]
    return "\r\n".join(lines + ["END:VCALENDAR"]) + "\r\n"


def store_of(bench, name, count, overrides):
    store = bench.fresh_store(name)
    text = bench.path(name + ".ics")
    with open(text, "w", newline="") as f:
        f.write("".join(series(index, overrides) for index in range(count)))
    subprocess.run([bench.binary, "import", text, "--store", store], check=True, stdout=subprocess.DEVNULL)
    return store


def workload_series(bench, reps, count, synced, request):
    init = bench.phase_file("series-init", [request("init", "initialize", {"clientInfo": {"name": "bench"}, "timeZone": "UTC"})], False)
    fetch = bench.phase_file("series-fetch", [request("all", "fetchReminders", {"predicate": {"kind": "all"}})], False)
    stores = {"Thunderbird's form": store_of(bench, "series-overrides", count, 10), "Apple's form": store_of(bench, "series-plain", count, 0)}
    samples = {name: [] for name in stores}
    for rep in range(reps):
        order = list(stores) if rep % 2 == 0 else list(reversed(stores))
        for name in order:
            phases, _ = bench.drive(bench.server_command(stores[name]), [(init, 1, {}), (fetch, 1, {"count_items": True})])
            if phases[1]["items"] != count:
                raise SystemExit(f"18: fetched {phases[1]['items']} of {count} ({name})")
            samples[name].append(phases[1]["seconds"])
        log(f"  18 rep {rep + 1}: fetch {count} series, " + ", ".join(f"{name} {samples[name][-1] * 1000:.1f} ms" for name in stores))
    ratios = [o / p for o, p in zip(samples["Thunderbird's form"], samples["Apple's form"])]
    results = {"count": count, "fetch": {name: statistics.median(values) for name, values in samples.items()},
               "fetch ratio": statistics.median(ratios), "fetch samples": samples, "requests": sync_requests(bench, synced)}
    # What a reminder looks like after the import: shown at its open occurrence.
    shown = json.loads(subprocess.run([bench.binary, "call", "fetchReminders", '{"predicate":{"kind":"all"},"limit":1}',
                                       "--store", stores["Thunderbird's form"], "--client", "bench"],
                                      check=True, capture_output=True, text=True).stdout)["reminders"][0]
    results["shown day"] = shown["dueDateComponents"]["day"]
    return results


def sync_requests(bench, count):
    """Radicale's logged requests for a first sync and a sync with nothing changed, with and without overrides."""
    servers.PYTHON = venv_python()
    figures = {}
    for name, overrides in (("with overrides", 10), ("without", 0)):
        engine = servers.Radicale().start()
        try:
            folder = engine.collection_folder(engine.user, "bench")
            os.makedirs(folder)
            with open(os.path.join(folder, ".Radicale.props"), "w") as f:
                json.dump({"C:supported-calendar-component-set": "VTODO", "D:displayname": "Bench", "tag": "VCALENDAR"}, f)
            for index in range(count):
                with open(os.path.join(folder, f"series-{index:06d}.ics"), "w", newline="") as f:
                    f.write(series(index, overrides))
            password = bench.path(f"series-{name}-password")
            with open(password, "w") as f:
                f.write(engine.password + "\n")
            os.chmod(password, 0o600)
            store = bench.fresh_store(f"series-sync-{name}")
            subprocess.run([bench.binary, "accounts", "add", "bench", "--url", engine.url, "--username", engine.user,
                            "--password-file", password, "--timeout", "600", "--store", store], check=True, stdout=subprocess.DEVNULL)
            counts = []
            for _ in range(2):
                before = engine.requests_logged()
                report = json.loads(subprocess.run([bench.binary, "sync", "--json", "--store", store], check=True,
                                                   capture_output=True, text=True).stdout)
                if report["accounts"][0]["error"]:
                    raise SystemExit(f"18: sync failed: {report['accounts'][0]['error']}")
                counts.append(engine.requests_logged() - before)
            figures[name] = {"first": counts[0], "nothing changed": counts[1]}
            log(f"  18 sync of {count} series {name}: first {counts[0]} requests, nothing changed {counts[1]}")
        finally:
            engine.close()
    return figures


def venv_python():
    from sync_workloads import venv_python as python
    return python()


def rows(results, ms_text):
    eighteen = results.get("18")
    if not eighteen:
        return []
    count = eighteen["count"]
    fetch = eighteen["fetch"]
    requests = eighteen["requests"]
    out = [(f"18 fetchReminders, {count // 1000}k series as Thunderbird writes them (10 done, 1 removed)", ms_text(fetch["Thunderbird's form"]),
            f"the same {count // 1000}k series as Apple writes them", ms_text(fetch["Apple's form"]), f"{eighteen['fetch ratio']:.2f}× the time",
            "≤ 1.3×", eighteen["fetch ratio"] <= 1.3)]
    for key in ("first", "nothing changed"):
        with_overrides, without = requests["with overrides"][key], requests["without"][key]
        out.append((f"18 sync requests, {key}, series with 10 overrides each", f"{with_overrides} requests", "the same series without overrides",
                    f"{without} requests", "–", "no more", with_overrides <= without))
    return out


def details(results):
    eighteen = results.get("18")
    if not eighteen:
        return ""
    samples = eighteen["fetch samples"]
    requests = eighteen["requests"]
    thunderbird = ", ".join(f"{v * 1000:.1f}" for v in samples["Thunderbird's form"])
    apple = ", ".join(f"{v * 1000:.1f}" for v in samples["Apple's form"])
    return (f"- 18: each series shown at its open occurrence ({eighteen['shown day']} January); fetch samples ms: Thunderbird's form "
            f"{thunderbird}; Apple's form {apple}. Radicale's logged requests for the sync of the series with overrides / without: "
            f"first {requests['with overrides']['first']} / {requests['without']['first']}, nothing changed "
            f"{requests['with overrides']['nothing changed']} / {requests['without']['nothing changed']}.")
