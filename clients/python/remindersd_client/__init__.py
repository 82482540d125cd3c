"""Python client for remindersd, the EventKit-compatible reminders store served as JSON-RPC 2.0
over stdio.

    from datetime import date
    from remindersd_client import Client

    with Client(store="/tmp/reminders.sqlite", client_name="my-script") as rd:
        r = rd.create_reminder("Buy milk", due=date(2026, 12, 1), priority=1)
        for r in rd.fetch_reminders(kind="incomplete"):
            print(r.title, r.due)

Standard library only; Python >= 3.9.
"""

from .client import DEFAULT, Client, Notification, find_binary
from .errors import (Conflict, ConnectionClosed, InternalError, InvalidParams, InvalidRequest,
                     MethodNotFound, NotAuthorized, NotFound, ParseError, ProtocolError,
                     RemindersdError, RequestCancelled, RequestTimeout, RPCError,
                     ServerNotInitialized, StoreUnavailable)
from .framing import LSP, NDJSON
from .types import (AccessLevel, AccessResult, Alarm, AuthorizationChanged, AuthorizationStatus,
                    Calendar, DateComponents, DateInterpretation, Frequency, GeoLocation, ImportReport, Predicate, PredicateKind,
                    Proximity, RecurrenceDayOfWeek, RecurrenceEnd, RecurrenceRule, Reminder,
                    ReminderList, ServerInfo, StoreChanged, StructuredLocation, TagCount, format_instant,
                    parse_instant)

__version__ = "0.1.0"

__all__ = [
    "Client", "Notification", "find_binary", "DEFAULT", "NDJSON", "LSP", "ImportReport",
    # errors
    "RemindersdError", "ConnectionClosed", "RequestTimeout", "ProtocolError", "RPCError",
    "ParseError", "InvalidRequest", "MethodNotFound", "InvalidParams", "InternalError",
    "ServerNotInitialized", "RequestCancelled", "NotAuthorized", "NotFound", "Conflict",
    "StoreUnavailable",
    # data
    "AccessLevel", "AccessResult", "Alarm", "AuthorizationChanged", "AuthorizationStatus",
    "Calendar", "DateComponents", "DateInterpretation", "Frequency", "GeoLocation", "Predicate", "PredicateKind",
    "Proximity", "RecurrenceDayOfWeek", "RecurrenceEnd", "RecurrenceRule", "Reminder",
    "ReminderList", "ServerInfo", "StoreChanged", "StructuredLocation", "TagCount", "format_instant",
    "parse_instant",
]
