"""Workload 14 of bench/run: the EventKit library against the protocol it speaks.

Examples/EventKitSeeds is built in release, as a consumer of this package builds it (a temporary
folder holding it and a link named `remindersd` to this checkout), against the binary under test.
Its `eventkit-bench` program makes a store of N reminders (default 1,000) through a raw session,
then, back to back in each repetition, fetches them all through `EKEventStore.fetchReminders`
(and again reading every reminder: the library reads each when first looked at) and
through a raw `fetchReminders` request on a pipe of its own to the same kind of server — read
whole and not decoded, and read and decoded by Foundation's JSONSerialization, as a Swift program
speaking the protocol itself would. It also times `EKEventStore()` to its first fetch's result (a
server started, initialized, the N reminders fetched and made objects).
"""
import json
import os
import shutil
import statistics
import subprocess
import tempfile

CLIENT = "bench-eventkit"


def log(*parts):
    import sys
    print(*parts, file=sys.stderr, flush=True)


def build(repo, workdir):
    """The eventkit-bench program, built in release against this checkout; its path."""
    root = tempfile.mkdtemp(prefix="eventkit-bench-", dir=workdir)
    os.symlink(repo, os.path.join(root, "remindersd"))
    package = os.path.join(root, "EventKitSeeds")
    shutil.copytree(os.path.join(repo, "Examples", "EventKitSeeds"), package, ignore=shutil.ignore_patterns(".build"))
    subprocess.run(["swift", "build", "-c", "release", "--product", "eventkit-bench"], cwd=package, check=True,
                   stdout=subprocess.DEVNULL)
    shown = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=package, check=True,
                           capture_output=True, text=True).stdout.strip()
    return os.path.join(shown, "eventkit-bench")


def workload_eventkit(bench, repo, reps, count):
    program = build(repo, bench.workdir)
    runs = []
    for _ in range(reps):
        # A fresh store each repetition: the program makes its N reminders in it first.
        store = bench.path("eventkit") + ".sqlite"
        subprocess.run([bench.binary, "permissions", "set", "--any-program", CLIENT, "fullAccess", "--store", store], check=True,
                       stdout=subprocess.DEVNULL)
        env = dict(os.environ, REMINDERSD_BIN=bench.binary, REMINDERSD_STORE=store, REMINDERSD_CLIENT=CLIENT)
        done = subprocess.run([program, str(count), "20"], env=env, check=True, capture_output=True, text=True)
        runs.append(json.loads(done.stdout.strip().splitlines()[-1]))
        if runs[-1]["count"] != count:
            raise SystemExit(f"eventkit: fetched {runs[-1]['count']} reminders, expected {count}")

    def each(key):
        return [statistics.median(run[key]) for run in runs]

    def ratio(key):
        return statistics.median([statistics.median([e / r for e, r in zip(run["eventkit_fetch_ms"], run[key])]) for run in runs])

    out = {"count": count, "reps": reps,
           "eventkit": statistics.median(each("eventkit_fetch_ms")) / 1000,
           "eventkit read": statistics.median(each("eventkit_read_ms")) / 1000,
           "raw": statistics.median(each("raw_fetch_ms")) / 1000,
           "decoded": statistics.median(each("raw_decoded_fetch_ms")) / 1000,
           "start": statistics.median(each("start_to_first_fetch_ms")) / 1000,
           "ratio raw": ratio("raw_fetch_ms"),
           "ratio decoded": statistics.median([statistics.median([e / r for e, r in zip(run["eventkit_read_ms"], run["raw_decoded_fetch_ms"])])
                                               for run in runs]),
           "samples": {key: each(key) for key in ("eventkit_fetch_ms", "eventkit_read_ms", "raw_fetch_ms", "raw_decoded_fetch_ms", "start_to_first_fetch_ms", "start_ms")}}
    log(f"  14: EventKit fetch {out['eventkit'] * 1000:.2f} ms (every reminder read: {out['eventkit read'] * 1000:.2f} ms), raw {out['raw'] * 1000:.2f} ms, raw decoded "
        f"{out['decoded'] * 1000:.2f} ms, start to first fetch {out['start'] * 1000:.1f} ms")
    return out


def rows(results, seconds_text):
    fourteen = results.get("14")
    if not fourteen:
        return []
    n = fourteen["count"]
    return [(f"14 EventKit fetchReminders, {n} reminders", seconds_text(fourteen["eventkit"]),
             "the raw fetchReminders, answer read and not decoded", seconds_text(fourteen["raw"]),
             f"{fourteen['ratio raw']:.2f}× the time", "≤ 1.5×", fourteen["ratio raw"] <= 1.5),
            (f"14 EventKit fetchReminders, {n} reminders, every one read, against decoding", seconds_text(fourteen["eventkit read"]),
             "the raw fetchReminders decoded by JSONSerialization", seconds_text(fourteen["decoded"]),
             f"{fourteen['ratio decoded']:.2f}× the time", "≤ 1.5×", fourteen["ratio decoded"] <= 1.5),
            (f"14 EKEventStore() to first fetch ({n} reminders)", seconds_text(fourteen["start"]), "–", "–", "–", "< 30 ms",
             fourteen["start"] < 0.030)]


def details(results):
    fourteen = results.get("14")
    if not fourteen:
        return ""
    s = fourteen["samples"]

    def listed(values):
        return ", ".join(f"{v:.2f}" for v in values)

    return (f"- 14: one program (Examples/EventKitSeeds, eventkit-bench, built in release) holding an EKEventStore and a raw "
            f"session to a second server, fetching back to back, 20 of each a repetition; per-repetition medians ms: EventKit {listed(s['eventkit_fetch_ms'])}; "
            f"EventKit with every reminder read {listed(s['eventkit_read_ms'])}; raw "
            f"{listed(s['raw_fetch_ms'])}; raw decoded {listed(s['raw_decoded_fetch_ms'])}; start to first fetch "
            f"{listed(s['start_to_first_fetch_ms'])}, of which EKEventStore() alone (the server started and initialized) "
            f"{listed(s['start_ms'])}.")
