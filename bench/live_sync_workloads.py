"""Workload 15 of bench/run: always-on sync (`remindersd agent --sync`).

15. A change made here to visible on the server, with the agent running (`--sync 1h`, so only the
    change can start a sync): 50 reminders saved one at a time with `remindersd call`, each timed
    from the call's return until Radicale has stored the item (its file in Radicale's storage, so
    watching costs the server no request); median and worst. The peer is the same change synced
    by hand: `remindersd call` followed at once by `remindersd sync`, to the same moment. The
    agent waits 1.5 s for a burst to end before it syncs, which is most of its figure.
    Then a poll with nothing changed of 10 accounts of 10 lists each: the requests Radicale
    logged and the time it took (goal: one request per account).

Radicale comes from bench/.venv, as for workload 9.
"""
import json
import os
import statistics
import subprocess
import sys
import time

from sync_workloads import Radicale, log, venv_python

CLIENT = "bench-live"


class Accounts(Radicale):
    """Radicale with `users` users, each with `lists` empty VTODO collections written into its storage."""

    def __init__(self, python, folder, users, lists):
        super().__init__(python, folder)
        self.names = [f"user{index:02d}" for index in range(users)]
        with open(os.path.join(folder, "users"), "w") as f:
            f.writelines(f"{name}:{self.password}\n" for name in self.names)
        for name in self.names:
            for index in range(lists):
                path = self.collection_path(name, f"list{index:02d}")
                os.makedirs(path)
                with open(os.path.join(path, ".Radicale.props"), "w") as f:
                    json.dump({"tag": "VCALENDAR", "D:displayname": f"List {index}", "C:supported-calendar-component-set": "VTODO"}, f)

    def collection_path(self, user, collection):
        return os.path.join(self.storage, "collection-root", user, collection)


def remindersd(bench, store, *args, check=True):
    return subprocess.run([bench.binary, *args, "--store", store], capture_output=True, text=True, check=check)


def add_accounts(bench, store, radicale, names):
    password = bench.path("password")
    with open(password, "w") as f:
        f.write(radicale.password + "\n")
    os.chmod(password, 0o600)
    for name in names:
        remindersd(bench, store, "accounts", "add", name, "--url", radicale.url, "--username", name, "--password-file", password)


def wait_for_file(folder, count, timeout=30):
    """Until `folder` holds `count` items (.ics files); returns the moment it did."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if sum(name.endswith(".ics") for name in os.listdir(folder)) >= count:
            return time.monotonic()
        time.sleep(0.002)
    raise SystemExit(f"live sync: {count} items did not reach the server within {timeout} s")


def save(bench, store, list_identifier, title):
    params = json.dumps({"reminder": {"title": title, "calendarIdentifier": list_identifier}})
    subprocess.run([bench.binary, "call", "saveReminder", params, "--client", CLIENT, "--store", store],
                   check=True, stdout=subprocess.DEVNULL)
    return time.monotonic()


def latency(bench, radicale, changes, by_hand):
    store = bench.fresh_store("live-hand" if by_hand else "live-agent")
    remindersd(bench, store, "permissions", "set", "--any-program", CLIENT, "fullAccess")
    add_accounts(bench, store, radicale, radicale.names[:1])
    remindersd(bench, store, "sync")
    calendars = json.loads(remindersd(bench, store, "call", "calendars", "--client", CLIENT).stdout)["calendars"]
    target = next(c["calendarIdentifier"] for c in calendars if c["title"] == "List 0")
    folder = radicale.collection_path(radicale.names[0], "list00")
    before = sum(name.endswith(".ics") for name in os.listdir(folder))
    agent = None
    if not by_hand:
        agent = subprocess.Popen([bench.binary, "agent", "--sync", "1h", "--notify", "none", "--store", store],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(3)  # its first sync, at start
    samples = []
    try:
        for index in range(changes):
            saved = save(bench, store, target, f"live {index}")
            if by_hand:
                remindersd(bench, store, "sync")
            samples.append(wait_for_file(folder, before + index + 1) - saved)
    finally:
        if agent:
            agent.terminate()
            agent.wait(30)
    return samples


def poll(bench, radicale, reps):
    """A sync of 10 accounts × 10 lists with nothing changed: Radicale's requests and the time."""
    store = bench.fresh_store("live-poll")
    add_accounts(bench, store, radicale, radicale.names)
    remindersd(bench, store, "sync")
    runs = []
    for _ in range(reps):
        logged = radicale.requests_logged()
        started = time.monotonic()
        report = json.loads(remindersd(bench, store, "sync", "--json").stdout)
        seconds = time.monotonic() - started
        runs.append({"seconds": seconds, "logged": radicale.requests_logged() - logged,
                     "counted": sum(account["requests"] for account in report["accounts"]),
                     "lists": sum(len(account["lists"]) for account in report["accounts"])})
    return runs


def workload_live_sync(bench, reps, changes):
    python = venv_python()
    folder = bench.path("radicale-live")
    os.makedirs(folder)
    radicale = Accounts(python, folder, users=10, lists=10)
    radicale.start()
    try:
        agent = latency(bench, radicale, changes, by_hand=False)
        hand = latency(bench, radicale, changes, by_hand=True)
        polls = poll(bench, radicale, reps)
    finally:
        radicale.stop()
    return {"changes": changes, "agent": agent, "hand": hand, "polls": polls,
            "agent median": statistics.median(agent), "agent worst": max(agent),
            "hand median": statistics.median(hand), "hand worst": max(hand),
            "poll requests": statistics.median(run["logged"] for run in polls),
            "poll seconds": statistics.median(run["seconds"] for run in polls)}


def rows(results, seconds_text):
    out = []
    fifteen = results.get("15")
    if fifteen:
        out.append((f"15 a change here to the server, agent --sync running (median of {fifteen['changes']})",
                    seconds_text(fifteen["agent median"]), "the same change, then remindersd sync by hand",
                    seconds_text(fifteen["hand median"]), f"+{fifteen['agent median'] - fifteen['hand median']:.2f} s",
                    "median < 3 s", fifteen["agent median"] < 3))
        out.append(("15 … the worst of them", seconds_text(fifteen["agent worst"]), "by hand, the worst",
                    seconds_text(fifteen["hand worst"]), "–", "< 5 s", fifteen["agent worst"] < 5))
        first = fifteen["polls"][0]
        out.append((f"15 poll with nothing changed, 10 accounts × {first['lists'] // 10} lists",
                    f"{fifteen['poll requests']:.0f} requests", "time of that poll", seconds_text(fifteen["poll seconds"]), "–",
                    "10 requests", fifteen["poll requests"] <= 10))
    return out


def details(results):
    fifteen = results.get("15")
    if not fifteen:
        return ""
    counts = ", ".join(f"{run['counted']}/{run['logged']}" for run in fifteen["polls"])
    return (f"- 15: samples s, agent: {', '.join(f'{v:.2f}' for v in fifteen['agent'])}; by hand: "
            f"{', '.join(f'{v:.2f}' for v in fifteen['hand'])}. Poll requests as remindersd counted them / as Radicale "
            f"logged them, per repetition: {counts}.")
