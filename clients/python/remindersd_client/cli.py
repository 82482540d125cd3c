"""``python -m remindersd_client``: a small command line over the library."""

from __future__ import annotations

import argparse
import json
import re
import sys
from datetime import date, datetime, timedelta
from typing import Any, List, Optional, Sequence, Union

from .client import Client
from .errors import RemindersdError, RPCError
from .types import Alarm, Calendar, DateComponents, RecurrenceRule, Reminder

DEFAULT_CLIENT = "remindersd-client"

_OFFSET_RE = re.compile(r"^([+-]?\d+(?:\.\d+)?)([smhdw]?)$")
_UNITS = {"": 1, "s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604800}


def parse_instant_text(text: str) -> Union[date, datetime]:
    """An ISO date or date-time as an alarm's instant takes it; dates as people say them go to
    the server's grammar (``interpretDate``) instead, after the connection is made."""
    text = text.strip()
    if re.match(r"^\d{4}-\d{2}-\d{2}$", text):
        return date.fromisoformat(text)
    if text.endswith(("Z", "z")):
        text = text[:-1] + "+00:00"
    try:
        return datetime.fromisoformat(text.replace(" ", "T", 1))
    except ValueError:
        raise argparse.ArgumentTypeError("not a date-time: %r (e.g. 2026-12-01T08:45Z)" % text)


def read_date(client: Client, option: str, text: Optional[str]) -> Optional[DateComponents]:
    """``--due``/``--start`` through the server's date grammar: ``tomorrow 9am``, ``in 3 days``,
    ``next monday``, ``end of month``, ``2026-12-01T09:00``; a phrase it cannot read is refused
    naming the words."""
    if text is None:
        return None
    try:
        reading = client.interpret_date(text)
    except RPCError as e:
        raise SystemExit("remindersd-client: %s: %s" % (option, e.message))
    if reading.note:
        print("note: %s" % reading.note, file=sys.stderr)
    return reading.date_components


def read_repeat(client: Client, text: str) -> Union[str, RecurrenceRule]:
    """``--repeat``: RFC 5545 text (``FREQ=WEEKLY;BYDAY=MO``) as it is, else a phrase such as
    ``every monday`` or ``every month on the 1st`` through ``interpretRecurrence``."""
    if text.strip().upper().startswith("FREQ="):
        return text
    try:
        return client.interpret_recurrence(text)
    except RPCError as e:
        raise SystemExit("remindersd-client: --repeat: %s" % e.message)


def parse_alarm(text: str) -> Alarm:
    """``-15m``, ``-1h``, ``-2d``, ``-30`` (seconds) relative to the due date; or an instant."""
    m = _OFFSET_RE.match(text.strip())
    if m:
        return Alarm.relative(timedelta(seconds=float(m.group(1)) * _UNITS[m.group(2)]))
    when = parse_instant_text(text)
    if not isinstance(when, datetime) or when.tzinfo is None:
        raise argparse.ArgumentTypeError("an absolute alarm needs a time zone: %r (e.g. 2026-12-01T08:45Z)" % text)
    return Alarm.absolute(when)


def _format_due(r: Reminder) -> str:
    due = r.due
    if due is None:
        return ""
    if isinstance(due, datetime):
        text = due.strftime("%Y-%m-%d %H:%M")
        if due.second:
            text += due.strftime(":%S")
        if r.due_date_components and r.due_date_components.time_zone:
            text += " " + r.due_date_components.time_zone
        return text
    return due.isoformat()


def _find_list(client: Client, name: Optional[str]) -> Optional[Calendar]:
    if name is None:
        return None
    calendars = client.calendars()
    for cal in calendars:
        if name in (cal.calendar_identifier, cal.title):
            return cal
    lowered = [cal for cal in calendars if (cal.title or "").lower() == name.lower()]
    if len(lowered) == 1:
        return lowered[0]
    raise SystemExit("remindersd-client: no list named %r" % name)


def _print_json(value: Any) -> None:
    print(json.dumps(value, indent=2, ensure_ascii=False))


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m remindersd_client",
                                description="Reminders from a remindersd store.")
    p.add_argument("--bin", dest="binary", help="the remindersd binary (default: $REMINDERSD_BIN, else PATH)")
    p.add_argument("--store", help="the store file (default: the server's default)")
    p.add_argument("--client", default=DEFAULT_CLIENT, help="client name for authorization (default: %(default)s)")
    p.add_argument("--time-zone", help="IANA zone for floating and all-day dates (default: the server's)")
    p.add_argument("--framing", choices=("ndjson", "lsp"), default="ndjson")
    p.add_argument("--consent-agent", help="program asked by request-access")
    p.add_argument("--timeout", type=float, default=60.0, help="seconds to wait for each answer")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True

    s = sub.add_parser("lists", help="the reminder lists")
    s.add_argument("--json", action="store_true")

    s = sub.add_parser("show", help="reminders (incomplete ones by default)")
    s.add_argument("--list", help="only this list (title or identifier)")
    g = s.add_mutually_exclusive_group()
    g.add_argument("--all", action="store_true", help="completed ones too")
    g.add_argument("--completed", action="store_true", help="only completed ones")
    s.add_argument("--json", action="store_true")

    s = sub.add_parser("add", help="create a reminder")
    s.add_argument("title")
    s.add_argument("--list", help="list title or identifier (default: the default list)")
    s.add_argument("--due", help="as people say it: tomorrow 9am, in 3 days, next monday, end of month, "
                                 "the 15th; or 2026-12-01 (all-day), 2026-12-01T09:00 (floating)")
    s.add_argument("--start", help="as --due")
    s.add_argument("--priority", type=int)
    s.add_argument("--notes")
    s.add_argument("--url")
    s.add_argument("--location")
    s.add_argument("--alarm", type=parse_alarm, action="append", default=[],
                   help="-15m, -1h, -1d before the due date, or an instant; repeatable (a due time rings "
                        "at that time unless --alarm or --no-alarm is given)")
    s.add_argument("--no-alarm", action="store_true", help="no alarm at the due time")
    s.add_argument("--repeat", action="append", default=[],
                   help="every monday, every 2 weeks, every month on the 1st, every weekday, every year; "
                        "or an RRULE such as FREQ=WEEKLY;BYDAY=MO")
    s.add_argument("--json", action="store_true")

    s = sub.add_parser("done", help="mark reminders completed")
    s.add_argument("identifiers", nargs="+", metavar="ID")
    s = sub.add_parser("undone", help="mark reminders not completed")
    s.add_argument("identifiers", nargs="+", metavar="ID")
    s = sub.add_parser("rm", help="remove reminders")
    s.add_argument("identifiers", nargs="+", metavar="ID")

    sub.add_parser("status", help="this client's authorization status")
    s = sub.add_parser("request-access", help="ask the owner for access (consent agent or terminal prompt)")
    s.add_argument("usage", nargs="?", default="Lists and edits your reminders from the command line")
    s.add_argument("--write-only", action="store_true")

    s = sub.add_parser("call", help="call any method; prints the raw result")
    s.add_argument("method")
    s.add_argument("params", nargs="?", default="{}", help="JSON object")

    sub.add_parser("watch", help="print server notifications until interrupted")
    return p


