"""The remindersd client: spawns (or attaches to) a server and calls its methods."""

from __future__ import annotations

import collections
import itertools
import json
import logging
import os
import queue
import shutil
import subprocess
import threading
import uuid
from concurrent import futures
from datetime import datetime, timedelta, tzinfo
from typing import (Any, BinaryIO, Callable, Deque, Dict, Iterable, Iterator, List, NamedTuple, Optional,
                    Sequence, Tuple, Union)

from . import framing as _framing
from .errors import (ConnectionClosed, ProtocolError, RemindersdError, RequestTimeout,
                     error_from_response)
from .types import (AccessResult, Alarm, AuthorizationChanged, Calendar, DateComponents, DateInterpretation,
                    ImportReport, RecurrenceRule, Predicate, PredicateKind, Reminder, ReminderList, ServerInfo, StoreChanged, TagCount,
                    _calendar_id, _completion_json, _zone_name, alarm_json, format_instant, parse_instant, rule_json,
                    zone)

__all__ = ["Client", "Notification", "find_binary", "DEFAULT"]

log = logging.getLogger("remindersd_client")
server_log = logging.getLogger("remindersd_client.server")

ReminderRef = Union[Reminder, str]
CalendarRef = Union[Calendar, str]


class _Default:
    def __repr__(self) -> str:
        return "DEFAULT"


#: "use the client's default timeout"
DEFAULT: Any = _Default()

_STOP = object()


class Notification(NamedTuple):
    """A server notification as generic listeners get it."""

    method: str
    params: Any


def find_binary(binary: Union[str, "os.PathLike[str]", Sequence[str], None] = None) -> List[str]:
    """The command that runs the server: ``binary``, else ``$REMINDERSD_BIN``, else
    ``remindersd`` on ``PATH``.  A sequence is taken as a whole command (``["ssh", "host",
    "remindersd"]``)."""
    if binary is None:
        binary = os.environ.get("REMINDERSD_BIN") or None
    if binary is None:
        found = shutil.which("remindersd")
        if found is None:
            raise FileNotFoundError(
                "remindersd not found: pass binary=..., set REMINDERSD_BIN, or put remindersd on PATH"
            )
        return [found]
    if isinstance(binary, (str, os.PathLike)):
        return [os.fspath(binary)]
    return [os.fspath(part) for part in binary]


