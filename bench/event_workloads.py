"""Workloads 13 and 19 of bench/run: one month of events, and events staged.

A calendar of N events (default 10,000), of which 500 are recurring series (weekly, every two
weeks, daily for a month, monthly), the rest single events over two years. remindersd answers
`fetchEvents` for one month on an initialized session (occurrences expanded, sorted), against khal
(Debian's) listing the same month from the same events as .ics files in a vdir, its cache built
beforehand (khal's first run indexes the folder; that is not timed). Both say how many occurrences
they found (khal's distinct start-and-title lines: it lists an event under each day it touches),
and the counts must agree. Then the same events, each with an alarm 15 minutes before each
occurrence, in a store of their own: `remindersd agent` runs on it, and after another process's commit (one event moved) the
cost of the pass that reschedules is read from its debug line — the agent finds single events'
alarms through their fire-time index and expands only the series.

Workload 19: the same events saved with `commit: false` and then one `commit`, against the same
saves each committed (pipelined, so the server groups their commits): staging keeps each event as
the value its change left, so staging one more costs the same however many are staged.
"""
import datetime
import json
import os
import statistics
import subprocess
import time

from alarm_workloads import Agent

RULES = ["FREQ=WEEKLY", "FREQ=WEEKLY;INTERVAL=2", "FREQ=DAILY;COUNT=30", "FREQ=MONTHLY"]
MONTH = (datetime.datetime(2027, 3, 1), datetime.datetime(2027, 4, 1))


def log(*parts):
    import sys
    print(*parts, file=sys.stderr, flush=True)


def events(count):
    """(uid, start, minutes, rrule or None, title) — all in UTC, so both sides read them alike."""
    base = datetime.datetime(2026, 1, 5, 7, 0)
    made = []
    for i in range(count):
        if i < 500:
            start = datetime.datetime(2025, 1, 6, 6, 0) + datetime.timedelta(days=i % 700, hours=i % 11)
            made.append((f"series-{i}", start, 30, RULES[i % len(RULES)], f"Series {i}"))
        else:
            start = base + datetime.timedelta(minutes=(i * 97) % (730 * 24 * 60))
            made.append((f"event-{i}", start, 30 + (i % 4) * 15, None, f"Event {i}"))
    return made


def stamp(moment):
    return moment.strftime("%Y%m%dT%H%M%SZ")


def rfc3339(moment):
    return moment.strftime("%Y-%m-%dT%H:%M:%S.000Z")


def rule_json(rrule):
    return [{"rrule": rrule}] if rrule else []


def write_vdir(folder, made):
    os.makedirs(folder, exist_ok=True)
    for uid, start, minutes, rrule, title in made:
        with open(os.path.join(folder, uid + ".ics"), "w") as f:
            f.write("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//remindersd bench//EN\r\nBEGIN:VEVENT\r\n"
                    f"UID:{uid}\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:{stamp(start)}\r\n"
                    f"DTEND:{stamp(start + datetime.timedelta(minutes=minutes))}\r\n"
                    + (f"RRULE:{rrule}\r\n" if rrule else "") + f"SUMMARY:{title}\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")


def khal_config(folder, path):
    with open(path, "w") as f:
        f.write(f"[calendars]\n[[bench]]\npath = {folder}\ntype = calendar\n"
                "[locale]\ntimeformat = %H:%M\ndateformat = %Y-%m-%d\nlongdateformat = %Y-%m-%d\n"
                "datetimeformat = %Y-%m-%d %H:%M\nlongdatetimeformat = %Y-%m-%d %H:%M\n"
                f"local_timezone = UTC\ndefault_timezone = UTC\n[sqlite]\npath = {path}.db\n")


def khal_list(config):
    started = time.perf_counter()
    out = subprocess.run(["khal", "-c", config, "list", "--format", "{start} {title}", "--day-format", "",
                          MONTH[0].strftime("%Y-%m-%d"), (MONTH[1] - datetime.timedelta(days=1)).strftime("%Y-%m-%d")],
                         check=True, capture_output=True, text=True).stdout
    # khal lists an event under every day it touches: count each (start, title) once.
    return time.perf_counter() - started, len({line for line in out.splitlines() if line.strip()})


