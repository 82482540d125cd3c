"""Workload 17 of bench/run: the MCP front end against the JSON-RPC protocol it is built on.

`remindersd mcp` runs its tools through the same methods, in process; what it adds is MCP's own
work: reading a tool's arguments, dates as a model writes them, the text rendering, and the
method's result carried as `structuredContent`. Both servers get the same work, pipelined by the
driver on a fresh store each repetition, back to back: N reminders created (`create_reminder`
against `saveReminder`), then M searches of the open reminders, 500 a page (`search_reminders`
against `fetchReminders` with `limit: 500`). MCP requests use the stateless revision (each names
the client in `_meta`), as a host that sends no handshake does. The creates' target is ≤ 5× the
time: a run of one client's writing tool calls that arrive together is committed as one group, as
the JSON-RPC server commits pipelined saves (before, each call was a durable transaction of its
own, 24× the time). Then the same N reminders through
`create_reminders`, 100 to a call (each call one commit, all or nothing), against the N pipelined
`saveReminder`s: target within 2×.
"""
import json
import statistics

CLIENT = "bench"
REVISION = "2026-07-28"


def log(*parts):
    import sys
    print(*parts, file=sys.stderr, flush=True)


def _meta():
    return {"io.modelcontextprotocol/protocolVersion": REVISION, "io.modelcontextprotocol/clientCapabilities": {},
            "io.modelcontextprotocol/clientInfo": {"name": CLIENT, "version": "bench"}}


def mcp_call(identifier, tool, arguments):
    return json.dumps({"jsonrpc": "2.0", "id": identifier, "method": "tools/call",
                       "params": {"name": tool, "arguments": arguments, "_meta": _meta()}}, separators=(",", ":"))


def rpc(identifier, method, params):
    return json.dumps({"jsonrpc": "2.0", "id": identifier, "method": method, "params": params}, separators=(",", ":"))


def workload_mcp(bench, reps, creates, searches):
    titles = [f"Reminder {i} for the MCP bench" for i in range(creates)]
    mcp_create = bench.phase_file("mcp-create", [mcp_call(i + 1, "create_reminder", {"title": t, "due": "2027-03-01T09:00", "priority": "high"})
                                                 for i, t in enumerate(titles)], False)
    mcp_search = bench.phase_file("mcp-search", [mcp_call(creates + i + 1, "search_reminders", {"limit": 500}) for i in range(searches)], False)
    batches = max(creates // 100, 1)
    mcp_batch = bench.phase_file("mcp-batch", [mcp_call(i + 1, "create_reminders", {"reminders": [
        {"title": t, "due": "2027-03-01T09:00", "priority": "high"} for t in titles[i * 100:(i + 1) * 100]]}) for i in range(batches)], False)
    rpc_init = bench.phase_file("rpc-init", [rpc("init", "initialize", {"clientInfo": {"name": CLIENT}, "timeZone": "UTC"})], False)
    rpc_create = bench.phase_file("rpc-create", [rpc(i + 1, "saveReminder", {"reminder": {
        "title": t, "dueDateComponents": {"year": 2027, "month": 3, "day": 1, "hour": 9, "minute": 0}, "priority": 1}})
        for i, t in enumerate(titles)], False)
    rpc_search = bench.phase_file("rpc-search", [rpc(creates + i + 1, "fetchReminders", {"predicate": {"kind": "incomplete"}, "limit": 500})
                                                 for i in range(searches)], False)
    samples = {"mcp create": [], "rpc create": [], "mcp search": [], "rpc search": [], "mcp batch": []}
    for rep in range(reps):
        store = bench.fresh_store("mcp")
        phases, _ = bench.drive([bench.binary, "mcp", "--store", store], [(mcp_create, creates, {}), (mcp_search, searches, {})])
        samples["mcp create"].append(phases[0]["seconds"])
        samples["mcp search"].append(phases[1]["seconds"])
        store = bench.fresh_store("mcp-batch")
        phases, _ = bench.drive([bench.binary, "mcp", "--store", store], [(mcp_batch, batches, {})])
        samples["mcp batch"].append(phases[0]["seconds"])
        store = bench.fresh_store("rpc")
        phases, _ = bench.drive(bench.server_command(store), [(rpc_init, 1, {}), (rpc_create, creates, {}), (rpc_search, searches, {})])
        samples["rpc create"].append(phases[1]["seconds"])
        samples["rpc search"].append(phases[2]["seconds"])
        log(f"  17 rep {rep + 1}: create {samples['mcp create'][-1] * 1000:.0f} ms over MCP, {samples['rpc create'][-1] * 1000:.0f} ms over JSON-RPC; "
            f"search {samples['mcp search'][-1] * 1000:.0f} ms over MCP, {samples['rpc search'][-1] * 1000:.0f} ms over JSON-RPC; "
            f"batches of 100 {samples['mcp batch'][-1] * 1000:.0f} ms over MCP")

    def ratio(kind, against=None):
        return statistics.median([m / r for m, r in zip(samples[f"mcp {kind}"], samples[f"rpc {against or kind}"])])

    return {"creates": creates, "searches": searches, "samples": samples,
            "mcp create": statistics.median(samples["mcp create"]), "rpc create": statistics.median(samples["rpc create"]),
            "mcp search": statistics.median(samples["mcp search"]), "rpc search": statistics.median(samples["rpc search"]),
            "ratio create": ratio("create"), "ratio search": ratio("search"),
            "mcp batch": statistics.median(samples["mcp batch"]), "ratio batch": ratio("batch", "create")}


def rows(results, seconds_text):
    seventeen = results.get("17")
    if not seventeen:
        return []
    n, m = seventeen["creates"], seventeen["searches"]
    return [(f"17 MCP create_reminder ×{n}, pipelined", seconds_text(seventeen["mcp create"]),
             f"saveReminder ×{n} over JSON-RPC", seconds_text(seventeen["rpc create"]),
             f"{seventeen['ratio create']:.2f}× the time", "≤ 5× the time", seventeen["ratio create"] <= 5.0),
            (f"17 MCP search_reminders ×{m}, 500 a page", seconds_text(seventeen["mcp search"]),
             f"fetchReminders ×{m}, limit 500, over JSON-RPC", seconds_text(seventeen["rpc search"]),
             f"{seventeen['ratio search']:.2f}× the time", "–", None),
            (f"17 MCP create_reminders, {n} in calls of 100", seconds_text(seventeen["mcp batch"]),
             f"saveReminder ×{n} over JSON-RPC", seconds_text(seventeen["rpc create"]),
             f"{seventeen['ratio batch']:.2f}× the time", "≤ 2× the time", seventeen["ratio batch"] <= 2.0)]


def details(results):
    seventeen = results.get("17")
    if not seventeen:
        return ""
    s = seventeen["samples"]

    def listed(values):
        return ", ".join(f"{v * 1000:.0f}" for v in values)

    return (f"- 17: the same work over MCP (stateless revision, `remindersd mcp`) and over JSON-RPC, each on a fresh store, pipelined by the "
            f"driver; ms: MCP create {listed(s['mcp create'])}, JSON-RPC create {listed(s['rpc create'])}; MCP search "
            f"{listed(s['mcp search'])}, JSON-RPC search {listed(s['rpc search'])}; MCP create_reminders in calls of 100 {listed(s['mcp batch'])}.")