class Client:
    """A session with a remindersd server.

    By default it spawns ``remindersd serve`` (``binary``, else ``$REMINDERSD_BIN``, else
    ``remindersd`` on ``PATH``) and initializes it as ``client_name``.  With ``reader`` and
    ``writer`` (binary streams) it attaches to a server that is already running instead.

    Use it as a context manager: leaving the block always shuts the server down (``shutdown``,
    ``exit``, wait; after ``shutdown_timeout`` SIGTERM, then SIGKILL).

    Server notifications are read by a background thread at any time and handed to the
    callbacks registered with :meth:`on_store_changed`, :meth:`on_authorization_changed` and
    :meth:`on_notification`, which run one at a time on a dispatcher thread of their own (so
    they may call the client).  The client may be used from several threads at once.
    """

    def __init__(
        self,
        binary: Union[str, "os.PathLike[str]", Sequence[str], None] = None,
        store: Union[str, "os.PathLike[str]", None] = None,
        client_name: str = "python",
        *,
        client_version: Optional[str] = None,
        time_zone: Union[str, tzinfo, None] = None,
        framing: str = _framing.NDJSON,
        consent_agent: Union[str, "os.PathLike[str]", None] = None,
        consent_prompt: bool = False,
        consent_timeout: Optional[float] = None,
        log_level: Optional[str] = None,
        server_args: Sequence[str] = (),
        env: Optional[Dict[str, str]] = None,
        cwd: Union[str, "os.PathLike[str]", None] = None,
        stderr: Any = None,
        reader: Optional[BinaryIO] = None,
        writer: Optional[BinaryIO] = None,
        close_streams: bool = True,
        timeout: Optional[float] = None,
        shutdown_timeout: float = 5.0,
        initialize: bool = True,
        on_store_changed: Optional[Callable[[StoreChanged], Any]] = None,
        on_authorization_changed: Optional[Callable[[AuthorizationChanged], Any]] = None,
        on_alarm: Optional[Callable[[Dict[str, Any]], Any]] = None,
    ):
        """
        :param binary: the server command (see :func:`find_binary`).
        :param store: the store file (``--store``); default: the server's own default.
        :param client_name: ``clientInfo.name``, the identity authorization is stored for.
        :param time_zone: IANA name (or ``ZoneInfo``) in which floating and all-day dates are
            read; default: the server's zone.
        :param framing: ``"ndjson"`` or ``"lsp"``.
        :param consent_agent: the owner's consent agent, named for the server (``--consent-agent``):
            heeded only when it is the one the owner recorded for the store with
            ``remindersd permissions consent-agent PROGRAM``.
        :param consent_prompt: let the server ask on ``/dev/tty``; off by default
            (``--no-consent-prompt``) so that a library never prompts unexpectedly.
        :param server_args: more ``remindersd serve`` options.
        :param env: the server's environment (default: this process's).
        :param stderr: where the server's log goes: ``None`` keeps the last lines in
            :attr:`server_log` and passes them to the ``remindersd_client.server`` logger at
            DEBUG level; anything ``subprocess.Popen`` takes for ``stderr`` otherwise.
        :param reader, writer: attach to these binary streams instead of spawning.
        :param timeout: default seconds to wait for each answer (``None``: no limit).
        :param initialize: send ``initialize`` now (else call :meth:`initialize` yourself).
        :param on_alarm: called with each ``alarmFired`` (a dict: reminder, alarm, fireDate,
            occurrenceDate, reason, late) that ``remindersd agent`` delivers; asks for them at
            ``initialize`` (``capabilities.alarms``), which needs full access.
        """
        self.framing = _framing.check_framing(framing)
        self.client_name = client_name
        self.client_version = client_version
        self.requested_time_zone = (
            _zone_name(time_zone) if isinstance(time_zone, tzinfo) else time_zone
        )
        if isinstance(time_zone, tzinfo) and self.requested_time_zone is None:
            raise ValueError("time_zone must be an IANA zone (a name or a ZoneInfo)")
        self.timeout = timeout
        self.shutdown_timeout = shutdown_timeout
        self.process: Optional[subprocess.Popen] = None
        self.server_info: Optional[ServerInfo] = None
        self.time_zone: Optional[str] = self.requested_time_zone
        self._tzinfo: Optional[tzinfo] = None

        self._ids = itertools.count(1)
        self._pending: Dict[Any, Tuple[futures.Future, str]] = {}
        self._lock = threading.Lock()
        self._write_lock = threading.Lock()
        self._listeners: List[Tuple[Optional[str], Callable[..., Any], str]] = []
        self._notifications: "queue.Queue[Any]" = queue.Queue()
        self._log_lines: Deque[str] = collections.deque(maxlen=500)
        self._initialized = False
        self._closing = False
        self._closed = False
        self._reader_done = threading.Event()
        self._end_reason: Optional[BaseException] = None
        self._stderr_thread: Optional[threading.Thread] = None
        self._close_streams = close_streams

        if on_store_changed is not None:
            self.on_store_changed(on_store_changed)
        if on_authorization_changed is not None:
            self.on_authorization_changed(on_authorization_changed)
        self._wants_alarms = on_alarm is not None
        if on_alarm is not None:
            self.on_alarm(on_alarm)

        if (reader is None) != (writer is None):
            raise ValueError("give both reader and writer, or neither")
        if reader is not None:
            self.command: Optional[List[str]] = None
            self._in = reader
            self._out = writer
        else:
            command = find_binary(binary) + ["serve"]
            if store is not None:
                command += ["--store", os.fspath(store)]
            if consent_agent is not None:
                command += ["--consent-agent", os.fspath(consent_agent)]
            if not consent_prompt:
                command.append("--no-consent-prompt")
            if consent_timeout is not None:
                command += ["--consent-timeout", _number(consent_timeout)]
            if log_level is not None:
                command += ["--log-level", log_level]
            command += list(server_args)
            self.command = command
            self.process = subprocess.Popen(
                command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE if stderr is None else stderr,
                env=env,
                cwd=cwd,
            )
            self._in = self.process.stdout  # type: ignore[assignment]
            self._out = self.process.stdin  # type: ignore[assignment]
            if stderr is None:
                self._stderr_thread = threading.Thread(
                    target=self._stderr_loop, args=(self.process.stderr,),
                    name="remindersd-stderr", daemon=True)
                self._stderr_thread.start()

        self._frames = _framing.FrameReader(self._in, self.framing)  # type: ignore[arg-type]
        self._reader_thread = threading.Thread(target=self._read_loop, name="remindersd-reader", daemon=True)
        self._dispatch_thread = threading.Thread(target=self._dispatch_loop, name="remindersd-notify", daemon=True)
        self._reader_thread.start()
        self._dispatch_thread.start()

        if initialize:
            try:
                self.initialize()
            except BaseException:
                self.close()
                raise

    # ------------------------------------------------------------------------------------
    # Lifecycle

    def initialize(self, **extra: Any) -> ServerInfo:
        """Send ``initialize`` (clientInfo, timeZone) and ``initialized``."""
        client_info: Dict[str, Any] = {"name": self.client_name}
        if self.client_version is not None:
            client_info["version"] = self.client_version
        params: Dict[str, Any] = {"clientInfo": client_info}
        if getattr(self, "_wants_alarms", False):
            params["capabilities"] = {"alarms": True}
        if self.requested_time_zone is not None:
            params["timeZone"] = self.requested_time_zone
        params.update(extra)
        result = self.call("initialize", params)
        self.server_info = ServerInfo.from_json(result if isinstance(result, dict) else {})
        self.time_zone = self.server_info.time_zone or self.requested_time_zone
        self._tzinfo = None
        self._initialized = True
        self.notify("initialized", {})
        return self.server_info

    @property
    def tzinfo(self) -> Optional[tzinfo]:
        """The session's time zone as a ``tzinfo`` (floating and all-day dates are read in it)."""
        if self._tzinfo is None and self.time_zone:
            try:
                self._tzinfo = zone(self.time_zone)
            except Exception:
                log.warning("time zone %r is not known to zoneinfo", self.time_zone)
        return self._tzinfo

    @property
    def capabilities(self) -> Dict[str, Any]:
        return self.server_info.capabilities if self.server_info else {}

    @property
    def returncode(self) -> Optional[int]:
        """The server's exit status once it has exited (spawned servers only)."""
        return self.process.poll() if self.process else None

    @property
    def server_log(self) -> List[str]:
        """The last lines the server wrote on stderr (when ``stderr`` was left as ``None``)."""
        with self._lock:
            return list(self._log_lines)

    @property
    def closed(self) -> bool:
        """True once :meth:`close` was called."""
        return self._closed

    @property
    def connected(self) -> bool:
        """False once the server's output ended (it exited, or the client was closed)."""
        return not self._reader_done.is_set()

    def wait_disconnected(self, timeout: Optional[float] = None) -> bool:
        """Block until the server's output ends; False after ``timeout`` seconds."""
        return self._reader_done.wait(timeout)

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def close(self, timeout: Optional[float] = None) -> Optional[int]:
        """Shut the server down: ``shutdown``, ``exit``, close its input, wait for it to exit
        (then SIGTERM, then SIGKILL, after ``timeout`` seconds).  Safe to call more than once.  Returns the
        server's exit status (``None`` when attached to streams)."""
        if timeout is None:
            timeout = self.shutdown_timeout
        with self._lock:
            if self._closed or self._closing:
                already = True
            else:
                self._closing = True
                already = False
        if already:
            if self.process is not None and self.process.returncode is None:
                self._wait_process(timeout)
            return self.returncode
        try:
            if not self._reader_done.is_set():
                if self._initialized:
                    try:
                        self.call("shutdown", None, timeout=timeout)
                    except RemindersdError as e:
                        log.debug("shutdown failed: %s", e)
                    try:
                        self.notify("exit")
                    except RemindersdError:
                        pass
        finally:
            self._closed = True
            if self.process is not None or self._close_streams:
                try:
                    self._out.close()
                except Exception:
                    pass
            if self.process is not None:
                self._wait_process(timeout)
            self._reader_thread.join(timeout)
            # Closing a stream another thread is blocked reading would wait for that read:
            # only close it once the reader has stopped (a spawned server always ends it).
            if (self.process is not None or self._close_streams) and not self._reader_thread.is_alive():
                try:
                    self._in.close()
                except Exception:
                    pass
            if self._stderr_thread is not None:
                self._stderr_thread.join(timeout)
            self._fail_pending(ConnectionClosed("the client was closed"))
            self._notifications.put(_STOP)
            if threading.current_thread() is not self._dispatch_thread:
                self._dispatch_thread.join(timeout)
        return self.returncode

    def _wait_process(self, timeout: float) -> None:
        """Wait for the server; then SIGTERM (remindersd answers the request in hand, drops
        staged changes and exits 0); then SIGKILL."""
        assert self.process is not None
        try:
            self.process.wait(timeout)
            return
        except subprocess.TimeoutExpired:
            log.warning("remindersd did not exit within %.1fs; terminating it", timeout)
        self.process.terminate()
        try:
            self.process.wait(min(timeout, 2.0))
            return
        except subprocess.TimeoutExpired:
            log.warning("remindersd ignored SIGTERM; killing it")
        self.process.kill()
        self.process.wait()

    # ------------------------------------------------------------------------------------
    # Notifications

    def on_store_changed(self, callback: Callable[[StoreChanged], Any]) -> Callable[[StoreChanged], Any]:
        """Call ``callback(StoreChanged)`` on every ``storeChanged`` notification.
        Returns the callback, so it can be used as a decorator."""
        return self._add_listener("storeChanged", callback, "store")

    def on_authorization_changed(
        self, callback: Callable[[AuthorizationChanged], Any]
    ) -> Callable[[AuthorizationChanged], Any]:
        """Call ``callback(AuthorizationChanged)`` on every ``authorizationChanged``."""
        return self._add_listener("authorizationChanged", callback, "auth")

    def on_alarm(self, callback: Callable[[Dict[str, Any]], Any]) -> Callable[[Dict[str, Any]], Any]:
        """Call ``callback(params)`` on every ``alarmFired`` (only sent to a client that asked at
        ``initialize``: pass ``on_alarm=`` to the constructor, or ``initialize(capabilities={"alarms": True})``)."""
        return self._add_listener("alarmFired", callback, "alarm")

    def on_notification(self, callback: Callable[[Notification], Any],
                        method: Optional[str] = None) -> Callable[[Notification], Any]:
        """Call ``callback(Notification(method, params))`` on every notification (of
        ``method`` only, when given), including ones this client does not know."""
        return self._add_listener(method, callback, "raw")

    def remove_listener(self, callback: Callable[..., Any]) -> None:
        with self._lock:
            self._listeners = [entry for entry in self._listeners if entry[1] is not callback]

    def _add_listener(self, method: Optional[str], callback: Callable[..., Any], kind: str):
        if not callable(callback):
            raise TypeError("callback must be callable")
        with self._lock:
            self._listeners = self._listeners + [(method, callback, kind)]
        return callback

    def wait_for_notification(self, method: str, timeout: Optional[float] = None,
                              predicate: Optional[Callable[[Any], bool]] = None) -> Any:
        """Block until a ``method`` notification arrives (and ``predicate(event)`` holds);
        return it typed as listeners get it, or ``None`` after ``timeout`` seconds.  Only
        notifications that arrive after this call count."""
        got: "queue.Queue[Any]" = queue.Queue()

        def listener(note: Notification) -> None:
            event = _typed_event(note.method, note.params)
            if predicate is None or predicate(event):
                got.put(event)

        self.on_notification(listener, method)
        try:
            return got.get(timeout=timeout)
        except queue.Empty:
            return None
        finally:
            self.remove_listener(listener)

    def _dispatch_loop(self) -> None:
        while True:
            item = self._notifications.get()
            if item is _STOP:
                return
            method, params = item
            with self._lock:
                listeners = self._listeners
            for want, callback, kind in listeners:
                if want is not None and want != method:
                    continue
                try:
                    if kind == "raw":
                        callback(Notification(method, params))
                    else:
                        callback(_typed_event(method, params))
                except Exception:
                    log.exception("a %s notification callback raised", method)

    # ------------------------------------------------------------------------------------
    # JSON-RPC

    def call(self, method: str, params: Optional[Dict[str, Any]] = None, timeout: Any = DEFAULT) -> Any:
        """Call any method; returns its raw ``result`` or raises an :class:`RPCError`."""
        future = self.call_async(method, params)
        return self._wait(future, timeout)

    def call_async(self, method: str, params: Optional[Dict[str, Any]] = None) -> futures.Future:
        """Send a request without waiting; the future's result is the raw ``result``.  The
        future has a ``request_id`` attribute (for :meth:`cancel`)."""
        request_id, future, message = self._prepare(method, params)
        try:
            self._send(message)
        except BaseException:
            with self._lock:
                self._pending.pop(request_id, None)
            raise
        return future

    def call_batch(self, calls: Iterable[Tuple[str, Optional[Dict[str, Any]]]],
                   timeout: Any = DEFAULT, return_exceptions: bool = False) -> List[Any]:
        """Send several requests as one JSON-RPC batch; return their results in order
        (errors raised, or returned in place with ``return_exceptions``)."""
        prepared = [self._prepare(method, params) for method, params in calls]
        if not prepared:
            return []
        try:
            self._send([message for _, _, message in prepared])
        except BaseException:
            with self._lock:
                for request_id, _, _ in prepared:
                    self._pending.pop(request_id, None)
            raise
        results: List[Any] = []
        for _, future, _ in prepared:
            try:
                results.append(self._wait(future, timeout))
            except RemindersdError as e:
                if not return_exceptions:
                    raise
                results.append(e)
        return results

    def notify(self, method: str, params: Optional[Dict[str, Any]] = None) -> None:
        """Send a notification (no answer)."""
        message: Dict[str, Any] = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        self._send(message)

    def cancel(self, request_id: Any) -> None:
        """``$/cancelRequest``: the request ends with a :class:`RequestCancelled` error."""
        self.notify("$/cancelRequest", {"id": request_id})

    def _prepare(self, method: str, params: Optional[Dict[str, Any]]):
        if self._closed:
            raise ConnectionClosed("the client is closed")
        if self._reader_done.is_set():
            raise self._connection_closed()
        request_id = next(self._ids)
        future: futures.Future = futures.Future()
        future.request_id = request_id  # type: ignore[attr-defined]
        future.method = method  # type: ignore[attr-defined]
        message: Dict[str, Any] = {"jsonrpc": "2.0", "id": request_id, "method": method}
        if params is not None:
            message["params"] = params
        with self._lock:
            self._pending[request_id] = (future, method)
        return request_id, future, message

    def _wait(self, future: futures.Future, timeout: Any) -> Any:
        if timeout is DEFAULT:
            timeout = self.timeout
        try:
            return future.result(timeout)
        except futures.TimeoutError:
            request_id = future.request_id  # type: ignore[attr-defined]
            with self._lock:
                self._pending.pop(request_id, None)
            try:
                self.cancel(request_id)
            except RemindersdError:
                pass
            raise RequestTimeout("no answer to %s within %ss" % (future.method, timeout)) from None  # type: ignore[attr-defined]

    def _send(self, message: Any) -> None:
        frame = _framing.encode_frame(_framing.encode_message(message), self.framing)
        with self._write_lock:
            try:
                self._out.write(frame)
                self._out.flush()
            except (OSError, ValueError) as e:  # broken pipe, or closed file
                raise self._connection_closed() from e

    def _connection_closed(self) -> ConnectionClosed:
        why = "the server closed the connection"
        if self._end_reason is not None:
            why += " (%s)" % self._end_reason
        code = self.returncode
        if code is not None:
            why += "; exit status %d" % code
        tail = self.server_log[-5:]
        if tail:
            why += "; server log: " + " | ".join(tail)
        return ConnectionClosed(why)

    def _read_loop(self) -> None:
        try:
            while True:
                body = self._frames.read()
                if body is None:
                    break
                try:
                    message = json.loads(body.decode("utf-8"))
                except ValueError as e:
                    log.warning("remindersd sent something that is not JSON (%s): %r", e, body[:200])
                    continue
                self._handle(message)
        except ProtocolError as e:
            self._end_reason = e
            log.error("%s", e)
        except (OSError, ValueError) as e:  # the stream was closed under us
            if not self._closed:
                self._end_reason = e
        finally:
            self._reader_done.set()
            if self.process is not None and not self._closed:
                try:  # give the exit status a moment to appear in the error
                    self.process.wait(0.5)
                except subprocess.TimeoutExpired:
                    pass
            self._fail_pending(self._connection_closed() if not self._closed else ConnectionClosed("the client was closed"))
            self._notifications.put(_STOP)

    def _handle(self, message: Any) -> None:
        if isinstance(message, list):
            for item in message:
                self._handle(item)
            return
        if not isinstance(message, dict):
            log.warning("remindersd sent a message that is not an object: %r", message)
            return
        if "method" in message:
            if "id" in message:  # remindersd sends no requests; answer as JSON-RPC says
                try:
                    self._send({"jsonrpc": "2.0", "id": message["id"],
                                "error": {"code": -32601, "message": "Method not found"}})
                except RemindersdError:
                    pass
                return
            self._notifications.put((message["method"], message.get("params")))
            return
        request_id = message.get("id")
        with self._lock:
            entry = self._pending.pop(request_id, None) if _hashable(request_id) else None
        if entry is None:
            if "error" in message:
                log.warning("remindersd error for no pending request: %s",
                            error_from_response(message["error"], request_id=request_id))
            else:
                log.debug("answer for no pending request: %r", message)
            return
        future, method = entry
        if "error" in message:
            future.set_exception(error_from_response(message["error"], method, request_id))
        else:
            future.set_result(message.get("result"))

    def _fail_pending(self, error: BaseException) -> None:
        with self._lock:
            pending, self._pending = self._pending, {}
        for future, _ in pending.values():
            if not future.done():
                future.set_exception(error)

    def _stderr_loop(self, stream: BinaryIO) -> None:
        try:
            for raw in iter(stream.readline, b""):
                line = raw.decode("utf-8", "replace").rstrip("\r\n")
                with self._lock:
                    self._log_lines.append(line)
                server_log.debug("%s", line)
        except (OSError, ValueError):
            pass
        finally:
            try:
                stream.close()
            except Exception:
                pass

    # ------------------------------------------------------------------------------------
    # Authorization

    def authorization_status(self, entity_type: Optional[str] = None) -> str:
        """``authorizationStatus`` -> ``"notDetermined"``, ``"fullAccess"``, … (see
        :class:`AuthorizationStatus`)."""
        return self.call("authorizationStatus", _params(entityType=entity_type))["status"]

    def request_access(self, usage_description: str, level: Optional[str] = None,
                       entity_type: Optional[str] = None, timeout: Any = DEFAULT) -> AccessResult:
        """``requestAccess``: ask the owner for ``level`` (``"full"`` or ``"writeOnly"``)."""
        result = self.call("requestAccess", _params(entityType=entity_type, level=level,
                                                     usageDescription=usage_description), timeout)
        return AccessResult(bool(result.get("granted")), result.get("status"),
                            {k: v for k, v in result.items() if k not in ("granted", "status")})

    # ------------------------------------------------------------------------------------
    # Calendars (reminder lists)

    def calendars(self, entity_type: Optional[str] = None) -> List[Calendar]:
        """``calendars``: the reminder lists, oldest first (``entity_type="event"``: the event calendars)."""
        result = self.call("calendars", _params(entityType=entity_type))
        return [Calendar.from_json(c) for c in result.get("calendars") or []]  # type: ignore[misc]

    def default_calendar_for_new_reminders(self) -> Optional[Calendar]:
        """``defaultCalendarForNewReminders``."""
        return Calendar.from_json(self.call("defaultCalendarForNewReminders", {}).get("calendar"))

    # -- events (issue 13): dicts with EKEvent's members, dates as ``datetime`` ---------------

    def default_calendar_for_new_events(self) -> Optional[Calendar]:
        """``defaultCalendarForNewEvents``."""
        return Calendar.from_json(self.call("defaultCalendarForNewEvents", {}).get("calendar"))

    def events(self, start: Union[datetime, str], end: Union[datetime, str], *, calendars: Optional[List[Any]] = None,
               limit: Optional[int] = None, cursor: Optional[str] = None) -> List[Dict[str, Any]]:
        """``fetchEvents``: every event or occurrence overlapping [start, end), sorted by start."""
        params = _params(start=format_instant(start), end=format_instant(end), limit=limit, cursor=cursor,
                         calendarIdentifiers=[_calendar_id(c) for c in calendars] if calendars is not None else None)
        return [_event(e) for e in (self.call("fetchEvents", params) or {}).get("events", [])]

    def event(self, identifier: str, occurrence_date: Union[datetime, str, None] = None) -> Optional[Dict[str, Any]]:
        """``event``: the first occurrence, or the one meant to start at ``occurrence_date``; None if none."""
        params = _params(identifier=identifier, occurrenceDate=format_instant(occurrence_date) if occurrence_date is not None else None)
        found = (self.call("event", params) or {}).get("event")
        return _event(found) if found else None

    def create_event(self, title: str, start: Union[datetime, str], end: Union[datetime, str], **members: Any) -> Dict[str, Any]:
        """``saveEvent`` without an identifier; ``members`` are EKEvent's (``timeZone=None`` floats)."""
        return self.save_event(dict(members, title=title, startDate=start, endDate=end))

    def save_event(self, event: Dict[str, Any], *, span: Optional[str] = None) -> Dict[str, Any]:
        """``saveEvent``: ``event`` with ``eventIdentifier`` (and ``occurrenceDate``) changes one;
        ``span`` is ``"thisEvent"`` or ``"futureEvents"`` for an occurrence of a recurring event."""
        body = {k: (format_instant(v) if isinstance(v, datetime) else v) for k, v in event.items()}
        return _event(self.call("saveEvent", _params(event=body, span=span))["event"])

    def remove_event(self, event: Union[Dict[str, Any], str], *, occurrence_date: Union[datetime, str, None] = None,
                     span: Optional[str] = None) -> None:
        """``removeEvent``: the event, or (``occurrence_date``) an occurrence and, with ``span="futureEvents"``, those after it."""
        identifier = event["eventIdentifier"] if isinstance(event, dict) else event
        self.call("removeEvent", _params(identifier=identifier, span=span,
                                         occurrenceDate=format_instant(occurrence_date) if occurrence_date is not None else None))

    def save_calendar(self, calendar: Union[Calendar, Dict[str, Any], None] = None, *,
                      calendar_identifier: Optional[str] = None, title: Optional[str] = None,
                      color: Optional[str] = None,
                      allows_content_modifications: Optional[bool] = None,
                      account: Optional[str] = None, entity_type: Optional[str] = None) -> Calendar:
        """``saveCalendar``: create a list (no identifier) or change one.  Keyword arguments
        override the members of ``calendar``; ``account`` makes a new list in that CalDAV
        account (made on the server at the next :meth:`sync`); ``entity_type="event"`` makes an
        event calendar instead of a reminder list."""
        if isinstance(calendar, Calendar):
            body = calendar.to_json()
        else:
            body = dict(calendar or {})
        body.update(_params(calendarIdentifier=calendar_identifier, title=title, color=color,
                            allowsContentModifications=allows_content_modifications))
        if account is not None:
            body["source"] = {"account": account}
        if entity_type is not None:
            body["allowedEntityTypes"] = [entity_type]
        return Calendar.from_json(self.call("saveCalendar", {"calendar": body})["calendar"])  # type: ignore[return-value]

    def remove_calendar(self, calendar: CalendarRef) -> None:
        """``removeCalendar``: remove a list and its reminders."""
        self.call("removeCalendar", {"calendarIdentifier": _calendar_id(calendar)})

    # ------------------------------------------------------------------------------------
    # Reminders

    def predicate_for_reminders(self, calendars: Optional[Sequence[CalendarRef]] = None) -> Predicate:
        return Predicate.reminders(calendars)

    def predicate_for_incomplete_reminders(self, starting=None, ending=None,
                                           calendars: Optional[Sequence[CalendarRef]] = None) -> Predicate:
        return Predicate.incomplete(starting, ending, calendars)

    def predicate_for_completed_reminders(self, starting=None, ending=None,
                                          calendars: Optional[Sequence[CalendarRef]] = None) -> Predicate:
        return Predicate.completed(starting, ending, calendars)

    def fetch_reminders(self, predicate: Union[Predicate, Dict[str, Any], None] = None, *,
                        limit: Optional[int] = None, cursor: Optional[str] = None, order: Optional[str] = None,
                        timeout: Any = DEFAULT, **predicate_fields: Any) -> ReminderList:
        """``fetchReminders``.  Give a :class:`Predicate` (or its fields as keywords:
        ``kind="incomplete", due_date_ending=date(2026, 12, 2), calendars=[cal]``).

        Naive datetimes and dates as bounds are read in the session's time zone.  With
        ``limit`` one page comes back; its ``next_cursor`` (``None`` on the last page) goes
        back as ``cursor`` with the same predicate for the next one (see :meth:`iter_reminders`).
        ``order="sortOrder"`` returns them in the Reminders app's manual order (``sort_order``).
        """
        if predicate_fields:
            if predicate is not None:
                raise TypeError("give a predicate or its fields, not both")
            predicate = Predicate(**predicate_fields)
        params: Dict[str, Any] = {}
        if isinstance(predicate, Predicate):
            params["predicate"] = predicate.to_json(self.tzinfo)
        elif predicate is not None:
            params["predicate"] = predicate
        if limit is not None:
            params["limit"] = limit
        if cursor is not None:
            params["cursor"] = cursor
        if order is not None:
            params["order"] = order
        result = self.call("fetchReminders", params, timeout)
        return _reminder_list(result)

    def iter_reminders(self, predicate: Union[Predicate, Dict[str, Any], None] = None, *,
                       page_size: int = 500, order: Optional[str] = None, **predicate_fields: Any) -> Iterator[Reminder]:
        """Every reminder matching the predicate, fetched ``page_size`` at a time (cursors
        never repeat or skip a reminder, even when the store changes between pages)."""
        if predicate_fields:
            if predicate is not None:
                raise TypeError("give a predicate or its fields, not both")
            predicate = Predicate(**predicate_fields)
        if isinstance(predicate, Predicate):  # bounds fixed once, whatever happens meanwhile
            predicate = predicate.to_json(self.tzinfo)
        cursor: Optional[str] = None
        while True:
            page = self.fetch_reminders(predicate, limit=page_size, cursor=cursor, order=order)
            for reminder in page:
                yield reminder
            cursor = page.next_cursor
            if cursor is None:
                return

    def find(self, words: str, **predicate_fields: Any) -> ReminderList:
        """Reminders whose title or notes hold every word (the last one as a prefix), ignoring
        case and diacritics; combines with every predicate field (``tags=``, ``kind=``, …)."""
        predicate_fields.setdefault("kind", PredicateKind.INCOMPLETE)
        return self.fetch_reminders(matching=words, **predicate_fields)

    def tags(self) -> List[TagCount]:
        """``tags``: every tag in use, with how many incomplete reminders carry it."""
        result = self.call("tags", {})
        return [TagCount(t.get("name"), t.get("count")) for t in (result or {}).get("tags", [])]

    # -- history, undo and trash -------------------------------------------------------------

    def _change(self, change: Dict[str, Any]) -> Dict[str, Any]:
        """A ``Change`` as a dict, its ``date`` a ``datetime`` and its ``before`` a
        :class:`Reminder` or a :class:`Calendar` (or None)."""
        change["date"] = parse_instant(change.get("date"))
        before = change.get("before")
        if before is not None:
            change["before"] = Calendar.from_json(before) if change.get("kind") == "list" else Reminder.from_json(before)
        return change

    def changes(self, *, client: Optional[str] = None, item: Optional[str] = None, since: Union[datetime, str, None] = None,
                until: Union[datetime, str, None] = None, limit: Optional[int] = None,
                cursor: Optional[str] = None) -> Tuple[List[Dict[str, Any]], Optional[str]]:
        """``changes``: a page of the history, newest first, and the cursor of the next page (None
        on the last). Each change is a dict ``{changeIdentifier, date, client, program, account,
        action, kind, itemIdentifier, title, calendarIdentifier, undoes, partOf, undoGroup, before}``."""
        params = _params(client=client, itemIdentifier=item, since=format_instant(since) if since is not None else None,
                         until=format_instant(until) if until is not None else None, limit=limit, cursor=cursor)
        result = self.call("changes", params) or {}
        return [self._change(c) for c in result.get("changes") or []], result.get("nextCursor")

    def undo(self, change: Optional[str] = None, *, client: Optional[str] = None, count: Optional[int] = None) -> List[Dict[str, Any]]:
        """``undo``: reverts ``change`` (a ``changeIdentifier``), or the last ``count`` (default 1)
        changes of ``client`` not undone yet; returns the changes the undo made. Raises
        :class:`RPCError` -32012 naming the fields when the item changed since."""
        if (change is None) == (client is None):
            raise ValueError("give a change, or a client (and count)")
        params = {"changeIdentifier": change} if change is not None else _params(client=client, count=count)
        return [self._change(c) for c in (self.call("undo", params) or {}).get("changes") or []]

    def trash(self, *, limit: Optional[int] = None, cursor: Optional[str] = None) -> Tuple[List[Dict[str, Any]], Optional[str]]:
        """``trash``: the removed reminders and lists that can be restored, newest first (each the
        change that removed it), and the next page's cursor."""
        result = self.call("trash", _params(limit=limit, cursor=cursor)) or {}
        return [self._change(c) for c in result.get("changes") or []], result.get("nextCursor")

    def restore(self, identifier: str) -> List[Dict[str, Any]]:
        """``restore``: brings a removed reminder or list back, with its identifier, alarms,
        subtasks and sync state; returns the changes it made."""
        return [self._change(c) for c in (self.call("restore", {"identifier": identifier}) or {}).get("changes") or []]

    def interpret_date(self, text: str) -> DateInterpretation:
        """``interpretDate``: a date as a person says it (``"tomorrow 9am"``, ``"in 3 days"``,
        ``"end of month"``, ``"dec 24th"``) read by the server's grammar, for the store's zone
        and this moment.  Raises :class:`RPCError` (-32602) naming the words it could not read."""
        result = self.call("interpretDate", {"text": text}) or {}
        return DateInterpretation(DateComponents.from_json(result.get("dateComponents")), bool(result.get("allDay")),
                                  result.get("text", ""), result.get("note"))

    def interpret_recurrence(self, text: str) -> RecurrenceRule:
        """``interpretRecurrence``: ``"every monday"``, ``"every 2 weeks"``, ``"every month on
        the 1st"``, ``"every weekday"`` as a recurrence rule."""
        result = self.call("interpretRecurrence", {"text": text}) or {}
        return RecurrenceRule.from_json(result.get("recurrenceRule") or {})

    def export_icalendar(self, calendars: Optional[Sequence[CalendarRef]] = None) -> str:
        """``exportICalendar``: the reminders of ``calendars`` (default: every list) as one
        iCalendar text of VTODOs."""
        params: Dict[str, Any] = {}
        if calendars is not None:
            params["calendarIdentifiers"] = [_calendar_id(c) for c in calendars]
        return (self.call("exportICalendar", params) or {}).get("text", "")

    def import_icalendar(self, text: str, calendar: Optional[CalendarRef] = None) -> ImportReport:
        """``importICalendar``: reads the VTODOs of ``text`` into ``calendar`` (default: the
        default list); a UID already in the store updates that reminder."""
        params: Dict[str, Any] = {"text": text}
        if calendar is not None:
            params["calendarIdentifier"] = _calendar_id(calendar)
        result = self.call("importICalendar", params) or {}
        return ImportReport(result.get("imported", 0), result.get("updated", 0), result.get("unchanged", 0),
                            list(result.get("skipped", [])))

    def sync(self, account: Optional[str] = None, *, dry_run: bool = False,
             on_progress: Optional[Callable[[Dict[str, Any]], Any]] = None,
             timeout: Optional[float] = None) -> Dict[str, Any]:
        """``sync``: syncs the CalDAV accounts (or ``account``) both ways and returns the report
        as the server sends it (``{"dryRun", "accounts": [{"name", "error", "requests", "notes",
        "lists": [...]}]}``, see protocol.md).  ``on_progress`` gets each ``$/progress`` value
        (``{"kind": "begin"|"report"|"end", "message", "percentage"}``) while it runs."""
        params: Dict[str, Any] = {}
        if account is not None:
            params["account"] = account
        if dry_run:
            params["dryRun"] = True
        listener = None
        ended = threading.Event()
        if on_progress is not None:
            token = "sync-%s" % uuid.uuid4()
            params["workDoneToken"] = token

            def listener(note: Notification) -> None:
                if isinstance(note.params, dict) and note.params.get("token") == token:
                    value = note.params.get("value") or {}
                    on_progress(value)
                    if value.get("kind") == "end":
                        ended.set()

            self.on_notification(listener, "$/progress")
        try:
            report = self.call("sync", params, timeout=timeout) or {}
            # The server sends "end" before the answer; listeners run on their own thread, so
            # wait for it to have been heard before the listener goes.
            if listener is not None:
                ended.wait(5)
            return report
        finally:
            if listener is not None:
                self.remove_listener(listener)

    # -- subscribed calendars -----------------------------------------------------------------

    def _subscription(self, subscription: Dict[str, Any]) -> Dict[str, Any]:
        """A ``Subscription`` as a dict, its ``lastRefresh`` and ``nextRefresh`` ``datetime``\ s."""
        for key in ("lastRefresh", "nextRefresh"):
            subscription[key] = parse_instant(subscription.get(key))
        return subscription

    def subscriptions(self) -> List[Dict[str, Any]]:
        """``subscriptions``: the subscribed calendars, each ``{calendarIdentifier, title, url,
        entityType, every, feedInterval, alarms, stopped, lastRefresh, lastResult, failures,
        nextRefresh}``."""
        result = self.call("subscriptions", {}) or {}
        return [self._subscription(entry) for entry in result.get("subscriptions", [])]

    def add_subscription(self, url: str, *, title: Optional[str] = None, every: Optional[int] = None,
                         keep_alarms: bool = False, timeout: Optional[float] = None) -> Dict[str, Any]:
        """``addSubscription``: subscribes to the feed at ``url`` (``webcal://`` read as ``http://``),
        a read-only calendar of its own refreshed every ``every`` seconds (default a day); returns
        ``{"subscription": …, "refresh": {"status", "message", "added", …}}``."""
        params: Dict[str, Any] = {"url": url, "alarms": "keep" if keep_alarms else "drop"}
        if title is not None:
            params["title"] = title
        if every is not None:
            params["every"] = every
        result = self.call("addSubscription", params, timeout=timeout) or {}
        result["subscription"] = self._subscription(result.get("subscription") or {})
        return result

    def refresh_subscriptions(self, calendar: Optional[CalendarRef] = None, *,
                              timeout: Optional[float] = None) -> List[Dict[str, Any]]:
        """``refreshSubscriptions``: fetches every feed (or ``calendar``'s) now; one dict per
        refresh, ``{"calendarIdentifier", "title", "status", "message", "added", "changed",
        "removed", "unchanged", "skipped", "requests", "nextRefresh"}``."""
        params: Dict[str, Any] = {}
        if calendar is not None:
            params["calendarIdentifier"] = _calendar_id(calendar)
        result = self.call("refreshSubscriptions", params, timeout=timeout) or {}
        refreshes = result.get("refreshes", [])
        for refresh in refreshes:
            refresh["nextRefresh"] = parse_instant(refresh.get("nextRefresh"))
        return refreshes

    def remove_subscription(self, calendar: CalendarRef) -> None:
        """``removeSubscription``: unsubscribes; the calendar goes with what it held."""
        self.call("removeSubscription", {"calendarIdentifier": _calendar_id(calendar)})

    def calendar_item(self, identifier: str) -> Union[Reminder, Dict[str, Any], None]:
        """``calendarItem``: the reminder, or the event (a dict, as :meth:`event` gives it) when the
        identifier is an event's, or ``None``; sees this client's staged changes."""
        result = self.call("calendarItem", {"identifier": identifier})
        if isinstance(result, dict) and isinstance(result.get("event"), dict):
            return _event(result["event"])
        return _reminder_result(result)

    def calendar_items(self, external_identifier: str) -> ReminderList:
        """``calendarItems``: the reminders with that external identifier."""
        return _reminder_list(self.call("calendarItems", {"externalIdentifier": external_identifier}))

    def save_reminder(self, reminder: Union[Reminder, Dict[str, Any]], commit: bool = True,
                      alarm_at_due_time: bool = False) -> Reminder:
        """``saveReminder``: create (no identifier) or save a snapshot (see
        :meth:`Reminder.to_json`); a dict is sent as it is.

        ``alarm_at_due_time``: for a program acting for a person, as Apple's Reminders app
        does: a due date with a time rings then (an alarm at the due time is added unless a
        time alarm is there), and a due date removed takes its relative alarms along."""
        body = reminder.to_json() if isinstance(reminder, Reminder) else dict(reminder)
        return self._reminder_call("saveReminder", _params(reminder=body, alarmAtDueTime=alarm_at_due_time or None,
                                                           commit=_commit(commit)))

    def create_reminder(self, title: str, *, commit: bool = True, alarm_at_due_time: bool = False,
                        **fields: Any) -> Reminder:
        """Create a reminder from Python values (the keywords of :meth:`Reminder.new`)."""
        return self.save_reminder(Reminder.new(title, **fields), commit=commit, alarm_at_due_time=alarm_at_due_time)

    def update_reminder(self, reminder: ReminderRef, *, commit: bool = True,
                        last_modified_date: Optional[datetime] = None, if_unchanged: bool = False,
                        alarm_at_due_time: bool = False, **changes: Any) -> Reminder:
        """Change only the given members; ``None`` clears a member.

        Keywords: ``title``, ``notes``, ``url``, ``location``, ``priority``, ``due``,
        ``start`` (Python values as in :meth:`Reminder.new`, or ``DateComponents``),
        ``calendar``, ``is_completed``, ``completion_date``, ``time_zone``, ``alarms``,
        ``recurrence_rules``.  With ``last_modified_date`` (or ``if_unchanged`` and a
        ``Reminder``) the update fails with :class:`Conflict` if the reminder changed since.
        ``alarm_at_due_time`` as for :meth:`save_reminder`.
        """
        body: Dict[str, Any] = {"calendarItemIdentifier": _reminder_id(reminder)}
        body.update(_changes_json(changes))
        lmd = _condition(reminder, last_modified_date, if_unchanged)
        if lmd is not None:
            body["lastModifiedDate"] = lmd
        return self._reminder_call("saveReminder", _params(reminder=body, alarmAtDueTime=alarm_at_due_time or None,
                                                           commit=_commit(commit)))

    def complete_reminder(self, reminder: ReminderRef, completed: bool = True, *,
                          completion_date: Optional[datetime] = None, commit: bool = True) -> Reminder:
        """Mark a reminder completed (now, or at ``completion_date``) or not completed.

        A recurring reminder stays incomplete and moves to its next occurrence; the finished
        occurrence, a new completed reminder, is the result's ``completed_occurrence``."""
        if completed and completion_date is not None:
            return self.update_reminder(reminder, completion_date=completion_date, commit=commit)
        return self.update_reminder(reminder, is_completed=completed, commit=commit)

    def remove_reminder(self, reminder: ReminderRef, *, last_modified_date: Optional[datetime] = None,
                        if_unchanged: bool = False, commit: bool = True) -> None:
        """``removeReminder``."""
        self.call("removeReminder", _params(
            identifier=_reminder_id(reminder),
            lastModifiedDate=_condition(reminder, last_modified_date, if_unchanged),
            commit=_commit(commit)))

    def add_alarm(self, reminder: ReminderRef, alarm: Union[Alarm, timedelta, int, float, datetime, Dict[str, Any]],
                  *, last_modified_date: Optional[datetime] = None, if_unchanged: bool = False,
                  commit: bool = True) -> Reminder:
        """``addAlarm``: an ``Alarm``, or a timedelta/seconds (relative) or aware datetime."""
        return self._reminder_call("addAlarm", _params(
            identifier=_reminder_id(reminder), alarm=alarm_json(alarm),
            lastModifiedDate=_condition(reminder, last_modified_date, if_unchanged),
            commit=_commit(commit)))

    def remove_alarm(self, reminder: ReminderRef, alarm: Union[Alarm, str], *,
                     last_modified_date: Optional[datetime] = None, if_unchanged: bool = False,
                     commit: bool = True) -> Reminder:
        """``removeAlarm``: by ``Alarm`` or alarm identifier."""
        alarm_id = alarm.alarm_identifier if isinstance(alarm, Alarm) else alarm
        return self._reminder_call("removeAlarm", _params(
            identifier=_reminder_id(reminder), alarmIdentifier=alarm_id,
            lastModifiedDate=_condition(reminder, last_modified_date, if_unchanged),
            commit=_commit(commit)))

    def upcoming_alarms(self, to: Union[datetime, str], start: Union[datetime, str, None] = None) -> List[Dict[str, Any]]:
        """``upcomingAlarms``: the time alarms firing from ``start`` (default now) until ``to``,
        soonest first, as dicts ``{identifier, alarmIdentifier, title, fireDate, occurrenceDate,
        snoozed}`` with the dates as ``datetime``."""
        params = _params(to=format_instant(to), **{"from": format_instant(start) if start is not None else None})
        alarms = (self.call("upcomingAlarms", params) or {}).get("alarms", [])
        for alarm in alarms:
            alarm["fireDate"] = parse_instant(alarm.get("fireDate"))
            alarm["occurrenceDate"] = parse_instant(alarm.get("occurrenceDate"))
        return alarms

    def snooze_alarm(self, reminder: ReminderRef, alarm: Union[Alarm, str], *, until: Union[datetime, str, None] = None,
                     minutes: Optional[int] = None) -> None:
        """``snoozeAlarm``: the alarm fires (again) at ``until``, or ``minutes`` from now (default 10)."""
        alarm_id = alarm.alarm_identifier if isinstance(alarm, Alarm) else alarm
        self.call("snoozeAlarm", _params(identifier=_reminder_id(reminder), alarmIdentifier=alarm_id,
                                         until=format_instant(until) if until is not None else None, minutes=minutes))

    def dismiss_alarm(self, reminder: ReminderRef, alarm: Union[Alarm, str]) -> None:
        """``dismissAlarm``: the alarm's current occurrence does not fire (again)."""
        alarm_id = alarm.alarm_identifier if isinstance(alarm, Alarm) else alarm
        self.call("dismissAlarm", {"identifier": _reminder_id(reminder), "alarmIdentifier": alarm_id})

    def update_location(self, latitude: float, longitude: float, horizontal_accuracy: float,
                        timestamp: Union[datetime, str, None] = None) -> List[Dict[str, Any]]:
        """``updateLocation``: where the person is (degrees, accuracy in metres). Returns the
        location alarms that fire because of it, as dicts ``{identifier, alarmIdentifier,
        proximity}`` (the running agent delivers them)."""
        params = _params(latitude=latitude, longitude=longitude, horizontalAccuracy=horizontal_accuracy,
                         timestamp=format_instant(timestamp) if timestamp is not None else None)
        return (self.call("updateLocation", params) or {}).get("transitions", [])

    def geocode(self, address: str) -> List[Dict[str, Any]]:
        """``geocode``: the places ``address`` names, best first, as dicts (``location``
        ``{latitude, longitude}``, ``name``, ``locality``, … as CLPlacemark has them) — from the
        geocoder the owner set (``remindersd geocoder URL``), else the store's own places by title.
        Raises :class:`RPCError` -32014 when none is found (``data.reason``: ``network`` or
        ``geocodeFoundNoResult``)."""
        return (self.call("geocode", {"address": address}) or {}).get("placemarks", [])

    def reverse_geocode(self, latitude: float, longitude: float) -> List[Dict[str, Any]]:
        """``reverseGeocode``: what is at a coordinate, from the owner's geocoder, as
        :meth:`geocode` gives places."""
        return (self.call("reverseGeocode", {"latitude": latitude, "longitude": longitude}) or {}).get("placemarks", [])

    def commit(self) -> None:
        """``commit``: write every change staged with ``commit=False`` in one transaction."""
        self.call("commit", {})

    def reset(self) -> None:
        """``reset``: forget every staged change."""
        self.call("reset", {})

    def _reminder_call(self, method: str, params: Dict[str, Any]) -> Reminder:
        reminder = _reminder_result(self.call(method, params))
        if reminder is None:
            raise RemindersdError("%s answered without a reminder" % method)
        return reminder