def workload_month(bench, reps, count):
    """13. fetchEvents for one month of a 10k-event calendar, against khal list."""
    made = events(count)
    store = event_store(bench, "events")
    init = bench.phase_file("events-init", [json.dumps({"jsonrpc": "2.0", "id": "init", "method": "initialize",
                                                        "params": {"clientInfo": {"name": "bench"}, "timeZone": "UTC"}})], False)
    bench.drive(bench.server_command(store), [(init, 1, {}), (saves_file(bench, "events-save", made, alarms=[]), len(made), {})])

    folder = bench.path("khal-vdir")
    write_vdir(folder, made)
    config = bench.path("khal-config")
    khal_config(folder, config)
    started = time.perf_counter()
    khal_list(config)  # indexes the folder into khal's cache
    khal_index = time.perf_counter() - started

    fetch = bench.phase_file("events-month", [json.dumps({"jsonrpc": "2.0", "id": "month", "method": "fetchEvents", "params": {
        "start": rfc3339(MONTH[0]), "end": rfc3339(MONTH[1])}})], False)
    k = 5
    samples = {"remindersd": [], "khal": [], "remindersd items": [], "khal items": []}
    ratios = []
    for rep in range(reps):
        phases, _ = bench.drive(bench.server_command(store), [(init, 1, {})] + [(fetch, 1, {"count_items": True}) for _ in range(k)])
        ours = [p["seconds"] for p in phases[1:]]
        samples["remindersd"] += ours
        samples["remindersd items"] += [p["items"] for p in phases[1:]]
        theirs, found = khal_list(config)
        samples["khal"].append(theirs)
        samples["khal items"].append(found)
        ratios.append(theirs / statistics.median(ours))
        log(f"  13 rep {rep + 1}: remindersd {statistics.median(ours) * 1000:.2f} ms ({samples['remindersd items'][-1]} occurrences), "
            f"khal {theirs * 1000:.0f} ms ({found})")
    if set(samples["remindersd items"]) != set(samples["khal items"]):
        raise SystemExit(f"workload 13: remindersd found {set(samples['remindersd items'])} occurrences, khal {set(samples['khal items'])}")
    return {"count": count, "series": 500, "occurrences": samples["remindersd items"][0], "remindersd": statistics.median(samples["remindersd"]),
            "khal": statistics.median(samples["khal"]), "ratio": statistics.median(ratios), "khal index seconds": khal_index, "samples": samples,
            "agent passes ms": agent_passes(bench, init, made, reps)}


def event_store(bench, name):
    store = bench.fresh_store(name)
    subprocess.run([bench.binary, "permissions", "set", "--any-program", "bench", "fullAccess", "--entity", "event", "--store", store],
                   check=True, capture_output=True)
    return store


def saves_file(bench, name, made, alarms, commit=True):
    return bench.phase_file(name, [json.dumps({"jsonrpc": "2.0", "id": i, "method": "saveEvent", "params": {"event": {
        "title": title, "startDate": rfc3339(start), "endDate": rfc3339(start + datetime.timedelta(minutes=minutes)), "timeZone": "UTC",
        "recurrenceRules": rule_json(rrule), "alarms": alarms}, "commit": commit}}) for i, (_, start, minutes, rrule, title) in enumerate(made)],
        False)


def workload_staged_events(bench, reps, count):
    """19. saveEvent commit:false ×N then commit, against the same saves each committed (pipelined)."""
    made = events(count)
    init = bench.phase_file("events-init", [json.dumps({"jsonrpc": "2.0", "id": "init", "method": "initialize",
                                                        "params": {"clientInfo": {"name": "bench"}, "timeZone": "UTC"}})], False)
    staged = saves_file(bench, "events-staged", made, alarms=[], commit=False)
    commit = bench.phase_file("events-commit", [json.dumps({"jsonrpc": "2.0", "id": "commit", "method": "commit", "params": {}})], False)
    durable = saves_file(bench, "events-durable", made, alarms=[])
    samples = {"stage": [], "commit": [], "remindersd": [], "durable": []}
    ratios = []
    for rep in range(reps):
        phases, _ = bench.drive(bench.server_command(event_store(bench, "events-staged")), [(init, 1, {}), (staged, count, {}), (commit, 1, {})])
        stage, committed = phases[1]["seconds"], phases[2]["seconds"]
        phases, _ = bench.drive(bench.server_command(event_store(bench, "events-durable")), [(init, 1, {}), (durable, count, {})])
        each = phases[1]["seconds"]
        samples["stage"].append(stage)
        samples["commit"].append(committed)
        samples["remindersd"].append(stage + committed)
        samples["durable"].append(each)
        ratios.append(each / (stage + committed))
        log(f"  19 rep {rep + 1}: staged {stage + committed:.2f} s (stage {stage:.2f} + commit {committed:.2f}), each committed {each:.2f} s")
    return {"count": count, "remindersd": statistics.median(samples["remindersd"]), "stage": statistics.median(samples["stage"]),
            "commit": statistics.median(samples["commit"]), "durable": statistics.median(samples["durable"]),
            "ratio": statistics.median(ratios), "samples": samples}


