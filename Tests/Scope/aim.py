"""Params made from a method's (or a tool's) declared schema, aimed at what the client must not
reach. No method is named here: each slot gets its value by what its name says it holds, in
EventKit's words — an item's identifier, a calendar's (or a list named by title), an alarm's, a
change's, an external identifier, a date, a place — so a method or tool declared later is aimed
at Health the day it is declared."""

from __future__ import annotations

import itertools
import json
import uuid

OMIT = object()
ICS = """BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//scope//EN\r\nBEGIN:VTODO\r\nUID:{uid}\r\nSUMMARY:imported\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"""


def slot(name: str) -> str | None:
    """What a member named `name` holds, by the vocabulary: item, calendar, alarm, change, external."""
    n = name.lower()
    if "external" in n:
        return "external"
    if "alarm" in n and n != "alarms":
        return "alarm"
    if n in ("change", "changeidentifier"):
        return "change"
    if "calendaritem" in n or n in ("id", "ids", "identifier", "itemidentifier", "eventidentifier", "parent", "parentidentifier"):
        return "item"
    if "calendar" in n or n in ("list", "lists", "forcedelete"):
        return "calendar"
    return None


AIMED = {"title", "query", "text", "startDate", "endDate", "start", "end", "latitude", "longitude", "horizontalAccuracy",
         "geoLocation", "structuredLocation", "proximity", "client", "completed"}


class Target:
    """One variant: which item, which calendar (by identifier and title) the slots name."""

    def __init__(self, item: dict | None, calendar: dict | None, alarm: str | None, change: str | None, external: str | None,
                 near: bool, commit: bool, fix_time):
        self.item, self.calendar, self.alarm, self.change, self.external = item, calendar, alarm, change, external
        self.near, self.commit, self.fix_time = near, commit, fix_time

    @property
    def of_events(self) -> bool:
        return bool((self.item and self.item.get("kind") == "event") or (self.calendar and self.calendar.get("kind") == "event"))


class Aimer:
    def __init__(self, components: dict):
        self.components = components

    def resolve(self, schema: dict) -> dict:
        while isinstance(schema, dict) and "$ref" in schema:
            schema = self.components[schema["$ref"].rsplit("/", 1)[-1]]
        return schema if isinstance(schema, dict) else {}

    def value(self, schema: dict, name: str, target: Target, depth: int = 0):
        schema = self.resolve(schema)
        alternatives = schema.get("oneOf") or schema.get("anyOf")
        if alternatives:
            usable = [self.resolve(a) for a in alternatives]
            usable = [a for a in usable if a.get("type") != "null" and "not" not in a]
            return self.value(usable[0], name, target, depth) if usable else OMIT
        kind = schema.get("type")
        if isinstance(kind, list):
            kind = next((k for k in kind if k != "null"), None)
        if "enum" in schema:
            return self.choice(schema["enum"], name, target)
        if kind == "object" or "properties" in schema:
            if depth > 5:
                return {}
            required = set(schema.get("required", []))
            made = {}
            for member, sub in schema.get("properties", {}).items():
                if member in required or member in AIMED or slot(member):
                    value = self.value(sub, member, target, depth + 1)
                    if value is not OMIT:
                        made[member] = value
            return made
        if kind == "array":
            value = self.value(schema.get("items", {}), name, target, depth + 1)
            return [] if value is OMIT else [value]
        if kind == "string":
            return self.string(name, schema, target)
        if kind in ("number", "integer"):
            return self.number(name, schema, target)
        if kind == "boolean":
            return target.commit if name == "commit" else name == "completed"
        return "token-1"  # any JSON value: a progress token

    def choice(self, values: list, name: str, target: Target):
        if name == "entityType":
            return "event" if target.of_events and "event" in values else values[0]
        if name == "level" and "full" in values:
            return "full"
        if name == "proximity" and "enter" in values:
            return "enter"
        return values[0]

    def string(self, name: str, schema: dict, target: Target):
        kind = slot(name)
        if kind == "item":
            return target.item["id"] if target.item else OMIT
        if kind == "calendar":
            if not target.calendar:
                return OMIT
            return target.calendar["id"] if name.lower().endswith(("identifier", "identifiers")) else target.calendar["title"]
        if kind == "alarm":
            return target.alarm or OMIT
        if kind == "change":
            return target.change or OMIT
        if kind == "external":
            return target.external or OMIT
        lowered = name.lower()
        if name == "timestamp":
            return target.fix_time()
        if schema.get("format") == "date-time" or lowered in ("start", "end", "due", "at", "from", "to", "since", "until", "dueafter", "duebefore"):
            late = lowered in ("end", "enddate", "to", "until", "duebefore")
            return "2027-06-01T09:00:00.000Z" if late else "2026-12-10T09:00:00.000Z"
        if lowered == "query":
            return "hs-"
        if lowered == "text":
            return ICS.format(uid=target.external) if target.external and not target.near else "hs-title"
        if lowered == "client":
            return "owner"
        if lowered == "timezone":
            return "UTC"
        if lowered == "color":
            return "#336699"
        return "probe"

    def number(self, name: str, schema: dict, target: Target, fence=(52.52, 13.40)):
        if name == "latitude":
            return fence[0] if target.near else fence[0] + 0.5
        if name == "longitude":
            return fence[1]
        return {"horizontalAccuracy": 10, "minutes": 10, "limit": 50, "count": 1, "before": 60, "radius": 100,
                "relativeOffset": -60}.get(name, schema.get("minimum", 1))

    def params(self, declared: list[dict] | dict, target: Target) -> dict:
        """An OpenRPC method's params (a list of {name, schema, required}) or a tool's inputSchema."""
        if isinstance(declared, dict):
            value = self.value(declared, "", target)
            return value if isinstance(value, dict) else {}
        made = {}
        for param in declared:
            if param.get("required") or param["name"] in AIMED or slot(param["name"]) or param["name"] in ("commit", "workDoneToken"):
                value = self.value(param["schema"], param["name"], target)
                if value is not OMIT:
                    made[param["name"]] = value
        return made


def targets(world, items: list, calendars: list, commit: bool) -> list[Target]:
    """Every item aimed at with every calendar (None: the slot left out), near the fence and not."""
    changes = world.health_changes() or ["1"]
    made = []
    for index, (item, calendar) in enumerate(itertools.product(items, calendars)):
        alarm = (item or {}).get("alarm") or "hs-alarm-time"
        made.append(Target(item, calendar, alarm, changes[index % len(changes)], (item or {}).get("external"), index % 2 == 0, commit,
                           world.fix_time))
    return made


def twin(params: dict, secrets: set[str]) -> tuple[dict, dict[str, str]]:
    """`params` with each secret it names swapped for one that names nothing: the same request
    about something that does not exist. Numbers (a change's) stay numbers."""
    text = json.dumps(params)
    swapped = {}
    for secret in sorted(secrets, key=len, reverse=True):
        if secret in text:
            fake = str(900000 + len(swapped)) if secret.isdigit() else str(uuid.uuid4()).upper()
            swapped[secret] = fake
            text = text.replace(secret, fake)
    return json.loads(text), swapped