def _join_offsets(argv: Sequence[str]) -> List[str]:
    """``--alarm -15m`` as ``--alarm=-15m`` (argparse takes ``-15m`` for an option)."""
    out: List[str] = []
    it = iter(argv)
    for arg in it:
        if arg == "--alarm":
            value = next(it, None)
            out.append(arg if value is None else "--alarm=" + value)
        else:
            out.append(arg)
    return out


def main(argv: Optional[Sequence[str]] = None) -> int:
    args = build_parser().parse_args(_join_offsets(sys.argv[1:] if argv is None else argv))
    try:
        client = Client(args.binary, store=args.store, client_name=args.client, time_zone=args.time_zone,
                        framing=args.framing, consent_agent=args.consent_agent,
                        consent_prompt=args.command == "request-access", timeout=args.timeout)
    except FileNotFoundError as e:
        print("remindersd-client: %s" % e, file=sys.stderr)
        return 2
    except RemindersdError as e:
        print("remindersd-client: %s" % e, file=sys.stderr)
        return 1
    try:
        with client:
            return _run(client, args)
    except RPCError as e:
        print("remindersd-client: %s" % e, file=sys.stderr)
        return 1
    except RemindersdError as e:
        print("remindersd-client: %s" % e, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


def _run(client: Client, args: argparse.Namespace) -> int:
    cmd = args.command
    if cmd == "lists":
        calendars = client.calendars()
        if args.json:
            _print_json([dict(c.to_json(), type=c.type, isDefault=c.is_default) for c in calendars])
        for c in calendars if not args.json else []:
            flags = " (default)" if c.is_default else ""
            flags += " (read-only)" if c.allows_content_modifications is False else ""
            print("%s  %s  %s%s" % (c.calendar_identifier, c.color, c.title, flags))
        return 0
    if cmd == "show":
        cal = _find_list(client, args.list)
        kind = "completed" if args.completed else "all" if args.all else "incomplete"
        if args.json:
            predicate = {"kind": kind}
            if cal:
                predicate["calendarIdentifiers"] = [cal.calendar_identifier]
            _print_json(client.call("fetchReminders", {"predicate": predicate})["reminders"])
            return 0
        reminders = client.fetch_reminders(kind=kind, calendars=[cal] if cal else None)
        titles = {c.calendar_identifier: c.title for c in client.calendars()}
        for r in reminders:
            mark = "[x]" if r.is_completed else "[ ]"
            prio = "!%d" % r.priority if r.priority else ""
            print("%s  %s %-16s %-3s %s  (%s)" % (r.identifier, mark, _format_due(r), prio, r.title,
                                                 titles.get(r.calendar_identifier, "?")))
        return 0
    if cmd == "add":
        cal = _find_list(client, args.list)
        due, start = read_date(client, "--due", args.due), read_date(client, "--start", args.start)
        rules = [read_repeat(client, text) for text in args.repeat]
        r = client.create_reminder(args.title, calendar=cal, due=due, start=start,
                                   priority=args.priority, notes=args.notes, url=args.url,
                                   location=args.location, alarms=args.alarm, recurrence_rules=rules,
                                   alarm_at_due_time=not args.alarm and not args.no_alarm)
        if args.json:
            _print_json(client.call("calendarItem", {"identifier": r.identifier})["reminder"])
        else:
            print(r.identifier)
        return 0
    if cmd in ("done", "undone"):
        for identifier in args.identifiers:
            r = client.complete_reminder(identifier, cmd == "done")
            print("%s  %s %s" % (r.identifier, "[x]" if r.is_completed else "[ ]", r.title))
        return 0
    if cmd == "rm":
        for identifier in args.identifiers:
            client.remove_reminder(identifier)
        return 0
    if cmd == "status":
        print(client.authorization_status())
        return 0
    if cmd == "request-access":
        result = client.request_access(args.usage, level="writeOnly" if args.write_only else "full")
        print(result.status)
        return 0 if result.granted else 1
    if cmd == "call":
        try:
            params = json.loads(args.params)
        except ValueError as e:
            print("remindersd-client: params are not JSON: %s" % e, file=sys.stderr)
            return 2
        _print_json(client.call(args.method, params))
        return 0
    if cmd == "watch":
        client.on_notification(lambda n: print(json.dumps({"method": n.method, "params": n.params}), flush=True))
        print("watching %s; Ctrl-C to stop" % (client.server_info.name if client.server_info else "remindersd"),
              file=sys.stderr)
        try:
            while not client.wait_disconnected(3600):
                pass
        except KeyboardInterrupt:
            return 0
        print("remindersd-client: the server went away", file=sys.stderr)
        return 1
    raise AssertionError(cmd)