# ----------------------------------------------------------------------------------------
# helpers


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def _hashable(value: Any) -> bool:
    try:
        hash(value)
        return True
    except TypeError:
        return False


def _event(obj: Dict[str, Any]) -> Dict[str, Any]:
    for key in ("startDate", "endDate", "occurrenceDate", "creationDate", "lastModifiedDate"):
        if obj.get(key) is not None:
            obj[key] = parse_instant(obj[key])
    return obj


def _params(**members: Any) -> Dict[str, Any]:
    return {k: v for k, v in members.items() if v is not None}


def _commit(commit: bool) -> Optional[bool]:
    return None if commit else False  # true is the default: not sent


def _reminder_id(reminder: ReminderRef) -> str:
    if isinstance(reminder, Reminder):
        if reminder.calendar_item_identifier is None:
            raise ValueError("this reminder has no identifier: save it first")
        return reminder.calendar_item_identifier
    if isinstance(reminder, str):
        return reminder
    raise TypeError("expected a Reminder or a reminder identifier, got %r" % (reminder,))


def _condition(reminder: ReminderRef, last_modified_date: Optional[datetime], if_unchanged: bool) -> Optional[str]:
    if last_modified_date is not None:
        return format_instant(last_modified_date)
    if if_unchanged:
        if not isinstance(reminder, Reminder) or reminder.last_modified_date is None:
            raise ValueError("if_unchanged needs a Reminder with a last_modified_date")
        return format_instant(reminder.last_modified_date)
    return None


