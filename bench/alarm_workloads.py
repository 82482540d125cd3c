"""Workloads 11 and 12 of bench/run: the alarm agent.

11. Fire precision: N alarms spread over S seconds, fired by `remindersd agent` through an
    --on-alarm program, against a sleep-based bash loop that sleeps until each alarm's time and runs
    the same program. Lateness is the program's clock (`date +%s%N`, its first command) minus the
    alarm's fireDate: median and worst.
12. Scale: an agent on a store of 100k scheduled alarms (absolute, relative to zoned due dates,
    relative to floating ones, spread over the next 100 days): start to ready (its own "ready"
    line), RSS once ready, CPU over an idle stretch, and after a change to one reminder (another
    process's commit) the cost of the pass that reschedules (its debug line) — against the
    sqlite3 shell working out the next fire time over every alarm from scratch, which is what a
    scheduler without the fire-time indexes does after each change.
"""
import datetime
import json
import os
import re
import statistics
import subprocess
import threading
import time

PRECISION_LOOP = r"""
# A sleep-based alarm loop: SCHEDULE holds "epoch-ns json" lines, soonest first.
while read -r at json; do
    now=$(date +%s%N)
    wait_ns=$((at - now))
    if ((wait_ns > 0)); then sleep "$((wait_ns / 1000000000)).$(printf '%09d' $((wait_ns % 1000000000)))"; fi
    printf '%s\n' "$json" | "$RECORDER"
done < "$SCHEDULE"
"""


def log(*parts):
    import sys
    print(*parts, file=sys.stderr, flush=True)


def rfc3339(moment):
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


def instant_ns(text):
    return int(datetime.datetime.strptime(text, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=datetime.timezone.utc).timestamp() * 1000) * 1_000_000


def recorder(bench, name):
    """A program that appends "epoch-ns json" per alarm, taking the time first."""
    path, out = bench.path(name + ".sh"), bench.path(name + ".lines")
    with open(path, "w") as f:
        f.write(f"#!/bin/sh\nnow=$(date +%s%N)\nprintf '%s %s\\n' \"$now\" \"$(cat)\" >> '{out}'\n")
    os.chmod(path, 0o755)
    open(out, "w").close()
    return path, out


def lateness_ms(lines_path):
    late = []
    for line in open(lines_path):
        stamp, _, body = line.partition(" ")
        late.append((int(stamp) - instant_ns(json.loads(body)["fireDate"])) / 1e6)
    return late


class Agent:
    """`remindersd agent` with its stderr read line by line, each line with when it came."""

    def __init__(self, binary, store, extra):
        self.started = time.perf_counter()
        self.process = subprocess.Popen([binary, "agent", "--store", store, "--notify", "none"] + extra,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        self.lines = []
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        for line in self.process.stderr:
            self.lines.append((time.perf_counter(), line.rstrip("\n")))

    def wait_for(self, pattern, after=0, timeout=60):
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            for index, (at, line) in enumerate(self.lines[after:], after):
                match = re.search(pattern, line)
                if match:
                    return index, at, match
            if self.process.poll() is not None:
                break
            time.sleep(0.002)
        raise SystemExit(f"the agent never said /{pattern}/:\n" + "\n".join(line for _, line in self.lines[-20:]))

    def status(self, field):
        for line in open(f"/proc/{self.process.pid}/status"):
            if line.startswith(field + ":"):
                return int(line.split()[1])
        return 0

    def cpu_seconds(self):
        fields = open(f"/proc/{self.process.pid}/stat").read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)


def save_alarms(bench, store, reminders):
    init = bench.phase_file("alarms-init", [request_json("init", "initialize", {"clientInfo": {"name": "bench"}, "timeZone": "UTC"})], False)
    load = bench.phase_file("alarms", [request_json(i + 1, "saveReminder", {"reminder": r, "commit": False}) for i, r in enumerate(reminders)], False)
    commit = bench.phase_file("alarms-commit", [request_json("commit", "commit", {})], False)
    bench.drive(bench.server_command(store), [(init, 1, {}), (load, len(reminders), {}), (commit, 1, {})])


def request_json(id, method, params):
    return json.dumps({"jsonrpc": "2.0", "id": id, "method": method, "params": params}, separators=(",", ":"))


