"""Data types of the remindersd protocol, as Python dataclasses.

Every ``from_json`` accepts objects with members it does not know (a newer server may add
some): they are kept in ``extra`` and never sent back.  Every ``to_json`` writes the
protocol's camelCase member names.

Instants (``completionDate``, ``creationDate``, ``lastModifiedDate``, ``absoluteDate``,
``recurrenceEnd.endDate``) are timezone-aware :class:`datetime.datetime` objects in UTC.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta, timezone, tzinfo
from typing import Any, Dict, List, Optional, Sequence, Union

try:  # Python >= 3.9
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError
except ImportError:  # pragma: no cover - Python < 3.9 is not supported
    ZoneInfo = None  # type: ignore[assignment,misc]
    ZoneInfoNotFoundError = Exception  # type: ignore[assignment,misc]

__all__ = [
    "AuthorizationStatus",
    "AccessLevel",
    "Proximity",
    "Frequency",
    "PredicateKind",
    "parse_instant",
    "format_instant",
    "zone",
    "DateComponents",
    "Calendar",
    "GeoLocation",
    "StructuredLocation",
    "Alarm",
    "RecurrenceDayOfWeek",
    "RecurrenceEnd",
    "RecurrenceRule",
    "Reminder",
    "Predicate",
    "AccessResult",
    "ReminderList",
    "StoreChanged",
    "AuthorizationChanged",
    "ServerInfo",
]


# --------------------------------------------------------------------------------------------
# String constants.  Values the server sends are kept as plain ``str`` so that a value added
# by a newer server never breaks parsing; these classes only name the known ones.


class AuthorizationStatus:
    """EventKit's ``EKAuthorizationStatus`` names, as the protocol spells them."""

    NOT_DETERMINED = "notDetermined"
    RESTRICTED = "restricted"
    DENIED = "denied"
    FULL_ACCESS = "fullAccess"
    WRITE_ONLY = "writeOnly"
    ALL = (NOT_DETERMINED, RESTRICTED, DENIED, FULL_ACCESS, WRITE_ONLY)


class AccessLevel:
    """``level`` of ``requestAccess``."""

    FULL = "full"
    WRITE_ONLY = "writeOnly"


class Proximity:
    """``EKAlarmProximity``."""

    NONE = "none"
    ENTER = "enter"
    LEAVE = "leave"


class Frequency:
    """``EKRecurrenceFrequency``."""

    DAILY = "daily"
    WEEKLY = "weekly"
    MONTHLY = "monthly"
    YEARLY = "yearly"


class PredicateKind:
    """``kind`` of a ``fetchReminders`` predicate."""

    ALL = "all"
    INCOMPLETE = "incomplete"
    COMPLETED = "completed"


# --------------------------------------------------------------------------------------------
# Instants

_INSTANT_RE = re.compile(
    r"^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?([Zz]|[+-]\d{2}:\d{2})$"
)


def parse_instant(value: Optional[str]) -> Optional[datetime]:
    """Parse an RFC 3339 instant into an aware ``datetime`` in UTC (``None`` stays ``None``)."""
    if value is None:
        return None
    if isinstance(value, datetime):
        return value.astimezone(timezone.utc) if value.tzinfo else value.replace(tzinfo=timezone.utc)
    m = _INSTANT_RE.match(value)
    if not m:
        raise ValueError("not an RFC 3339 instant: %r" % (value,))
    year, month, day, hour, minute, second = (int(m.group(i)) for i in range(1, 7))
    frac = m.group(7) or ""
    micro = int((frac + "000000")[:6]) if frac else 0
    off = m.group(8)
    if off in ("Z", "z"):
        tz = timezone.utc
    else:
        sign = 1 if off[0] == "+" else -1
        tz = timezone(sign * timedelta(hours=int(off[1:3]), minutes=int(off[4:6])))
    if second == 60:  # a leap second: RFC 3339 allows it, datetime does not
        second = 59
    return datetime(year, month, day, hour, minute, second, micro, tzinfo=tz).astimezone(timezone.utc)