_SIMPLE_CHANGES = {
    "title": "title",
    "notes": "notes",
    "url": "url",
    "location": "location",
    "priority": "priority",
}


def _changes_json(changes: Dict[str, Any]) -> Dict[str, Any]:
    out: Dict[str, Any] = {}
    changes = dict(changes)
    for key, member in _SIMPLE_CHANGES.items():
        if key in changes:
            out[member] = changes.pop(key)
    for names, member in ((("due", "due_date_components"), "dueDateComponents"),
                          (("start", "start_date_components"), "startDateComponents")):
        for name in names:
            if name in changes:
                value = changes.pop(name)
                out[member] = DateComponents.from_python(value).to_json() if value is not None else None
    if "calendar" in changes or "calendar_identifier" in changes:
        value = changes.pop("calendar", None) or changes.pop("calendar_identifier", None)
        out["calendarIdentifier"] = _calendar_id(value)
    if "time_zone" in changes:
        value = changes.pop("time_zone")
        out["timeZone"] = _zone_name(value) if isinstance(value, tzinfo) else value
    if "alarms" in changes:
        value = changes.pop("alarms")
        out["alarms"] = [alarm_json(a) for a in value] if value is not None else None
    if "recurrence_rules" in changes:
        value = changes.pop("recurrence_rules")
        out["recurrenceRules"] = [rule_json(r) for r in value] if value is not None else None
    if "tags" in changes:
        value = changes.pop("tags")
        out["tags"] = list(value) if value is not None else None
    for name in ("flagged", "is_flagged"):
        if name in changes:
            out["isFlagged"] = changes.pop(name)
    if "sort_order" in changes:
        out["sortOrder"] = changes.pop("sort_order")
    for name in ("parent", "parent_identifier"):
        if name in changes:
            value = changes.pop(name)
            out["parentIdentifier"] = value.calendar_item_identifier if isinstance(value, Reminder) else value
    has_done, has_date = "is_completed" in changes, "completion_date" in changes
    is_completed = changes.pop("is_completed", None)
    completion_date = changes.pop("completion_date", None)
    if has_done and has_date:
        if is_completed is False and completion_date is not None:
            raise ValueError("is_completed=False contradicts a completion_date")
        out.update(_completion_json(is_completed, completion_date) or {"isCompleted": None})
    elif has_done:
        out["isCompleted"] = is_completed
    elif has_date:
        out["completionDate"] = format_instant(completion_date) if completion_date is not None else None
    if changes:
        raise TypeError("unknown reminder member(s): %s" % ", ".join(sorted(changes)))
    return out


def _reminder_result(result: Any) -> Optional[Reminder]:
    if not isinstance(result, dict):
        return None
    reminder = Reminder.from_json(result.get("reminder"))
    if reminder is not None:
        occurrence = result.get("completedOccurrence")
        reminder.completed_occurrence = Reminder.from_json(occurrence) if isinstance(occurrence, dict) else None
        reminder.result_extra = {k: v for k, v in result.items() if k not in ("reminder", "completedOccurrence")}
    return reminder


def _reminder_list(result: Any) -> ReminderList:
    result = result if isinstance(result, dict) else {}
    items = [Reminder.from_json(r) for r in result.get("reminders") or []]
    extra = {k: v for k, v in result.items() if k not in ("reminders", "nextCursor")}
    return ReminderList(items, result.get("nextCursor"), extra)


def _typed_event(method: str, params: Any) -> Any:
    if method == "storeChanged":
        return StoreChanged.from_json(params if isinstance(params, dict) else None)
    if method == "authorizationChanged":
        return AuthorizationChanged.from_json(params if isinstance(params, dict) else None)
    if method == "alarmFired":
        return dict(params) if isinstance(params, dict) else {}
    return Notification(method, params)