def workload_precision(bench, reps, count, span):
    """11. count alarms spread over span seconds: agent vs a sleep loop, each repetition both."""
    samples = {"remindersd median": [], "remindersd worst": [], "sleep loop median": [], "sleep loop worst": []}
    ratios = []
    for rep in range(reps):
        store = bench.fresh_store("precision")
        first = datetime.datetime.now(datetime.timezone.utc).replace(tzinfo=None) + datetime.timedelta(seconds=4)
        times = [first + datetime.timedelta(seconds=span * i / count) for i in range(count)]
        save_alarms(bench, store, [{"title": f"Alarm {i}", "alarms": [{"absoluteDate": rfc3339(t)}]} for i, t in enumerate(times)])
        program, lines = recorder(bench, "precision-agent")
        if times[0] - datetime.datetime.now(datetime.timezone.utc).replace(tzinfo=None) < datetime.timedelta(seconds=1):
            raise SystemExit("workload 11: saving the alarms took too long for the first to be ahead")
        agent = Agent(bench.binary, store, ["--on-alarm", program, "--log-level", "info"])
        deadline = time.time() + span + 15
        while sum(1 for _ in open(lines)) < count and time.time() < deadline:
            time.sleep(0.1)
        agent.stop()
        ours = lateness_ms(lines)
        if len(ours) != count:
            raise SystemExit(f"workload 11: the agent fired {len(ours)} of {count} alarms")

        # The peer: the same schedule, the same program, a bash loop that sleeps until each time.
        first = datetime.datetime.now(datetime.timezone.utc).replace(tzinfo=None) + datetime.timedelta(seconds=2)
        schedule = bench.path("precision-schedule")
        with open(schedule, "w") as f:
            for i in range(count):
                t = first + datetime.timedelta(seconds=span * i / count)
                body = json.dumps({"fireDate": rfc3339(t), "title": f"Alarm {i}"}, separators=(",", ":"))
                f.write(f"{instant_ns(rfc3339(t))} {body}\n")
        peer_program, peer_lines = recorder(bench, "precision-loop")
        subprocess.run(["bash", "-c", PRECISION_LOOP], check=True, env=dict(os.environ, SCHEDULE=schedule, RECORDER=peer_program))
        theirs = lateness_ms(peer_lines)
        samples["remindersd median"].append(statistics.median(ours))
        samples["remindersd worst"].append(max(ours))
        samples["sleep loop median"].append(statistics.median(theirs))
        samples["sleep loop worst"].append(max(theirs))
        ratios.append(statistics.median(theirs) / max(statistics.median(ours), 1e-3))
        log(f"  11 rep {rep + 1}: agent median {statistics.median(ours):.1f} ms, worst {max(ours):.1f} ms; "
            f"sleep loop median {statistics.median(theirs):.1f} ms, worst {max(theirs):.1f} ms")
    return {"count": count, "span": span, "samples": samples, "ratio": statistics.median(ratios),
            **{name: statistics.median(values) for name, values in samples.items()}}