def agent_passes(bench, init, made, reps):
    """The same events, each with an alarm 15 minutes before, in a store of their own: the agent's
    reschedule after another process moves one occurrence to a minute ahead, reps times."""
    store = event_store(bench, "event-alarms")
    bench.drive(bench.server_command(store), [(init, 1, {}), (saves_file(bench, "event-alarms-save", made, [{"relativeOffset": -900}]),
                                                              len(made), {})])
    agent = Agent(bench.binary, store, ["--log-level", "debug"])
    agent.wait_for(r"ready in")
    found = json.loads(subprocess.run([bench.binary, "call", "fetchEvents", json.dumps({"start": rfc3339(MONTH[0]), "end": rfc3339(MONTH[1]),
                                                                                       "limit": reps}),
                                       "--store", store, "--client", "bench"], check=True, capture_output=True, text=True).stdout)["events"]
    passes = []
    for event in found[:reps]:
        mark = len(agent.lines)
        soon = datetime.datetime.now(datetime.timezone.utc).replace(tzinfo=None, microsecond=0) + datetime.timedelta(minutes=16)
        subprocess.run([bench.binary, "call", "saveEvent", json.dumps({"event": {
            "eventIdentifier": event["eventIdentifier"], "occurrenceDate": event["occurrenceDate"], "startDate": rfc3339(soon),
            "endDate": rfc3339(soon + datetime.timedelta(minutes=30))}, "span": "thisEvent"}),
            "--store", store, "--client", "bench"], check=True, stdout=subprocess.DEVNULL)
        # The pass after the commit (the agent looks twice a second; otherwise it passes once a minute).
        _, _, match = agent.wait_for(r"schedule: \d+ candidates in ([\d.]+) ms", after=mark, timeout=5)
        passes.append(float(match.group(1)))
    agent.stop()
    return passes


def rows(results, seconds_text):
    return month_rows(results, seconds_text) + staged_rows(results, seconds_text)


def staged_rows(results, seconds_text):
    nineteen = results.get("19")
    if not nineteen:
        return []
    return [(f"19 {nineteen['count'] // 1000}k saveEvent commit:false + commit", f"{seconds_text(nineteen['remindersd'])} "
             f"({seconds_text(nineteen['stage'])} + {seconds_text(nineteen['commit'])})", "the same saveEvent, each commit:true, pipelined",
             seconds_text(nineteen["durable"]), f"{nineteen['ratio']:.2f}×", "≥ 1×", nineteen["ratio"] >= 1)]


def month_rows(results, seconds_text):
    thirteen = results.get("13")
    if not thirteen:
        return []
    passes = statistics.median(thirteen["agent passes ms"])
    return [(f"13 fetchEvents, one month of {thirteen['count'] // 1000}k events ({thirteen['series']} series; {thirteen['occurrences']} occurrences)",
             seconds_text(thirteen["remindersd"]), "khal list, same month, same events as a vdir (cache built)", seconds_text(thirteen["khal"]),
             f"{thirteen['ratio']:.0f}×", "< 20 ms", thirteen["remindersd"] < 0.020),
            (f"13 agent reschedule after another process's change, {thirteen['count'] // 1000}k events with alarms",
             f"{passes:.2f} ms", "–", "–", "–", "< 10 ms", passes < 10)]


def details(results):
    return "\n".join(part for part in (month_details(results), staged_details(results)) if part)


def staged_details(results):
    nineteen = results.get("19")
    if not nineteen:
        return ""
    s = nineteen["samples"]
    return (f"- 19: {nineteen['count']:,} events (workload 13's) staged on a fresh store, then one commit; the same saves each committed "
            "on another fresh store. Samples s: staged " + ", ".join(f"{v:.2f}" for v in s["remindersd"]) + " (stage "
            + ", ".join(f"{v:.2f}" for v in s["stage"]) + "; commit " + ", ".join(f"{v:.2f}" for v in s["commit"]) + "); each committed "
            + ", ".join(f"{v:.2f}" for v in s["durable"]) + ".")


def month_details(results):
    thirteen = results.get("13")
    if not thirteen:
        return ""
    s = thirteen["samples"]
    return (f"- 13: remindersd on an initialized session (5 fetches a repetition), khal started per list (its {thirteen['khal index seconds']:.1f} s "
            f"first run, which indexes the vdir, not timed); both found {thirteen['occurrences']} occurrences. Samples ms: remindersd "
            + ", ".join(f"{v * 1000:.2f}" for v in s["remindersd"]) + "; khal " + ", ".join(f"{v * 1000:.0f}" for v in s["khal"])
            + "; agent reschedule passes ms " + ", ".join(f"{v:.2f}" for v in thirteen["agent passes ms"]) + ".")
