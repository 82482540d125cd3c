"""Workload 21 of bench/run: a client granted chosen lists (issue 39) against one granted all.

On a copy of workload 3's store, a second list is made and a client is granted the reminders'
own list only (`remindersd permissions set bench-scoped fullAccess --lists ...`); then
`fetchReminders` of everything, on an initialized session, by that client and by the unscoped one,
back to back in each repetition. Both get the same 100k reminders: the scope costs a condition on
the list in the query and reading the grant once per batch of requests. Target ≤ 1.2× the time.
"""
import os
import sqlite3
import statistics
import subprocess

SCOPED = "bench-scoped"


def log(*parts):
    import sys
    print(*parts, file=sys.stderr, flush=True)


def workload_scoped_fetch(bench, reps, source_store, request):
    store = bench.path("scoped") + ".sqlite"
    with sqlite3.connect(source_store) as source, sqlite3.connect(store) as copy:
        source.backup(copy)
    os.chmod(store, 0o600)  # remindersd refuses a store others can read
    (calendar, title), = sqlite3.connect(store).execute(
        "SELECT c.identifier, c.title FROM calendars c JOIN reminders r ON r.calendar = c.identifier GROUP BY c.identifier "
        "ORDER BY count(*) DESC LIMIT 1").fetchall()
    subprocess.run([bench.binary, "call", "saveCalendar", '{"calendar":{"title":"Elsewhere"}}', "--store", store, "--client", "bench"],
                   check=True, stdout=subprocess.DEVNULL)
    subprocess.run([bench.binary, "permissions", "set", "--any-program", SCOPED, "fullAccess", "--lists", calendar, "--store", store],
                   check=True, stderr=subprocess.DEVNULL)
    fetch = bench.phase_file("scoped-fetch", [request("all", "fetchReminders", {"predicate": {"kind": "all"}})], False)
    inits = {client: bench.phase_file(f"init-{client}", [request("init", "initialize", {"clientInfo": {"name": client}, "timeZone": "UTC"})],
                                      False) for client in ("bench", SCOPED)}
    samples = {"bench": [], SCOPED: []}
    items = {}
    for rep in range(reps):
        for client in ("bench", SCOPED) if rep % 2 == 0 else (SCOPED, "bench"):
            phases, _ = bench.drive(bench.server_command(store), [(inits[client], 1, {}), (fetch, 1, {"count_items": True}),
                                                                  (fetch, 1, {"count_items": True})])
            samples[client].append(statistics.median(p["seconds"] for p in phases[1:]))
            items[client] = phases[1]["items"]
        log(f"  21 rep {rep + 1}: scoped {samples[SCOPED][-1] * 1000:.0f} ms, unscoped {samples['bench'][-1] * 1000:.0f} ms "
            f"({items[SCOPED]} and {items['bench']} reminders)")
    if items[SCOPED] != items["bench"]:
        raise SystemExit(f"scoped fetch: {items[SCOPED]} reminders, unscoped {items['bench']} (the list {title!r} holds them all)")
    ratios = [s / u for s, u in zip(samples[SCOPED], samples["bench"])]
    return {"scoped": statistics.median(samples[SCOPED]), "unscoped": statistics.median(samples["bench"]),
            "ratio": statistics.median(ratios), "items": items[SCOPED], "samples": samples}


def rows(results, seconds_text):
    found = results.get("21")
    if not found:
        return []
    return [(f"21 fetchReminders, all {found['items'] // 1000}k, by a client granted that list only", seconds_text(found["scoped"]),
             "the same fetch by a client granted every list", seconds_text(found["unscoped"]), f"{found['ratio']:.2f}× the time",
             "≤ 1.2× the time", found["ratio"] <= 1.2)]


def details(results):
    found = results.get("21")
    if not found:
        return ""
    s = found["samples"]
    return (f"- 21: ms scoped {', '.join(f'{v * 1000:.0f}' for v in s[SCOPED])}; unscoped "
            f"{', '.join(f'{v * 1000:.0f}' for v in s['bench'])} (each the median of two fetches on one session, alternating which goes first).")