def scale_reminders(count, t0):
    """count reminders, one time alarm each, firing between 1 hour and 100 days after t0."""
    reminders = []
    for i in range(count):
        at = t0 + datetime.timedelta(hours=1, seconds=(i * 8640_000 // count) % 8640_000)
        kind = i % 3
        if kind == 0:
            reminders.append({"title": f"Absolute {i}", "alarms": [{"absoluteDate": rfc3339(at)}]})
        else:
            due = at + datetime.timedelta(minutes=15)
            components = {"year": due.year, "month": due.month, "day": due.day, "hour": due.hour, "minute": due.minute}
            if kind == 1:
                components["timeZone"] = "UTC"
            reminders.append({"title": f"Relative {i}", "dueDateComponents": components, "alarms": [{"relativeOffset": -900}]})
    return reminders


NEXT_FIRE_SQL = """
SELECT min(CASE WHEN a.absolute_date IS NOT NULL THEN a.absolute_date
                WHEN r.due_at IS NOT NULL THEN r.due_at + CAST(a.relative_offset * 1000 AS INTEGER)
                ELSE r.due_wall * 1000 + CAST(a.relative_offset * 1000 AS INTEGER) END)
FROM alarms a JOIN reminders r ON r.id = a.reminder
WHERE r.completed = 0 AND a.proximity = 'none'
  AND NOT EXISTS (SELECT 1 FROM alarm_deliveries d WHERE d.reminder = r.identifier AND d.alarm = a.identifier);
"""


def workload_scale(bench, reps, count):
    """12. An agent on count scheduled alarms."""
    t0 = datetime.datetime.now(datetime.timezone.utc).replace(tzinfo=None, microsecond=0)
    store = bench.fresh_store("scale")
    save_alarms(bench, store, scale_reminders(count, t0))
    program, lines = recorder(bench, "scale-agent")
    result = {"count": count, "ready": [], "ready reported ms": [], "RSS KiB": [], "peak RSS KiB": []}
    for _ in range(reps):
        agent = Agent(bench.binary, store, ["--on-alarm", program, "--log-level", "debug"])
        _, at, match = agent.wait_for(r"ready in (\d+) ms")
        result["ready"].append(at - agent.started)
        result["ready reported ms"].append(int(match.group(1)))
        time.sleep(0.5)
        result["RSS KiB"].append(agent.status("VmRSS"))
        result["peak RSS KiB"].append(agent.status("VmHWM"))
        agent.stop()

    agent = Agent(bench.binary, store, ["--on-alarm", program, "--log-level", "debug"])
    agent.wait_for(r"ready in")
    idle_seconds = 10
    before = agent.cpu_seconds()
    time.sleep(idle_seconds)
    result["idle CPU seconds"] = agent.cpu_seconds() - before
    result["idle seconds"] = idle_seconds
    # Another process moves one reminder's alarm to two seconds ahead: the agent notices (it looks
    # at the store twice a second), reschedules, and fires it.
    reschedule, fired_late, peer = [], [], []
    identifiers = json.loads(subprocess.run(
        [bench.binary, "call", "fetchReminders", json.dumps({"predicate": {"kind": "incomplete"}, "limit": reps}),
         "--store", store, "--client", "bench"], check=True, capture_output=True, text=True).stdout)["reminders"]
    for reminder in identifiers[:reps]:
        mark = len(agent.lines)
        soon = rfc3339(datetime.datetime.now(datetime.timezone.utc).replace(tzinfo=None) + datetime.timedelta(seconds=2))
        subprocess.run([bench.binary, "call", "saveReminder",
                        json.dumps({"reminder": {"calendarItemIdentifier": reminder["calendarItemIdentifier"],
                                                 "dueDateComponents": None, "alarms": [{"absoluteDate": soon}]}}),
                        "--store", store, "--client", "bench"], check=True, stdout=subprocess.DEVNULL)
        _, _, match = agent.wait_for(r"schedule: (\d+) candidates in ([\d.]+) ms; next " + re.escape(soon[:19]), after=mark, timeout=5)
        reschedule.append(float(match.group(2)))
        started = time.perf_counter()
        subprocess.run(["sqlite3", store, NEXT_FIRE_SQL], check=True, capture_output=True)
        peer.append(time.perf_counter() - started)
        deadline = time.time() + 10
        while time.time() < deadline:
            late = lateness_ms(lines)
            if late and len(late) > len(fired_late):
                fired_late.append(late[-1])
                break
            time.sleep(0.05)
    agent.stop()
    result.update({"reschedule ms": reschedule, "sqlite3 next fire seconds": peer, "fired late ms": fired_late})
    result["ratio"] = statistics.median(peer) * 1000 / max(statistics.median(reschedule), 1e-3)
    return result


def rows(results, seconds_text, mib):
    out = []
    eleven = results.get("11")
    if eleven:
        out.append((f"11 fire precision, {eleven['count']} alarms over {eleven['span']} s: median lateness",
                    f"{eleven['remindersd median']:.1f} ms", "bash loop sleeping until each alarm, same program",
                    f"{eleven['sleep loop median']:.1f} ms", f"{eleven['ratio']:.2f}×", "< 50 ms", eleven["remindersd median"] < 50))
        out.append((f"11 fire precision: worst lateness", f"{eleven['remindersd worst']:.1f} ms", "the same loop",
                    f"{eleven['sleep loop worst']:.1f} ms", "–", "< 1 s", eleven["remindersd worst"] < 1000))
    twelve = results.get("12")
    if twelve:
        count = f"{twelve['count'] // 1000}k"
        ready = statistics.median(twelve["ready"])
        out.append((f"12 agent start to ready, {count} scheduled alarms", seconds_text(ready), "–", "–", "–", "< 1 s", ready < 1))
        rss = statistics.median(twelve["RSS KiB"])
        out.append((f"12 agent RSS once ready, {count} alarms", mib(rss), "–", "–", "–", "< 50 MiB", rss < 50 * 1024))
        ours = statistics.median(twelve["reschedule ms"])
        out.append((f"12 reschedule after another process's change, {count} alarms", f"{ours:.2f} ms",
                    "sqlite3 shell: next fire time over every alarm", seconds_text(statistics.median(twelve["sqlite3 next fire seconds"])),
                    f"{twelve['ratio']:.0f}×", "< 5 ms", ours < 5))
    return out


def details(results, mib):
    lines = []
    eleven = results.get("11")
    if eleven:
        s = eleven["samples"]
        lines.append(f"- 11: lateness = the program's first `date +%s%N` minus the alarm's fireDate, so both sides include starting "
                     f"the program; the agent waits on a condition variable until the next fire time, the loop runs `date` and "
                     f"`sleep` per alarm. Per-repetition medians ms: agent {', '.join(f'{v:.1f}' for v in s['remindersd median'])}; "
                     f"loop {', '.join(f'{v:.1f}' for v in s['sleep loop median'])}; worst ms: agent "
                     f"{', '.join(f'{v:.1f}' for v in s['remindersd worst'])}; loop {', '.join(f'{v:.1f}' for v in s['sleep loop worst'])}.")
    twelve = results.get("12")
    if twelve:
        lines.append(f"- 12: ready as the agent reports it {', '.join(str(v) for v in twelve['ready reported ms'])} ms (from its start "
                     f"to the first schedule worked out); peak RSS {mib(statistics.median(twelve['peak RSS KiB']))}; CPU while idle "
                     f"{twelve['idle CPU seconds'] * 1000:.0f} ms over {twelve['idle seconds']} s; reschedule passes ms "
                     f"{', '.join(f'{v:.2f}' for v in twelve['reschedule ms'])} (the agent sees another process's commit within "
                     f"0.5 s); the moved alarms then fired {', '.join(f'{v:.0f}' for v in twelve['fired late ms'])} ms after "
                     f"their time; sqlite3 samples ms {', '.join(f'{v * 1000:.1f}' for v in twelve['sqlite3 next fire seconds'])}.")
    return "\n".join(lines)
