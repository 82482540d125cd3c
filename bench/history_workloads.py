"""Workload 20 of bench/run: the history of changes (issue 38).

On a copy of workload 3's store (100k reminders, whose commit recorded 100k creations), a heavy
user's month is played: 50k edits, each `saveReminder` committed (pipelined, so the server groups
their commits), each copying what the reminder was. The history then holds 100k changes — the
oldest creations trimmed by its size bound — and the figures are:

- `changes {limit: 1000}`, the newest thousand with what each item was before, on an initialized
  session; against the sqlite3 shell reading the same thousand rows (with the same copies) as JSON.
  Target < 20 ms.
- the size the history takes in the store file (its tables and indexes, from SQLite's `dbstat`)
  against the size of the reminders themselves (their tables, full-text index and indexes).
  Target: less.
"""
import os
import sqlite3
import statistics

EDITS_FULL = 50_000

HISTORY_TABLES = ("changes", "change_authors", "change_reminders", "change_alarms", "change_calendars", "change_sync_items",
                  "change_events", "change_event_alarms")
REMINDER_TABLES = ("reminders", "alarms", "reminder_tags", "reminder_icalendar")


def log(*parts):
    import sys
    print(*parts, file=sys.stderr, flush=True)


def sizes(store):
    """Bytes of the history's tables and indexes, and of the reminders' (with the full-text index)."""
    db = sqlite3.connect(store)
    try:
        by_table = {}
        for name, table, size in db.execute(
                "SELECT d.name, coalesce(s.tbl_name, d.name), sum(d.pgsize) FROM dbstat d "
                "LEFT JOIN sqlite_schema s ON s.name = d.name GROUP BY d.name"):
            owner = "reminders" if table.startswith("reminders_fts") else table
            by_table[owner] = by_table.get(owner, 0) + size
        return sum(by_table.get(t, 0) for t in HISTORY_TABLES), sum(by_table.get(t, 0) for t in REMINDER_TABLES)
    finally:
        db.close()


SQLITE_CHANGES = """
SELECT json_group_array(json_object('changeIdentifier', id, 'date', time, 'client', client, 'program', program,
    'action', action, 'kind', kind, 'itemIdentifier', item, 'title', title, 'calendarIdentifier', calendar,
    'before', CASE WHEN r_title IS NULL THEN NULL ELSE json_object('title', r_title, 'notes', notes, 'priority', priority,
        'dueDate', due_date, 'isCompleted', completed, 'lastModifiedDate', last_modified) END))
FROM (SELECT c.id, c.time, a.client, a.program, c.action, c.kind, c.item, c.title, c.calendar, r.title AS r_title, r.notes,
        r.priority, r.due_date, r.completed, r.last_modified
      FROM changes c JOIN change_authors a ON a.id = c.author LEFT JOIN change_reminders r ON r.change = c.id
      ORDER BY c.id DESC LIMIT 1000)
"""


def workload_history(bench, reps, source_store, request, initialize_request, timed_pipe, edits):
    store = bench.path("history") + ".sqlite"
    with sqlite3.connect(source_store) as source, sqlite3.connect(store) as copy:
        source.backup(copy)
    os.chmod(store, 0o600)  # remindersd refuses a store others can read
    identifiers = [row[0] for row in sqlite3.connect(store).execute("SELECT identifier FROM reminders ORDER BY id LIMIT ?", (edits,))]
    init = bench.phase_file("history-init", [initialize_request()], False)
    edit = bench.phase_file("history-edits", [request(i + 1, "saveReminder", {"reminder": {
        "calendarItemIdentifier": identifier, "title": f"Edited {i}", "priority": 1 + i % 9}}) for i, identifier in enumerate(identifiers)],
        False)
    phases, _ = bench.drive(bench.server_command(store), [(init, 1, {}), (edit, len(identifiers), {})])
    edit_seconds = phases[1]["seconds"]
    history_bytes, reminder_bytes = sizes(store)
    count = sqlite3.connect(store).execute("SELECT count(*) FROM changes").fetchone()[0]
    log(f"  20: {len(identifiers)} edits in {edit_seconds:.2f} s; history {count} changes, {history_bytes / 1e6:.1f} MB; "
        f"reminders {reminder_bytes / 1e6:.1f} MB")

    k = 5
    page = bench.phase_file("history-changes", [request("changes", "changes", {"limit": 1000})], False)
    ours, theirs, ratios, answer_bytes = [], [], [], []
    for rep in range(reps):
        phases, _ = bench.drive(bench.server_command(store), [(init, 1, {})] + [(page, 1, {}) for _ in range(k)])
        mine = statistics.median(p["seconds"] for p in phases[1:])
        answer_bytes.append(phases[1]["largest_reply"])
        peer = statistics.median(timed_pipe(["sqlite3", "-readonly", store, SQLITE_CHANGES])[0] for _ in range(k))
        ours.append(mine)
        theirs.append(peer)
        ratios.append(peer / mine)
        log(f"  20 rep {rep + 1}: changes limit 1000 {mine * 1000:.1f} ms; sqlite3 {peer * 1000:.1f} ms")
    return {"edits": len(identifiers), "edit seconds": edit_seconds, "changes kept": count, "history bytes": history_bytes,
            "reminder bytes": reminder_bytes, "changes": statistics.median(ours), "sqlite changes": statistics.median(theirs),
            "ratio": statistics.median(ratios), "answer bytes": statistics.median(answer_bytes),
            "samples": {"changes": ours, "sqlite": theirs}}


def rows(results, seconds_text):
    twenty = results.get("20")
    if not twenty:
        return []
    kept = twenty["changes kept"]
    return [(f"20 changes, the newest 1000 of {kept // 1000}k ({twenty['answer bytes'] / 1e6:.1f} MB)", seconds_text(twenty["changes"]),
             "sqlite3 shell, the same rows as JSON", seconds_text(twenty["sqlite changes"]), f"{twenty['ratio']:.2f}×", "< 20 ms",
             twenty["changes"] < 0.020),
            (f"20 history of {kept // 1000}k changes ({twenty['edits'] // 1000}k edits) in the store",
             f"{twenty['history bytes'] / 1e6:.1f} MB", "the reminders' own tables and indexes", f"{twenty['reminder bytes'] / 1e6:.1f} MB",
             f"{twenty['history bytes'] / twenty['reminder bytes']:.2f}× their size", "< 1× their size",
             twenty["history bytes"] < twenty["reminder bytes"])]


def details(results):
    twenty = results.get("20")
    if not twenty:
        return ""
    s = twenty["samples"]
    return (f"- 20: {twenty['edits']} edits committed one by one (pipelined) in {twenty['edit seconds']:.2f} s on a copy of workload 3's store; "
            f"ms for changes limit 1000: {', '.join(f'{v * 1000:.1f}' for v in s['changes'])}; sqlite3: "
            f"{', '.join(f'{v * 1000:.1f}' for v in s['sqlite'])}.")
