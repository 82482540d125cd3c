"""Exceptions: JSON-RPC errors from the server, and failures of the connection itself."""

from __future__ import annotations

from typing import Any, Dict, Optional, Type

__all__ = [
    "RemindersdError",
    "ConnectionClosed",
    "RequestTimeout",
    "ProtocolError",
    "RPCError",
    "ParseError",
    "InvalidRequest",
    "MethodNotFound",
    "InvalidParams",
    "InternalError",
    "ServerNotInitialized",
    "RequestCancelled",
    "NotAuthorized",
    "NotFound",
    "Conflict",
    "StoreUnavailable",
    "error_from_response",
]


class RemindersdError(Exception):
    """Base class of every exception this package raises."""


class ConnectionClosed(RemindersdError, ConnectionError):
    """The server went away (end of its output, or the client was closed) before answering."""


class RequestTimeout(RemindersdError, TimeoutError):
    """No answer within the timeout.  The request was cancelled with ``$/cancelRequest``."""


class ProtocolError(RemindersdError):
    """The server sent something that is not a valid frame or JSON-RPC message."""


class RPCError(RemindersdError):
    """A JSON-RPC error response.

    ``code``, ``message`` and ``data`` are the error object's; ``reason`` and ``field`` are
    ``data.reason`` and ``data.field`` (``None`` when absent); ``method`` is the request's.
    """

    CODE: Optional[int] = None

    def __init__(self, code: int, message: str, data: Any = None, method: Optional[str] = None,
                 request_id: Any = None):
        self.code = code
        self.message = message
        self.data = data
        self.method = method
        self.request_id = request_id
        d = data if isinstance(data, dict) else {}
        self.reason: Optional[str] = d.get("reason")
        self.field: Optional[str] = d.get("field")
        super().__init__(code, message)

    def __str__(self) -> str:
        where = " (%s)" % self.method if self.method else ""
        extra = []
        if self.field:
            extra.append("field=%s" % self.field)
        if self.reason:
            extra.append("reason=%s" % self.reason)
        tail = " [%s]" % ", ".join(extra) if extra else ""
        return "%d %s%s%s" % (self.code, self.message, tail, where)

    def __repr__(self) -> str:
        return "%s(code=%r, message=%r, data=%r)" % (type(self).__name__, self.code, self.message, self.data)


class ParseError(RPCError):
    CODE = -32700


class InvalidRequest(RPCError):
    CODE = -32600


class MethodNotFound(RPCError):
    CODE = -32601


class InvalidParams(RPCError):
    """-32602: a param is missing, wrong, out of range, unknown, or breaks an EventKit rule
    (``reason`` is then the ``EKError.Code`` name, e.g. ``priorityIsInvalid``)."""

    CODE = -32602


class InternalError(RPCError):
    CODE = -32603


class ServerNotInitialized(RPCError):
    CODE = -32002


class RequestCancelled(RPCError):
    CODE = -32800


class NotAuthorized(RPCError):
    """-32010: this client's authorization status does not allow the method."""

    CODE = -32010

    @property
    def status(self) -> Optional[str]:
        return self.data.get("status") if isinstance(self.data, dict) else None


class NotFound(RPCError):
    """-32011: no reminder, list or alarm with that identifier."""

    CODE = -32011

    @property
    def kind(self) -> Optional[str]:
        return self.data.get("kind") if isinstance(self.data, dict) else None

    @property
    def identifier(self) -> Optional[str]:
        return self.data.get("identifier") if isinstance(self.data, dict) else None


class Conflict(RPCError):
    """-32012: the reminder changed since the ``lastModifiedDate`` sent.  ``current`` is the
    stored reminder (a :class:`~remindersd_client.types.Reminder`)."""

    CODE = -32012

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        from .types import Reminder  # circular import

        current = self.data.get("current") if isinstance(self.data, dict) else None
        try:
            self.current = Reminder.from_json(current) if isinstance(current, dict) else None
        except Exception:  # a malformed reminder must not hide the error
            self.current = None


class StoreUnavailable(RPCError):
    """-32013: the store is read-only, full, locked too long, damaged or not a remindersd store."""

    CODE = -32013


_BY_CODE: Dict[int, Type[RPCError]] = {
    cls.CODE: cls  # type: ignore[misc]
    for cls in (ParseError, InvalidRequest, MethodNotFound, InvalidParams, InternalError,
                ServerNotInitialized, RequestCancelled, NotAuthorized, NotFound, Conflict,
                StoreUnavailable)
}


def error_from_response(error: Any, method: Optional[str] = None, request_id: Any = None) -> RPCError:
    """The exception for a response's ``error`` member (the subclass for its code)."""
    if not isinstance(error, dict):
        return RPCError(-32603, "malformed error object: %r" % (error,), None, method, request_id)
    code = error.get("code")
    if not isinstance(code, int) or isinstance(code, bool):
        code = -32603
    message = error.get("message")
    if not isinstance(message, str):
        message = str(message)
    cls = _BY_CODE.get(code, RPCError)
    return cls(code, message, error.get("data"), method, request_id)