def format_instant(value: Union[datetime, str, None], default_tz: Optional[tzinfo] = None) -> Optional[str]:
    """Format an instant as RFC 3339 UTC with milliseconds, as the server writes them.

    A naive ``datetime`` is read in ``default_tz`` (an error without one).  A ``date`` that is
    not a ``datetime`` means midnight in ``default_tz``.  Strings are passed through.
    """
    if value is None:
        return None
    if isinstance(value, str):
        return value
    if not isinstance(value, datetime) and isinstance(value, date):
        value = datetime(value.year, value.month, value.day)
    if not isinstance(value, datetime):
        raise TypeError("expected a datetime, date or RFC 3339 string, got %r" % (value,))
    if value.tzinfo is None or value.utcoffset() is None:
        if default_tz is None:
            raise ValueError(
                "a naive datetime (%s) is not an instant; give it a tzinfo" % (value.isoformat(),)
            )
        value = value.replace(tzinfo=default_tz)
    utc = value.astimezone(timezone.utc)
    return utc.strftime("%Y-%m-%dT%H:%M:%S.") + "%03dZ" % (utc.microsecond // 1000)


def zone(name: Union[str, tzinfo, None]) -> Optional[tzinfo]:
    """A ``tzinfo`` for an IANA zone name (``ZoneInfo``); ``UTC`` names give ``timezone.utc``."""
    if name is None or isinstance(name, tzinfo):
        return name
    if ZoneInfo is None:  # pragma: no cover
        raise RuntimeError("zoneinfo is not available (Python >= 3.9 is required)")
    return ZoneInfo(name)


def _zone_name(tz: tzinfo) -> Optional[str]:
    """The IANA name of a tzinfo, or None when it has none."""
    key = getattr(tz, "key", None)  # zoneinfo.ZoneInfo
    if isinstance(key, str):
        return key
    zone_attr = getattr(tz, "zone", None)  # pytz
    if isinstance(zone_attr, str):
        return zone_attr
    return None


def _split(obj: Dict[str, Any], known: Sequence[str]) -> Dict[str, Any]:
    return {k: v for k, v in obj.items() if k not in known}


# --------------------------------------------------------------------------------------------
# DateComponents


@dataclass
class DateComponents:
    """Gregorian date components (``startDateComponents``, ``dueDateComponents``).

    * no ``hour``: an all-day date -> :meth:`to_python` gives a ``date``;
    * an hour and no ``time_zone``: a floating time -> a naive ``datetime``;
    * an hour and a ``time_zone``: an instant -> an aware ``datetime`` in that zone.
    """

    year: int
    month: int
    day: int
    hour: Optional[int] = None
    minute: Optional[int] = None
    second: Optional[int] = None
    time_zone: Optional[str] = None
    extra: Dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    _KNOWN = ("year", "month", "day", "hour", "minute", "second", "timeZone")

    # ---- JSON

    @classmethod
    def from_json(cls, obj: Optional[Dict[str, Any]]) -> Optional["DateComponents"]:
        if obj is None:
            return None
        return cls(
            year=obj.get("year"),
            month=obj.get("month"),
            day=obj.get("day"),
            hour=obj.get("hour"),
            minute=obj.get("minute"),
            second=obj.get("second"),
            time_zone=obj.get("timeZone"),
            extra=_split(obj, cls._KNOWN),
        )

    def to_json(self) -> Dict[str, Any]:
        out: Dict[str, Any] = {"year": self.year, "month": self.month, "day": self.day}
        for key, value in (("hour", self.hour), ("minute", self.minute), ("second", self.second),
                           ("timeZone", self.time_zone)):
            if value is not None:
                out[key] = value
        return out

    # ---- kinds

    @property
    def is_all_day(self) -> bool:
        return self.hour is None

    @property
    def is_floating(self) -> bool:
        """True for a time of day without a time zone (all-day dates float too)."""
        return self.time_zone is None

    # ---- Python values

    @classmethod
    def from_python(cls, value: Union[date, datetime, "DateComponents", Dict[str, Any]],
                    time_zone: Union[str, tzinfo, None] = None) -> "DateComponents":
        """Components from a Python value.

        * ``date`` -> all-day;
        * naive ``datetime`` -> floating (or, with ``time_zone``, in that zone);
        * aware ``datetime`` -> in its zone when it is a ``ZoneInfo`` (its IANA name is used),
          else converted to UTC (``timeZone: "UTC"``); the instant is kept either way.

        Seconds are the finest unit; microseconds are dropped.  ``minute`` and ``second`` are
        left out when they and everything finer are zero.
        """
        if isinstance(value, DateComponents):
            return value
        if isinstance(value, dict):
            return cls.from_json(value)  # type: ignore[return-value]
        if isinstance(value, datetime):
            tz_name: Optional[str] = None
            if value.tzinfo is not None and value.utcoffset() is not None:
                tz_name = _zone_name(value.tzinfo)
                if tz_name is None:
                    value = value.astimezone(timezone.utc)
                    tz_name = "UTC"
            elif time_zone is not None:
                tz_name = time_zone if isinstance(time_zone, str) else _zone_name(time_zone)
                if tz_name is None:
                    raise ValueError("time_zone %r has no IANA name" % (time_zone,))
            minute = second = None
            if value.second:
                minute, second = value.minute, value.second
            elif value.minute:
                minute = value.minute
            return cls(value.year, value.month, value.day, value.hour, minute, second, tz_name)
        if isinstance(value, date):
            return cls(value.year, value.month, value.day)
        raise TypeError("expected a date, datetime or DateComponents, got %r" % (value,))

    def to_date(self) -> date:
        """The calendar date (whatever the time of day)."""
        return date(self.year, self.month, self.day)

    def to_datetime(self) -> datetime:
        """A ``datetime``: naive when floating or all-day (midnight), aware in ``time_zone`` else."""
        dt = datetime(self.year, self.month, self.day, self.hour or 0, self.minute or 0, self.second or 0)
        if self.time_zone is not None and self.hour is not None:
            dt = _localize(dt, zone(self.time_zone))
        return dt

    def to_python(self) -> Union[date, datetime]:
        """``date`` for all-day, naive ``datetime`` for floating, aware ``datetime`` otherwise."""
        if self.is_all_day:
            return self.to_date()
        return self.to_datetime()

    def to_instant(self, reader_zone: Union[str, tzinfo, None] = None) -> datetime:
        """The instant this means, as an aware UTC ``datetime``.

        Floating and all-day components are read in ``reader_zone`` (the session's time zone:
        see ``Client.tzinfo``), as the server does.
        """
        dt = self.to_datetime()
        if dt.tzinfo is None:
            tz = zone(reader_zone)
            if tz is None:
                raise ValueError("floating date components need a reader_zone to be an instant")
            dt = _localize(dt, tz)
        return dt.astimezone(timezone.utc)


def _localize(naive: datetime, tz: Optional[tzinfo]) -> datetime:
    """Attach ``tz`` to a wall-clock time.

    A wall time that a DST change skips (02:30 on the day clocks go forward) means the instant
    an hour later, as Foundation's Calendar resolves it; PEP 495's ``fold=0`` reads it with the
    offset from before the change, which gives exactly that instant, and ``astimezone``
    normalizes it to the wall time that exists (03:30).  A repeated wall time (clocks going
    back) means its first occurrence.
    """
    if tz is None:
        return naive
    return naive.replace(tzinfo=tz, fold=0).astimezone(timezone.utc).astimezone(tz)


# --------------------------------------------------------------------------------------------
# Calendar


@dataclass
class Calendar:
    """A reminder list, or an event calendar (``EKCalendar``)."""

    calendar_identifier: Optional[str] = None
    title: Optional[str] = None
    color: Optional[str] = None
    type: Optional[str] = None
    allows_content_modifications: Optional[bool] = None
    is_default: Optional[bool] = None
    #: ``None`` for a local list; ``{"account": NAME, "url": URL or None}`` for a CalDAV one
    source: Optional[Dict[str, Any]] = None
    #: ``["reminder"]`` (a list) or ``["event"]`` (an event calendar)
    allowed_entity_types: Optional[List[str]] = None
    extra: Dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    _KNOWN = ("calendarIdentifier", "title", "color", "type", "source", "allowsContentModifications", "isDefault", "allowedEntityTypes")

    @classmethod
    def from_json(cls, obj: Optional[Dict[str, Any]]) -> Optional["Calendar"]:
        if obj is None:
            return None
        return cls(
            calendar_identifier=obj.get("calendarIdentifier"),
            title=obj.get("title"),
            color=obj.get("color"),
            type=obj.get("type"),
            allows_content_modifications=obj.get("allowsContentModifications"),
            is_default=obj.get("isDefault"),
            source=obj.get("source"),
            allowed_entity_types=obj.get("allowedEntityTypes"),
            extra=_split(obj, cls._KNOWN),
        )

    def to_json(self) -> Dict[str, Any]:
        """The members a ``saveCalendar`` takes (``type`` and ``isDefault`` are left out)."""
        out: Dict[str, Any] = {}
        for key, value in (("calendarIdentifier", self.calendar_identifier), ("title", self.title),
                           ("color", self.color),
                           ("allowsContentModifications", self.allows_content_modifications)):
            if value is not None:
                out[key] = value
        return out


# --------------------------------------------------------------------------------------------
# Alarms


@dataclass
class GeoLocation:
    latitude: float
    longitude: float
    extra: Dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def from_json(cls, obj: Optional[Dict[str, Any]]) -> Optional["GeoLocation"]:
        if obj is None:
            return None
        return cls(obj.get("latitude"), obj.get("longitude"), _split(obj, ("latitude", "longitude")))

    def to_json(self) -> Dict[str, Any]:
        return {"latitude": self.latitude, "longitude": self.longitude}


@dataclass
class StructuredLocation:
    """``EKStructuredLocation``: a titled place, with an optional geolocation and radius (m)."""

    title: Optional[str] = None
    geo_location: Optional[GeoLocation] = None
    radius: Optional[float] = None
    extra: Dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def from_json(cls, obj: Optional[Dict[str, Any]]) -> Optional["StructuredLocation"]:
        if obj is None:
            return None
        return cls(
            title=obj.get("title"),
            geo_location=GeoLocation.from_json(obj.get("geoLocation")),
            radius=obj.get("radius"),
            extra=_split(obj, ("title", "geoLocation", "radius")),
        )

    def to_json(self) -> Dict[str, Any]:
        out: Dict[str, Any] = {}
        if self.title is not None:
            out["title"] = self.title
        if self.geo_location is not None:
            out["geoLocation"] = self.geo_location.to_json()
        if self.radius is not None:
            out["radius"] = self.radius
        return out


@dataclass
class Alarm:
    """``EKAlarm`` with exactly one trigger: a relative offset, an absolute date or a place.

    Build one with :meth:`relative`, :meth:`absolute` or :meth:`location`.
    """

    alarm_identifier: Optional[str] = None
    relative_offset: Optional[timedelta] = None
    absolute_date: Optional[datetime] = None
    structured_location: Optional[StructuredLocation] = None
    proximity: Optional[str] = None
    #: What ``relative_offset`` counts from: ``"start"`` (the reminder's start date, as Evolution
    #: and jtx Board write alarms) or None (the due date).
    relative_to: Optional[str] = None
    extra: Dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    _KNOWN = ("alarmIdentifier", "relativeOffset", "relativeTo", "absoluteDate", "structuredLocation", "proximity")

    @classmethod
    def relative(cls, offset: Union[timedelta, int, float], alarm_identifier: Optional[str] = None,
                 relative_to: Optional[str] = None) -> "Alarm":
        """An alarm ``offset`` from the due date — or, with ``relative_to="start"``, the start
        date — (negative = before); seconds or a timedelta."""
        if not isinstance(offset, timedelta):
            offset = timedelta(seconds=offset)
        return cls(alarm_identifier=alarm_identifier, relative_offset=offset, relative_to=relative_to)

    @classmethod
    def absolute(cls, when: datetime, alarm_identifier: Optional[str] = None) -> "Alarm":
        """An alarm at an instant (an aware datetime; naive ones are refused when sent)."""
        return cls(alarm_identifier=alarm_identifier, absolute_date=when)

    @classmethod
    def location(cls, title: str, latitude: float, longitude: float, radius: Optional[float] = None,
                 proximity: str = Proximity.ENTER, alarm_identifier: Optional[str] = None) -> "Alarm":
        """An alarm on arriving at (``enter``) or leaving (``leave``) a place."""
        return cls(
            alarm_identifier=alarm_identifier,
            structured_location=StructuredLocation(title, GeoLocation(latitude, longitude), radius),
            proximity=proximity,
        )

    @classmethod
    def from_json(cls, obj: Optional[Dict[str, Any]]) -> Optional["Alarm"]:
        if obj is None:
            return None
        offset = obj.get("relativeOffset")
        return cls(
            alarm_identifier=obj.get("alarmIdentifier"),
            relative_offset=timedelta(seconds=offset) if offset is not None else None,
            absolute_date=parse_instant(obj.get("absoluteDate")),
            structured_location=StructuredLocation.from_json(obj.get("structuredLocation")),
            proximity=obj.get("proximity"),
            relative_to=obj.get("relativeTo"),
            extra=_split(obj, cls._KNOWN),
        )

    def to_json(self) -> Dict[str, Any]:
        out: Dict[str, Any] = {}
        if self.alarm_identifier is not None:
            out["alarmIdentifier"] = self.alarm_identifier
        if self.relative_offset is not None:
            seconds = self.relative_offset.total_seconds()
            out["relativeOffset"] = int(seconds) if seconds == int(seconds) else seconds
            if self.relative_to is not None:
                out["relativeTo"] = self.relative_to
        if self.absolute_date is not None:
            out["absoluteDate"] = format_instant(self.absolute_date)
        if self.structured_location is not None:
            out["structuredLocation"] = self.structured_location.to_json()
        if self.proximity is not None:
            out["proximity"] = self.proximity
        return out


# --------------------------------------------------------------------------------------------
# Recurrence


@dataclass
class RecurrenceDayOfWeek:
    """``EKRecurrenceDayOfWeek``: 1 = Sunday … 7 = Saturday; ``week_number`` ±1…53."""

    day_of_the_week: int
    week_number: Optional[int] = None
    extra: Dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def from_json(cls, obj: Dict[str, Any]) -> "RecurrenceDayOfWeek":
        return cls(obj.get("dayOfTheWeek"), obj.get("weekNumber"), _split(obj, ("dayOfTheWeek", "weekNumber")))

    def to_json(self) -> Dict[str, Any]:
        out: Dict[str, Any] = {"dayOfTheWeek": self.day_of_the_week}
        if self.week_number is not None:
            out["weekNumber"] = self.week_number
        return out


@dataclass
class RecurrenceEnd:
    """``EKRecurrenceEnd``: an end date or an occurrence count."""

    end_date: Optional[datetime] = None
    occurrence_count: Optional[int] = None
    extra: Dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def from_json(cls, obj: Optional[Dict[str, Any]]) -> Optional["RecurrenceEnd"]:
        if obj is None:
            return None
        return cls(parse_instant(obj.get("endDate")), obj.get("occurrenceCount"),
                   _split(obj, ("endDate", "occurrenceCount")))

    def to_json(self) -> Dict[str, Any]:
        out: Dict[str, Any] = {}
        if self.end_date is not None:
            out["endDate"] = format_instant(self.end_date)
        if self.occurrence_count is not None:
            out["occurrenceCount"] = self.occurrence_count
        return out


_RULE_LISTS = (
    ("days_of_the_month", "daysOfTheMonth"),
    ("months_of_the_year", "monthsOfTheYear"),
    ("weeks_of_the_year", "weeksOfTheYear"),
    ("days_of_the_year", "daysOfTheYear"),
    ("set_positions", "setPositions"),
)


@dataclass
class RecurrenceRule:
    """``EKRecurrenceRule``.  ``RecurrenceRule.from_rrule("FREQ=WEEKLY;BYDAY=MO")`` sends the
    RFC 5545 text alone; the server answers with the fields filled in."""

    frequency: Optional[str] = None
    interval: Optional[int] = None
    days_of_the_week: Optional[List[RecurrenceDayOfWeek]] = None
    days_of_the_month: Optional[List[int]] = None
    months_of_the_year: Optional[List[int]] = None
    weeks_of_the_year: Optional[List[int]] = None
    days_of_the_year: Optional[List[int]] = None
    set_positions: Optional[List[int]] = None
    recurrence_end: Optional[RecurrenceEnd] = None
    first_day_of_the_week: Optional[int] = None
    rrule: Optional[str] = None
    extra: Dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    _KNOWN = ("frequency", "interval", "daysOfTheWeek", "daysOfTheMonth", "monthsOfTheYear",
              "weeksOfTheYear", "daysOfTheYear", "setPositions", "recurrenceEnd",
              "firstDayOfTheWeek", "rrule")

    @classmethod
    def from_rrule(cls, text: str) -> "RecurrenceRule":
        return cls(rrule=text)

    @classmethod
    def from_json(cls, obj: Dict[str, Any]) -> "RecurrenceRule":
        days = obj.get("daysOfTheWeek")
        kwargs = {attr: obj.get(key) for attr, key in _RULE_LISTS}
        return cls(
            frequency=obj.get("frequency"),
            interval=obj.get("interval"),
            days_of_the_week=[RecurrenceDayOfWeek.from_json(d) for d in days] if days is not None else None,
            recurrence_end=RecurrenceEnd.from_json(obj.get("recurrenceEnd")),
            first_day_of_the_week=obj.get("firstDayOfTheWeek"),
            rrule=obj.get("rrule"),
            extra=_split(obj, cls._KNOWN),
            **kwargs,
        )

    def to_json(self) -> Dict[str, Any]:
        if self.frequency is None:
            if self.rrule is None:
                raise ValueError("a RecurrenceRule needs a frequency or an rrule")
            return {"rrule": self.rrule}
        out: Dict[str, Any] = {"frequency": self.frequency}
        if self.interval is not None:
            out["interval"] = self.interval
        if self.days_of_the_week is not None:
            out["daysOfTheWeek"] = [d.to_json() for d in self.days_of_the_week]
        for attr, key in _RULE_LISTS:
            value = getattr(self, attr)
            if value is not None:
                out[key] = list(value)
        if self.recurrence_end is not None:
            out["recurrenceEnd"] = self.recurrence_end.to_json()
        if self.first_day_of_the_week is not None:
            out["firstDayOfTheWeek"] = self.first_day_of_the_week
        # rrule is ignored by the server when frequency is present: not sent.
        return out


# --------------------------------------------------------------------------------------------
# Reminder

DateLike = Union[date, datetime, DateComponents, Dict[str, Any]]


@dataclass
class Reminder:
    """``EKReminder``.  A reminder from the server is a full snapshot: every member is set.

    Saving a snapshot (``client.save_reminder(r)``) makes the stored reminder look like it,
    conditional on ``last_modified_date`` (a -32012 :class:`Conflict` when it changed since).
    To change a few members without a snapshot use ``client.update_reminder(id, **changes)``;
    to create one use :meth:`new` or ``client.create_reminder(...)``.
    """

    calendar_item_identifier: Optional[str] = None
    calendar_item_external_identifier: Optional[str] = None
    calendar_identifier: Optional[str] = None
    title: Optional[str] = None
    notes: Optional[str] = None
    url: Optional[str] = None
    location: Optional[str] = None
    priority: Optional[int] = None
    start_date_components: Optional[DateComponents] = None
    due_date_components: Optional[DateComponents] = None
    is_completed: Optional[bool] = None
    completion_date: Optional[datetime] = None
    creation_date: Optional[datetime] = None
    last_modified_date: Optional[datetime] = None
    time_zone: Optional[str] = None
    alarms: List[Alarm] = field(default_factory=list)
    recurrence_rules: List[RecurrenceRule] = field(default_factory=list)
    #: beyond EventKit: tags (without "#"), the flag, the parent of a subtask, and the manual
    #: order of the Reminders app (lower first; ``None`` when never placed)
    tags: List[str] = field(default_factory=list)
    is_flagged: Optional[bool] = None
    parent_identifier: Optional[str] = None
    sort_order: Optional[int] = None
    has_alarms: Optional[bool] = None
    has_notes: Optional[bool] = None
    has_recurrence_rules: Optional[bool] = None
    #: members of the reminder object this client does not know
    extra: Dict[str, Any] = field(default_factory=dict, repr=False, compare=False)
    #: in a ``saveReminder`` result: the finished occurrence of a recurring reminder just
    #: completed (a new, completed reminder), else ``None``
    completed_occurrence: Optional["Reminder"] = field(default=None, repr=False, compare=False)
    #: other members of the result object beside ``reminder``
    result_extra: Dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    _KNOWN = (
        "calendarItemIdentifier", "calendarItemExternalIdentifier", "calendarIdentifier", "title",
        "notes", "url", "location", "priority", "startDateComponents", "dueDateComponents",
        "isCompleted", "completionDate", "creationDate", "lastModifiedDate", "timeZone", "alarms",
        "recurrenceRules", "tags", "isFlagged", "parentIdentifier", "sortOrder", "hasAlarms", "hasNotes", "hasRecurrenceRules",
    )

    # ---- conveniences

    @property
    def identifier(self) -> Optional[str]:
        return self.calendar_item_identifier

    @property
    def due(self) -> Union[date, datetime, None]:
        """The due date as a Python value (see :meth:`DateComponents.to_python`)."""
        return self.due_date_components.to_python() if self.due_date_components else None

    @property
    def start(self) -> Union[date, datetime, None]:
        return self.start_date_components.to_python() if self.start_date_components else None

    @classmethod
    def new(
        cls,
        title: str,
        *,
        calendar: Union["Calendar", str, None] = None,
        due: Optional[DateLike] = None,
        start: Optional[DateLike] = None,
        notes: Optional[str] = None,
        url: Optional[str] = None,
        location: Optional[str] = None,
        priority: Optional[int] = None,
        alarms: Optional[Sequence[Union[Alarm, timedelta, int, float, datetime]]] = None,
        recurrence_rules: Optional[Sequence[Union[RecurrenceRule, str]]] = None,
        time_zone: Union[str, tzinfo, None] = None,
        is_completed: Optional[bool] = None,
        completion_date: Optional[datetime] = None,
        tags: Optional[Sequence[str]] = None,
        flagged: Optional[bool] = None,
        parent: Union["Reminder", str, None] = None,
        sort_order: Optional[int] = None,
    ) -> "Reminder":
        """A reminder to create, from Python values.

        ``due``/``start``: a ``date`` (all-day), a naive ``datetime`` (floating), an aware
        ``datetime`` (fixed instant) or ``DateComponents``.  ``alarms``: ``Alarm`` objects, or
        a ``timedelta``/number of seconds (relative to the due date) or an aware ``datetime``
        (absolute).  ``recurrence_rules``: ``RecurrenceRule`` objects or RRULE strings.
        ``calendar``: a ``Calendar`` or its identifier (default: the default list).
        ``tags``: tag names (a leading ``#`` is dropped by the server); ``flagged``: the flag;
        ``parent``: the ``Reminder`` (or identifier) this one is a subtask of; ``sort_order``: its
        place in the manual order (lower first).
        """
        return cls(
            calendar_identifier=_calendar_id(calendar),
            title=title,
            notes=notes,
            url=url,
            location=location,
            priority=priority,
            start_date_components=DateComponents.from_python(start) if start is not None else None,
            due_date_components=DateComponents.from_python(due) if due is not None else None,
            is_completed=is_completed,
            completion_date=completion_date,
            time_zone=(_zone_name(time_zone) if isinstance(time_zone, tzinfo) else time_zone),
            alarms=[a if isinstance(a, dict) else to_alarm(a) for a in (alarms or [])],
            recurrence_rules=[r if isinstance(r, dict) else to_rule(r) for r in (recurrence_rules or [])],
            tags=list(tags or []),
            is_flagged=flagged,
            parent_identifier=parent.calendar_item_identifier if isinstance(parent, Reminder) else parent,
            sort_order=sort_order,
        )

    # ---- JSON

    @classmethod
    def from_json(cls, obj: Optional[Dict[str, Any]]) -> Optional["Reminder"]:
        if obj is None:
            return None
        return cls(
            calendar_item_identifier=obj.get("calendarItemIdentifier"),
            calendar_item_external_identifier=obj.get("calendarItemExternalIdentifier"),
            calendar_identifier=obj.get("calendarIdentifier"),
            title=obj.get("title"),
            notes=obj.get("notes"),
            url=obj.get("url"),
            location=obj.get("location"),
            priority=obj.get("priority"),
            start_date_components=DateComponents.from_json(obj.get("startDateComponents")),
            due_date_components=DateComponents.from_json(obj.get("dueDateComponents")),
            is_completed=obj.get("isCompleted"),
            completion_date=parse_instant(obj.get("completionDate")),
            creation_date=parse_instant(obj.get("creationDate")),
            last_modified_date=parse_instant(obj.get("lastModifiedDate")),
            time_zone=obj.get("timeZone"),
            alarms=[Alarm.from_json(a) for a in (obj.get("alarms") or [])],  # type: ignore[misc]
            recurrence_rules=[RecurrenceRule.from_json(r) for r in (obj.get("recurrenceRules") or [])],
            tags=list(obj.get("tags") or []),
            is_flagged=obj.get("isFlagged"),
            parent_identifier=obj.get("parentIdentifier"),
            sort_order=obj.get("sortOrder"),
            has_alarms=obj.get("hasAlarms"),
            has_notes=obj.get("hasNotes"),
            has_recurrence_rules=obj.get("hasRecurrenceRules"),
            extra=_split(obj, cls._KNOWN),
        )

    def to_json(self) -> Dict[str, Any]:
        """The reminder as ``saveReminder`` takes it.

        Without an identifier (a create) unset members are left out.  With one (saving a
        snapshot) every member is sent, ``None`` clearing it, except ``title`` and
        ``calendarIdentifier``, which cannot be cleared, and the members the store sets.
        ``isCompleted``/``completionDate`` are sent so that they never contradict each other.
        """
        update = self.calendar_item_identifier is not None
        out: Dict[str, Any] = {}

        def put(key: str, value: Any) -> None:
            if value is not None or update:
                out[key] = value

        if update:
            out["calendarItemIdentifier"] = self.calendar_item_identifier
        if self.calendar_identifier is not None:
            out["calendarIdentifier"] = self.calendar_identifier
        if self.title is not None:
            out["title"] = self.title
        put("notes", self.notes)
        put("url", self.url)
        put("location", self.location)
        put("priority", self.priority)
        put("startDateComponents", self.start_date_components.to_json() if self.start_date_components else None)
        put("dueDateComponents", self.due_date_components.to_json() if self.due_date_components else None)
        out.update(_completion_json(self.is_completed, self.completion_date))
        put("timeZone", self.time_zone)
        if self.alarms or update:
            out["alarms"] = [alarm_json(a) for a in self.alarms]
        if self.recurrence_rules or update:
            out["recurrenceRules"] = [rule_json(r) for r in self.recurrence_rules]
        if self.tags or update:
            out["tags"] = list(self.tags)
        put("isFlagged", self.is_flagged)
        put("parentIdentifier", self.parent_identifier)
        put("sortOrder", self.sort_order)
        if update and self.last_modified_date is not None:
            out["lastModifiedDate"] = format_instant(self.last_modified_date)
        return out


def _completion_json(is_completed: Optional[bool], completion_date: Optional[datetime]) -> Dict[str, Any]:
    """``isCompleted``/``completionDate`` as the server accepts them together."""
    if is_completed is False:
        return {"isCompleted": False}
    if completion_date is not None:
        return {"completionDate": format_instant(completion_date)}
    if is_completed:
        return {"isCompleted": True}
    return {}


def _calendar_id(calendar: Union["Calendar", str, None]) -> Optional[str]:
    if calendar is None or isinstance(calendar, str):
        return calendar
    if isinstance(calendar, Calendar):
        return calendar.calendar_identifier
    raise TypeError("expected a Calendar or a calendar identifier, got %r" % (calendar,))


def to_alarm(value: Union[Alarm, timedelta, int, float, datetime, Dict[str, Any]]) -> Alarm:
    """An ``Alarm`` from an Alarm, a relative offset (timedelta/seconds) or an instant."""
    if isinstance(value, Alarm):
        return value
    if isinstance(value, dict):
        return Alarm.from_json(value)  # type: ignore[return-value]
    if isinstance(value, datetime):
        return Alarm.absolute(value)
    if isinstance(value, (timedelta, int, float)) and not isinstance(value, bool):
        return Alarm.relative(value)
    raise TypeError("cannot make an alarm of %r" % (value,))


def alarm_json(value: Any) -> Dict[str, Any]:
    """An alarm as sent: a dict is sent as it is, anything else through :func:`to_alarm`."""
    return dict(value) if isinstance(value, dict) else to_alarm(value).to_json()


def rule_json(value: Any) -> Dict[str, Any]:
    """A recurrence rule as sent: a dict as it is, anything else through :func:`to_rule`."""
    return dict(value) if isinstance(value, dict) else to_rule(value).to_json()


def to_rule(value: Union[RecurrenceRule, str, Dict[str, Any]]) -> RecurrenceRule:
    if isinstance(value, RecurrenceRule):
        return value
    if isinstance(value, str):
        return RecurrenceRule.from_rrule(value)
    if isinstance(value, dict):
        return RecurrenceRule.from_json(value)
    raise TypeError("cannot make a recurrence rule of %r" % (value,))


# --------------------------------------------------------------------------------------------
# Fetch predicates and results


@dataclass
class Predicate:
    """A ``fetchReminders`` predicate: EventKit's three predicates in one object.

    Bounds are instants: aware datetimes, or naive datetimes / dates which the client reads
    in the session's time zone.
    """

    kind: str = PredicateKind.ALL
    calendars: Optional[Sequence[Union[Calendar, str]]] = None
    due_date_starting: Union[datetime, date, str, None] = None
    due_date_ending: Union[datetime, date, str, None] = None
    completion_date_starting: Union[datetime, date, str, None] = None
    completion_date_ending: Union[datetime, date, str, None] = None
    #: remindersd's own filters: words in the title or notes (the last one a prefix), tags the
    #: reminder must all have, the flag, the parent of subtasks, whether there is a due date
    matching: Optional[str] = None
    tags: Optional[Sequence[str]] = None
    is_flagged: Optional[bool] = None
    parent_identifier: Optional[str] = None
    has_due_date: Optional[bool] = None

    @classmethod
    def reminders(cls, calendars: Optional[Sequence[Union[Calendar, str]]] = None) -> "Predicate":
        """``predicateForReminders(in:)``."""
        return cls(PredicateKind.ALL, calendars)

    @classmethod
    def incomplete(cls, starting=None, ending=None, calendars=None) -> "Predicate":
        """``predicateForIncompleteReminders(withDueDateStarting:ending:calendars:)``."""
        return cls(PredicateKind.INCOMPLETE, calendars, due_date_starting=starting, due_date_ending=ending)

    @classmethod
    def completed(cls, starting=None, ending=None, calendars=None) -> "Predicate":
        """``predicateForCompletedReminders(withCompletionDateStarting:ending:calendars:)``."""
        return cls(PredicateKind.COMPLETED, calendars, completion_date_starting=starting,
                   completion_date_ending=ending)

    def to_json(self, reader_zone: Optional[tzinfo] = None) -> Dict[str, Any]:
        out: Dict[str, Any] = {"kind": self.kind}
        if self.calendars is not None:
            out["calendarIdentifiers"] = [_calendar_id(c) for c in self.calendars]
        for key, value in (("dueDateStarting", self.due_date_starting),
                           ("dueDateEnding", self.due_date_ending),
                           ("completionDateStarting", self.completion_date_starting),
                           ("completionDateEnding", self.completion_date_ending)):
            if value is not None:
                out[key] = format_instant(value, reader_zone)
        for key, value in (("matching", self.matching), ("isFlagged", self.is_flagged),
                           ("parentIdentifier", self.parent_identifier), ("hasDueDate", self.has_due_date)):
            if value is not None:
                out[key] = value
        if self.tags is not None:
            out["tags"] = list(self.tags)
        return out


@dataclass
class TagCount:
    """One entry of ``tags``: a tag's name and how many incomplete reminders carry it."""

    name: str
    count: int


@dataclass
class DateInterpretation:
    """What ``interpretDate`` read: the components (an all-day date has no hour), the reading
    written out with its weekday (``"Mon 2026-12-07 09:00 (floating)"``), and a ``note`` when the
    time had to be moved (a time skipped by a daylight-saving change)."""

    date_components: DateComponents
    all_day: bool
    text: str
    note: Optional[str] = None


@dataclass
class ImportReport:
    """What ``importICalendar`` did; ``skipped`` holds ``{"uid"?, "line"?, "message"}`` per item."""

    imported: int
    updated: int
    unchanged: int
    skipped: List[Dict[str, Any]]


class ReminderList(list):
    """The reminders of a fetch: a ``list`` of :class:`Reminder`, with ``next_cursor`` and the
    other members of the result a newer server may send in ``extra``."""

    next_cursor: Optional[str] = None
    extra: Dict[str, Any]

    def __init__(self, items=(), next_cursor: Optional[str] = None, extra: Optional[Dict[str, Any]] = None):
        super().__init__(items)
        self.next_cursor = next_cursor
        self.extra = dict(extra or {})


@dataclass
class AccessResult:
    """Result of ``requestAccess``."""

    granted: bool
    status: str
    extra: Dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    def __bool__(self) -> bool:
        return bool(self.granted)


@dataclass
class ServerInfo:
    """What ``initialize`` answered."""

    name: Optional[str]
    version: Optional[str]
    protocol_version: Optional[str]
    capabilities: Dict[str, Any]
    time_zone: Optional[str]
    raw: Dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def from_json(cls, obj: Dict[str, Any]) -> "ServerInfo":
        obj = obj or {}
        info = obj.get("serverInfo") or {}
        return cls(info.get("name"), info.get("version"), obj.get("protocolVersion"),
                   obj.get("capabilities") or {}, obj.get("timeZone"), obj)


# --------------------------------------------------------------------------------------------
# Server notifications


@dataclass
class StoreChanged:
    """``storeChanged``: the store was changed by someone (``EKEventStoreChanged``).
    ``changed_identifiers`` is ``None`` when the server did not say which items."""

    changed_identifiers: Optional[List[str]] = None
    extra: Dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def from_json(cls, obj: Optional[Dict[str, Any]]) -> "StoreChanged":
        obj = obj or {}
        ids = obj.get("changedIdentifiers")
        return cls(list(ids) if ids is not None else None, _split(obj, ("changedIdentifiers",)))


@dataclass
class AuthorizationChanged:
    """``authorizationChanged``: this client's status for an entity type changed."""

    entity_type: Optional[str] = None
    status: Optional[str] = None
    extra: Dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def from_json(cls, obj: Optional[Dict[str, Any]]) -> "AuthorizationChanged":
        obj = obj or {}
        return cls(obj.get("entityType"), obj.get("status"), _split(obj, ("entityType", "status")))
